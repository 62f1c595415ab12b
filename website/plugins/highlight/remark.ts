import type {Code, Root} from 'mdast';
import {highlightCodeBlock} from './tokenize';

/** Languages other plugins turn into something else than a code block. */
const NOT_CODE = new Set(['mermaid']);

/**
 * Remark plugin: gives every fenced code block its build-time tokens as a
 * `tokens` property, which MDX passes to the theme's CodeBlock
 * (src/theme/CodeBlock/Content) as a prop.
 */
export default function remarkHighlight() {
  return (tree: Root): void => {
    const blocks: Code[] = [];
    const visit = (node: {type: string; children?: unknown[]}): void => {
      if (node.type === 'code') blocks.push(node as Code);
      for (const child of node.children ?? []) visit(child as {type: string; children?: unknown[]});
    };
    visit(tree);
    for (const node of blocks) {
      if (node.lang && NOT_CODE.has(node.lang)) continue;
      const tokens = highlightCodeBlock({code: node.value, language: node.lang ?? undefined, metastring: node.meta ?? undefined});
      node.data = {...node.data, hProperties: {...(node.data?.hProperties ?? {}), tokens}};
    }
  };
}
