// The Rust page's "Exported API" table and the crate's public items (src/lib.rs) name the same things.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const page = new URL('../../../website/docs/sdks/rust.mdx', import.meta.url);
const lib = new URL('../src/lib.rs', import.meta.url);

function tableNames(markdown: string): string[] {
  const section = /^## Exported API\n([\s\S]*?)^## /m.exec(markdown)?.[1] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

function crateExports(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/^pub mod (\w+);/gm)) names.push(m[1]!);
  for (const m of source.matchAll(/^pub use [\w:]+::\{([^}]*)\};/gm)) names.push(...m[1]!.split(',').map((n) => n.trim()).filter(Boolean));
  for (const m of source.matchAll(/^pub use [\w:]+::(\w+);/gm)) names.push(m[1]!);
  return names;
}

describe('the Rust page\'s Exported API table', () => {
  it('lists exactly what src/lib.rs exports', async () => {
    const documented = tableNames(await readFile(page, 'utf8')).sort();
    const exported = crateExports(await readFile(lib, 'utf8')).sort();
    expect(exported.length).toBeGreaterThan(15);
    expect(documented).toEqual(exported);
  });
});
