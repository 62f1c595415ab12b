import {Fragment, type ReactNode} from 'react';
import {BreakableCode} from '../Breakable';

/**
 * Renders text from the API document, where names are written in backticks, with those names in
 * code font (wrapping only at sensible points, see Breakable). The document's descriptions are plain
 * sentences, so backticks are the only markup.
 */
export default function InlineCode({text}: {text: string}): ReactNode {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, i) =>
        // Odd positions sit between a pair of backticks.
        i % 2 === 1 ? <BreakableCode key={i} text={part} /> : <Fragment key={i}>{part}</Fragment>,
      )}
    </>
  );
}
