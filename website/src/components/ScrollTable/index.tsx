import type {ReactNode} from 'react';
import {InScrollTable} from './context';
import styles from './styles.module.css';

/**
 * Wraps a wide Markdown table in a region that scrolls sideways on narrow screens. The region
 * takes keyboard focus, so readers who cannot use a mouse can scroll it too (WCAG 2.1.1).
 */
export default function ScrollTable({label, children}: {label: string; children: ReactNode}): ReactNode {
  return (
    // A focusable scroll container is the accessible pattern for wide tables; it has no action.
    <div className={styles.region} role="region" aria-label={label} tabIndex={0}>
      <InScrollTable.Provider value>{children}</InScrollTable.Provider>
    </div>
  );
}
