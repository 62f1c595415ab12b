import {describe, expect, it} from 'vitest';
import {cachedKeys, diagramKey, readCached, titleOf, RENDER_COMMAND} from './cache';
import {collectDiagrams} from './collect';

/**
 * The committed SVGs (website/diagrams) are what the site is built from on a
 * machine without Chromium: every diagram of the docs must have an
 * up-to-date one, and no stale file may linger.
 */
describe('rendered diagrams in website/diagrams', () => {
  const diagrams = collectDiagrams();

  it('finds the diagrams of the docs', () => {
    expect(diagrams.length).toBeGreaterThan(30);
    expect(diagrams.some((d) => d.file === 'docs/concepts/introduction.mdx')).toBe(true);
  });

  it('every diagram has an accessible name (accTitle)', () => {
    const untitled = diagrams.filter((d) => !titleOf(d.source)).map((d) => `${d.file}:${d.line}`);
    expect(untitled, `diagrams without an "accTitle: ..." line: ${untitled.join(', ')}`).toEqual([]);
  });

  it('every diagram has an up-to-date SVG', () => {
    const stale = diagrams.filter((d) => !readCached(diagramKey(d.source))).map((d) => `${d.file}:${d.line}`);
    expect(stale, `diagrams changed or new since they were rendered: ${stale.join(', ')}. Run \`${RENDER_COMMAND}\` and commit website/diagrams.`).toEqual([]);
  });

  it('holds no SVG that no diagram uses', () => {
    const wanted = new Set(diagrams.map((d) => diagramKey(d.source)));
    const unused = cachedKeys().filter((k) => !wanted.has(k));
    expect(unused, `SVGs no diagram uses: ${unused.join(', ')}. Run \`${RENDER_COMMAND}\` to remove them.`).toEqual([]);
  });

  it('keys change with the source', () => {
    expect(diagramKey('flowchart LR\n  A --> B')).not.toBe(diagramKey('flowchart LR\n  A --> C'));
    expect(diagramKey('flowchart LR\n  A --> B')).toMatch(/^[0-9a-f]{16}$/);
  });
});
