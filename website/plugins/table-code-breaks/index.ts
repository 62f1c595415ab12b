import type {Element, ElementContent, Root, RootContent} from 'hast';
import {breakSegments} from '../../src/components/Breakable/split';

type Parent = Root | Element;

function wbr(): Element {
  return {type: 'element', tagName: 'wbr', properties: {}, children: []};
}

/** Replaces each text child of an inline `code` with its pieces joined by `<wbr>`. */
function addBreaks(code: Element): void {
  code.children = code.children.flatMap((child): ElementContent[] => {
    if (child.type !== 'text') return [child];
    const pieces = breakSegments(child.value);
    return pieces.flatMap((value, i): ElementContent[] => (i === 0 ? [{type: 'text', value}] : [wbr(), {type: 'text', value}]));
  });
}

function walk(node: Parent, inTable: boolean, inPre: boolean): void {
  for (const child of node.children as RootContent[]) {
    if (child.type !== 'element') continue;
    const table = inTable || child.tagName === 'table';
    const pre = inPre || child.tagName === 'pre';
    if (table && !pre && child.tagName === 'code') addBreaks(child);
    else walk(child, table, pre);
  }
}

/**
 * Rehype plugin: inline code inside Markdown tables gets a `<wbr>` at each sensible break point
 * (after `_`, `.`, `/`, `-`, `:`, at camelCase humps; src/components/Breakable/split.ts), so a narrow
 * column wraps `ACTIVITY_TYPE_` / `CREATE_WALLET` instead of cutting a word. `<wbr>` adds no character:
 * copied text, search and the Markdown twins see the identifier unchanged. The theme's MDX `code`
 * (src/theme/MDXComponents) keeps such code inline.
 */
export default function rehypeTableCodeBreaks() {
  return (tree: Root): void => walk(tree, false, false);
}
