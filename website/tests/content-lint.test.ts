import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {describe, expect, it} from 'vitest';

const site = join(__dirname, '..');
const roots = ['docs', 'src/pages', 'changelog'].map((d) => join(site, d));

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return pages(full);
    return /\.mdx?$/.test(name) ? [full] : [];
  });
}

const all = roots.flatMap(pages);

function offending(pattern: RegExp): string[] {
  return all.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(site, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('page source', () => {
  it('finds pages to check', () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it('titles admonitions with the bracket syntax (the space form renders as raw text under future.v4)', () => {
    expect(offending(/^\s*:::(note|tip|info|warning|danger|caution) +\S/)).toEqual([]);
  });

  it('holds no placeholder text', () => {
    expect(offending(/lorem ipsum|coming soon|\bTODO\b|\bTBD\b/i)).toEqual([]);
  });
});
