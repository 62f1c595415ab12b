import type {ReactNode} from 'react';
import styles from './styles.module.css';

/** Class names for cells: `number` right-aligns tabular figures. */
export const cellStyles = {number: styles.number};

/**
 * The frame of the site's data tables rendered from the API document (ErrorCodes, ResourceLimits, the reference's
 * /api page and an operation's errors):
 * a full-width table in a named region that scrolls sideways on narrow screens and takes keyboard
 * focus, so readers who cannot use a mouse can scroll it too.
 */
export default function DataTable({label, className, children}: {label: string; className?: string; children: ReactNode}): ReactNode {
  return (
    <div className={styles.wrapper} role="region" aria-label={label} tabIndex={0}>
      <table className={className ? `${styles.table} ${className}` : styles.table}>{children}</table>
    </div>
  );
}
