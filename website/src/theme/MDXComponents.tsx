import MDXComponents from '@theme-original/MDXComponents';
import MarkdownTable from '@site/src/components/MarkdownTable';
import Diagram from '@site/src/components/Diagram';

// Markdown tables get a scroller that keyboard users can reach when the table is wider than the screen.
// ```mermaid blocks become <Diagram> elements with their SVG drawn at build time (plugins/diagrams).
export default {...MDXComponents, table: MarkdownTable, Diagram};
