import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import type {Root} from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {collectDiagrams} from './collect';

// No Chromium for this file: a diagram missing from the cache must then be a clear error.
process.env.CHROMIUM_PATH = path.join(mkdtempSync(path.join(tmpdir(), 'no-chromium-')), 'chromium');
afterAll(() => rmSync(path.dirname(process.env.CHROMIUM_PATH!), {recursive: true, force: true}));

const {default: remarkDiagrams} = await import('./remark');

async function transform(markdown: string): Promise<Root> {
  const processor = unified().use(remarkParse).use(remarkMdx);
  const tree = processor.parse(markdown) as Root;
  await remarkDiagrams()(tree, {path: 'docs/page.mdx'});
  return tree;
}

describe('remarkDiagrams', () => {
  it('replaces a diagram by <Diagram> with its cached SVG, width and source', async () => {
    const {source} = collectDiagrams().find((d) => d.file === 'docs/concepts/introduction.mdx')!;
    const tree = await transform(`# Page\n\n\`\`\`mermaid\n${source}\n\`\`\`\n\nAfter.\n`);
    const element = tree.children[1] as unknown as {type: string; name: string; attributes: {name: string; value: string}[]};
    expect(element.type).toBe('mdxJsxFlowElement');
    expect(element.name).toBe('Diagram');
    const attrs = Object.fromEntries(element.attributes.map((a) => [a.name, a.value]));
    expect(attrs.svg).toMatch(/^<svg [^>]*role="img" aria-label="How the parts of an organization relate"/);
    expect(Number(attrs.width)).toBeGreaterThan(300);
    expect(attrs.source).toBe(source);
    expect(tree.children[2]!.type).toBe('paragraph');
  }, 60_000);

  it('leaves other code blocks alone', async () => {
    const tree = await transform('```ts\nconst a = 1;\n```\n');
    expect(tree.children[0]!.type).toBe('code');
  });

  it('without a cached SVG or Chromium, fails naming the page and the command', async () => {
    await expect(transform('```mermaid\nflowchart LR\n  accTitle: New\n  A --> B\n```\n')).rejects.toThrow(
      /docs\/page\.mdx:1: no rendered SVG [^]*Run `npm run diagrams -w website`/,
    );
  });
});
