import {Children, isValidElement, useContext, type ComponentProps, type ReactNode} from 'react';
import {useScrollsSideways} from '../../hooks/useScrollsSideways';
import {InScrollTable} from '../ScrollTable/context';
import styles from './styles.module.css';

/** The text of a React tree (a table's header row), for the scroller's name. */
export function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{children?: ReactNode}>(node)) return textOf(node.props.children);
  return '';
}

/** The table's caption, else "Table: Field, Type, Meaning" from the column headers (its thead's cells). */
export function tableLabel(children: ReactNode): string {
  const caption = Children.toArray(children).find((c) => isValidElement(c) && c.type === 'caption');
  if (caption) return textOf(caption).trim();
  const thead = Children.toArray(children).find((c) => isValidElement(c) && c.type === 'thead');
  const row = isValidElement<{children?: ReactNode}>(thead) ? Children.toArray(thead.props.children)[0] : undefined;
  const cells = isValidElement<{children?: ReactNode}>(row) ? Children.toArray(row.props.children) : [];
  const headers = cells.map((c) => textOf(c).trim()).filter(Boolean);
  return headers.length > 0 ? `Table: ${headers.join(', ')}` : 'Table';
}

/**
 * Every Markdown table (src/theme/MDXComponents), and tables of components
 * that may be wider than a phone. On a screen too narrow for
 * it, the table scrolls sideways inside its own box; the box then becomes a
 * named, focusable region so keyboard users can scroll it too (WCAG 2.1.1).
 * A table that fits adds no tab stop. Tables inside a ScrollTable already
 * have one.
 */
export default function MarkdownTable({label, ...props}: ComponentProps<'table'> & {label?: string}): ReactNode {
  const inScrollTable = useContext(InScrollTable);
  const {ref, regionProps} = useScrollsSideways<HTMLDivElement>();

  if (inScrollTable) return <table {...props} />;
  return (
    <div ref={ref} className={styles.box} {...regionProps(label ?? tableLabel(props.children))}>
      <table {...props} />
    </div>
  );
}
