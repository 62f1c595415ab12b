import {Children, isValidElement, type ReactNode} from 'react';

/**
 * True for the children of inline code with `<wbr>` break points (plugins/table-code-breaks): one
 * line of text and `<wbr>` elements. The theme's MDX `code` takes any code with element children for
 * a code block; src/theme/MDXComponents keeps these inline.
 */
export function isInlineWithBreaks(children: ReactNode): boolean {
  const parts = Children.toArray(children);
  const isBreak = (part: unknown): boolean => isValidElement(part) && part.type === 'wbr';
  return parts.some(isBreak) && parts.every((part) => isBreak(part) || (typeof part === 'string' && !part.includes('\n')));
}
