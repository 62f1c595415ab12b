import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations; the test checks its behavior.
import { checkImportCycles, findImportCycles, importsOf } from './check-import-cycles.mjs';

const REPOSITORY = new URL('..', import.meta.url).pathname;

let root: string;

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

const run = (at: string): { ok: boolean; text: string } => checkImportCycles(at);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('check-import-cycles', () => {
  it('fails on a circle of type-only imports and names each file on it', () => {
    write('packages/core/src/emulator.ts', "import { handle } from './handlers.js';\nexport type Context = { id: string };\nexport const run = handle;\n");
    write('packages/core/src/handlers.ts', "import type { Context } from './emulator.js';\nexport const handle = (c: Context) => c.id;\n");
    write('packages/core/src/store.ts', 'export const store = 1;\n');
    const { ok, text } = run(root);
    expect(ok).toBe(false);
    expect(text).toContain('1 import cycle(s)');
    expect(text).toContain('packages/core/src/emulator.ts\n    -> packages/core/src/handlers.ts\n    -> packages/core/src/emulator.ts');
    expect(text).not.toContain('store.ts');
  });

  it('follows folders to their index, re-exports and the site alias, and lists separate circles apart', () => {
    write('packages/a/src/index.ts', "export * from './parts/index.js';\n");
    write('packages/a/src/parts/index.ts', "export { a } from '../index.js';\n");
    write('website/src/theme/Page.tsx', "import { helper } from '@site/src/lib/helper';\nexport const Page = helper;\n");
    write('website/src/lib/helper.ts', "import { Page } from '../theme/Page';\nexport const helper = Page;\n");
    const cycles = findImportCycles(root) as Array<{ files: string[] }>;
    expect(cycles.map((cycle) => cycle.files)).toEqual([
      ['packages/a/src/index.ts', 'packages/a/src/parts/index.ts'],
      ['website/src/lib/helper.ts', 'website/src/theme/Page.tsx'],
    ]);
  });

  it('does not count lazy import() or imports of other packages', () => {
    write('packages/a/src/one.ts', "import '@sigil/b';\nexport const load = () => import('./two.js');\n");
    write('packages/a/src/two.ts', "import { load } from './one.js';\nexport const again = load;\n");
    expect(importsOf(join(root, 'packages/a/src/one.ts'))).toEqual(['@sigil/b']);
    expect(run(root).ok).toBe(true);
  });

  it('finds no circle in this repository', () => {
    const { ok, text } = run(REPOSITORY);
    expect(text).toMatch(/^No import cycles in \d+ source folders/);
    expect(ok).toBe(true);
  });
});
