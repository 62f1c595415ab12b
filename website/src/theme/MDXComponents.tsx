import MDXComponents from '@theme-original/MDXComponents';
import MarkdownTable from '@site/src/components/MarkdownTable';

// Markdown tables get a scroller that keyboard users can reach when the table is wider than the screen.
export default {...MDXComponents, table: MarkdownTable};
