import {fromMarkdown} from 'mdast-util-from-markdown';
import type {RichNode, RichText} from './types';

/** Finds the page for an inline code span: an operation name (`get_activity`) or a schema name (`Wallet`). */
export type CodeLinker = (code: string) => {kind: 'op' | 'schema'; route: string} | undefined;

/** The subset of mdast this converter reads (see `mdast-util-from-markdown`). */
export interface MdNode {
  type: string;
  value?: string;
  url?: string;
  ordered?: boolean | null;
  lang?: string | null;
  children?: MdNode[];
}

export type FromMarkdown = (markdown: string) => MdNode;

/** CommonMark to mdast (`mdast-util-from-markdown`, the parser remark and MDX use). */
export const parseMarkdown: FromMarkdown = (markdown) => fromMarkdown(markdown) as MdNode;

/**
 * Converts CommonMark to the compact `RichText` the pages render. Headings become strong
 * paragraphs (the page owns its heading structure); raw HTML is dropped.
 */
export function toRichText(markdown: string, parse: FromMarkdown, link: CodeLinker): RichText {
  const nodes = convertChildren(parse(markdown), link);
  // A single paragraph renders as inline text (table cells, list items).
  const only = nodes.length === 1 ? nodes[0] : undefined;
  return Array.isArray(only) && only[0] === 'p' ? (only[1] as RichNode[]) : nodes;
}

function convertChildren(node: MdNode, link: CodeLinker): RichNode[] {
  const out: RichNode[] = [];
  for (const child of node.children ?? []) out.push(...convert(child, link));
  return mergeText(out);
}

function convert(node: MdNode, link: CodeLinker): RichNode[] {
  switch (node.type) {
    case 'text':
      return [node.value ?? ''];
    case 'inlineCode': {
      const code = node.value ?? '';
      const target = link(code);
      return [target ? [target.kind, code, target.route] : ['code', code]];
    }
    case 'strong':
    case 'emphasis':
      return [[node.type === 'strong' ? 'strong' : 'em', convertChildren(node, link)]];
    case 'link':
      return [['a', node.url ?? '', convertChildren(node, link)]];
    case 'paragraph':
      return [['p', convertChildren(node, link)]];
    case 'heading':
      return [['p', [['strong', convertChildren(node, link)]]]];
    case 'list':
      return [[node.ordered ? 'ol' : 'ul', convertChildren(node, link)]];
    case 'listItem': {
      // Tight list items hold one paragraph; unwrap it so items render as inline text.
      const children = convertChildren(node, link);
      const only = children.length === 1 ? children[0] : undefined;
      const inner = Array.isArray(only) && only[0] === 'p' ? (only[1] as RichNode[]) : children;
      return [['li', inner]];
    }
    case 'code':
      return [['pre', node.lang ?? 'text', node.value ?? '']];
    case 'break':
      return [['br']];
    case 'html':
      return [];
    default:
      return node.children ? convertChildren(node, link) : node.value ? [node.value] : [];
  }
}

function mergeText(nodes: RichNode[]): RichNode[] {
  const out: RichNode[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (typeof node === 'string' && typeof last === 'string') out[out.length - 1] = last + node;
    else out.push(node);
  }
  return out;
}

/** Plain text of rich text, for summaries, titles and search. */
export function plainText(nodes: RichText): string {
  return nodes
    .map((node): string => {
      if (typeof node === 'string') return node;
      switch (node[0]) {
        case 'code':
          return node[1];
        case 'op':
        case 'schema':
          return node[1];
        case 'pre':
          return node[2];
        case 'br':
          return ' ';
        case 'a':
          return plainText(node[2]);
        case 'p':
        case 'li':
          return `${plainText(node[1])} `;
        default:
          return plainText(node[1]);
      }
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first sentence of plain text (up to the first ". " or the end). */
export function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/.exec(text);
  return (match?.[1] ?? text).trim();
}
