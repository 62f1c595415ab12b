import {Fragment, type ReactNode} from 'react';
import {breakSegments} from './split';

/**
 * Text with a `<wbr>` at each point where an identifier may wrap (see split.ts). `<wbr>` adds no
 * character, so copied text and search see the identifier unchanged. Used for code in tables, where a
 * long name must wrap at a sensible point or not at all.
 */
export default function Breakable({text}: {text: string}): ReactNode {
  const segments = breakSegments(text);
  if (segments.length === 1) return text;
  return segments.map((segment, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {segment}
    </Fragment>
  ));
}

/** Inline code whose text wraps only at sensible points. */
export function BreakableCode({text, className}: {text: string; className?: string}): ReactNode {
  return (
    <code className={className}>
      <Breakable text={text} />
    </code>
  );
}
