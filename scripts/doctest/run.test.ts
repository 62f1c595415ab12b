import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractBlocks, skipInfo } from './run.mjs';

const script = fileURLToPath(new URL('./run.mjs', import.meta.url));
const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

function doctest(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('doctest run.mjs', () => {
  it('fails on the broken block, reporting its page line, and skips skip-check blocks', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('mixed'));
    expect(code).toBe(1);
    expect(stdout).toContain('scripts/doctest/fixtures/mixed/guide/broken.md: 2 checked, 1 skipped\n');
    expect(stdout).toContain('  skipped scripts/doctest/fixtures/mixed/guide/broken.md:19 (needs a live passkey prompt)\n');
    expect(stdout).toContain('scripts/doctest/fixtures/mixed/guide/good.mdx: 3 checked, 0 skipped\n');
    expect(stdout).toContain('total: 5 checked, 1 skipped in 2 pages\n');
    // The fence opens on line 12, so the block's first line is page line 13.
    const errors = stderr.split('\n').filter((line) => / - error TS/.test(line));
    expect(errors).toEqual([
      "scripts/doctest/fixtures/mixed/guide/broken.md:13:7 - error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
    expect(stderr).toContain('doctest: 1 type error on 1 page');
    expect(stderr).not.toContain('skipped');
  }, 60_000);

  it('passes a folder whose blocks all type-check', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('clean'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'scripts/doctest/fixtures/clean/only.mdx: 1 checked, 1 skipped',
        '  skipped scripts/doctest/fixtures/clean/only.mdx:7',
        'total: 1 checked, 1 skipped in 1 page',
        'doctest: all blocks type-check',
        '',
      ].join('\n'),
    );
  }, 60_000);
});

describe('extractBlocks / skipInfo', () => {
  it('finds fences with their language, meta and line, ignoring nested fences', () => {
    const text = ['# t', '', '```ts title="a.ts" skip-check', 'x', '```', '', '````md', '```ts', 'y', '```', '````'].join('\n');
    expect(extractBlocks(text)).toEqual([
      { lang: 'ts', meta: 'title="a.ts" skip-check', line: 3, code: 'x' },
      { lang: 'md', meta: '', line: 7, code: '```ts\ny\n```' },
    ]);
  });

  it('reads skip-check and its reason', () => {
    expect(skipInfo('title="a.ts"')).toBeUndefined();
    expect(skipInfo('skip-check')).toEqual({ reason: undefined });
    expect(skipInfo('title="x" skip-check reason="uses secrets"')).toEqual({ reason: 'uses secrets' });
    expect(skipInfo('skip-checked')).toBeUndefined();
  });
});
