import type {ComponentProps, ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import CodeInline from '@theme/CodeInline';
import {isInlineWithBreaks} from '@site/src/components/Breakable/inline';
import MarkdownTable from '@site/src/components/MarkdownTable';
import Diagram from '@site/src/components/Diagram';

/** Inline code in tables carries `<wbr>` break points (plugins/table-code-breaks); the theme would take it for a code block. */
function Code(props: ComponentProps<'code'>): ReactNode {
  return isInlineWithBreaks(props.children) ? <CodeInline {...props} /> : <MDXComponents.code {...props} />;
}

// Markdown tables get a scroller that keyboard users can reach when the table is wider than the screen.
// ```mermaid blocks become <Diagram> elements with their SVG drawn at build time (plugins/diagrams).
export default {...MDXComponents, code: Code, table: MarkdownTable, Diagram};
