import type {Code, Root} from 'mdast';

/** The ```mermaid code nodes of a Markdown tree, in document order. */
export function mermaidNodes(tree: Root): Code[] {
  const found: Code[] = [];
  const visit = (node: {type: string; children?: unknown[]}): void => {
    if (node.type === 'code' && (node as Code).lang === 'mermaid') found.push(node as Code);
    for (const child of node.children ?? []) visit(child as {type: string; children?: unknown[]});
  };
  visit(tree);
  return found;
}
