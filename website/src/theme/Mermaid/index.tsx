import type {ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof MermaidType>;

/**
 * Mermaid draws its diagram in the browser only, so the built HTML has no
 * trace of it. This marker carries the diagram's source (in an attribute:
 * invisible, not read by screen readers, not indexed by search) for the
 * Markdown twin of the page (plugins/markdown-twins), which turns it back
 * into a ```mermaid block.
 */
export default function MermaidWrapper(props: Props): ReactNode {
  return (
    <>
      <div hidden data-md-mermaid={props.value} />
      <Mermaid {...props} />
    </>
  );
}
