import type {ReactNode} from 'react';
import {highlightTerms} from '@site/src/search/text';
import type {TextSegment} from '@site/src/search/types';
import styles from './styles.module.css';

/** Text with its matched words marked. Segments are rendered as text, never as HTML. */
export function Highlighted({segments}: {segments: readonly TextSegment[]}): ReactNode {
  return segments.map((s, i) =>
    s.match ? (
      <mark key={i} className={styles.match}>
        {s.text}
      </mark>
    ) : (
      s.text
    ),
  );
}

/** "Page › Section › Subsection", each part with the query's words marked. */
export function HeadingPath({parts, terms}: {parts: readonly string[]; terms: readonly string[]}): ReactNode {
  return parts.map((part, i) => (
    <span key={i} className={styles.part}>
      {i > 0 && (
        <span className={styles.separator} aria-hidden="true">
          {' › '}
        </span>
      )}
      <Highlighted segments={highlightTerms(part, [...terms])} />
    </span>
  ));
}
