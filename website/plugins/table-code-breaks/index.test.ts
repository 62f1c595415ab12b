import type {Element, Root} from 'hast';
import {describe, expect, it} from 'vitest';
import rehypeTableCodeBreaks from './index';

const text = (value: string) => ({type: 'text' as const, value});
const el = (tagName: string, children: Element['children']): Element => ({type: 'element', tagName, properties: {}, children});

/** A compact rendering of a hast tree: elements as <tag>, text as is. */
function html(node: Root | Element['children'][number]): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.tagName === 'wbr' ? '<wbr>' : `<${node.tagName}>${node.children.map(html).join('')}</${node.tagName}>`;
  if (node.type === 'root') return node.children.map((c) => html(c as Element)).join('');
  return '';
}

function run(tree: Root): string {
  rehypeTableCodeBreaks()(tree);
  return html(tree);
}

describe('rehypeTableCodeBreaks', () => {
  it('adds <wbr> at the break points of inline code in table cells', () => {
    const tree: Root = {type: 'root', children: [el('table', [el('tr', [el('td', [el('code', [text('ACTIVITY_TYPE_CREATE_WALLET')]), text(' and policyName')])])])]};
    expect(run(tree)).toBe('<table><tr><td><code>ACTIVITY_<wbr>TYPE_<wbr>CREATE_<wbr>WALLET</code> and policyName</td></tr></table>');
  });

  it('reaches code inside links and emphasis in a cell', () => {
    const tree: Root = {type: 'root', children: [el('table', [el('td', [el('a', [el('code', [text('organizationId')])])])])]};
    expect(run(tree)).toBe('<table><td><a><code>organization<wbr>Id</code></a></td></table>');
  });

  it('leaves code outside tables and code blocks alone', () => {
    const tree: Root = {
      type: 'root',
      children: [el('p', [el('code', [text('organizationId')])]), el('table', [el('td', [el('pre', [el('code', [text('a_b')])])])])],
    };
    expect(run(tree)).toBe('<p><code>organizationId</code></p><table><td><pre><code>a_b</code></pre></td></table>');
  });
});
