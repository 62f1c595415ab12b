import type {ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';
import {useSeen} from '@site/src/hooks/useSeen';
import styles from './styles.module.css';

type Props = WrapperProps<typeof MermaidType>;

/**
 * Mermaid draws diagrams in the browser with a renderer of about 180 KB
 * (gzip). The renderer loads when a diagram comes near the viewport, so a
 * page is as light as any other until the reader reaches its diagram. Until
 * then, and without JavaScript, the diagram's source stands in its place.
 *
 * The hidden marker carries the source for the Markdown twin of the page
 * (plugins/markdown-twins), which turns it back into a ```mermaid block.
 */
export default function MermaidWrapper(props: Props): ReactNode {
  const [ref, seen] = useSeen<HTMLDivElement>('400px 0px');
  return (
    <div ref={ref}>
      <div hidden data-md-mermaid={props.value} />
      {seen ? (
        <Mermaid {...props} />
      ) : (
        // Omitted from the Markdown twin (the marker above carries the source) and from search (plugins/search-index).
        <pre className={styles.source} data-md-omit="" data-diagram-source="">
          <code>{props.value}</code>
        </pre>
      )}
    </div>
  );
}
