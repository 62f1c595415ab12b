// The Rust language module on its own: it builds blocks against the SDK and runs them against an emulator. The Rust
// page's own blocks run in the checker's full run (scripts/test-all.sh), not again here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rs, { blockTitle, fragmentHarness, hasMain, moduleFileName } from './rs.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const PAGE = 'website/docs/sdks/rust.mdx';

describe('moduleFileName, hasMain, fragmentHarness', () => {
  it('names modules after the title, else the line', () => {
    expect(moduleFileName('src/wallet.rs', 3)).toBe('wallet.rs');
    expect(moduleFileName('src/main.rs', 3)).toBe('block_3.rs');
    expect(moduleFileName('Cargo.toml', 9)).toBe('block_9.rs');
    expect(moduleFileName(undefined, 12)).toBe('block_12.rs');
  });
  it('tells programs from fragments and declares the fragments', () => {
    expect(hasMain('#[tokio::main]\nasync fn main() {}')).toBe(true);
    expect(hasMain('pub fn report() {}')).toBe(false);
    expect(fragmentHarness(['sign.rs', 'wallet.rs'])).toMatch(/^mod sign;\nmod wallet;\n\nfn main\(\) \{\}$/m);
  });
  it("reads a block's title from its fence on the page", () => {
    expect(blockTitle({ page: PAGE, line: 0, repoRoot })).toBeUndefined();
    expect(blockTitle({ title: 'src/x.rs', page: PAGE, line: 1, repoRoot })).toBe('src/x.rs');
  });
});

describe('the rs module against an emulator', () => {
  let emulator: TestEmulator;
  let work: string;
  let state: unknown;
  let env: Record<string, string>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'doctest-rs-'));
    emulator = await startTestEmulator();
    env = {
      ...(process.env as Record<string, string>),
      SIGIL_BASE_URL: emulator.url,
      SIGIL_ORGANIZATION_ID: emulator.organizationId,
      SIGIL_API_PUBLIC_KEY: emulator.rootKeys.publicKey,
      SIGIL_API_PRIVATE_KEY: emulator.rootKeys.privateKey,
    };
    state = await rs.prepare({ repoRoot, workDir: work });
  }, 900_000);

  afterAll(async () => {
    await emulator?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('reports a compile error with the compiler message', async () => {
    const cwd = await mkdtemp(join(work, 'broken-'));
    const result = await rs.run({ code: 'pub fn f() -> u8 { "not a number" }\n', page: 'x.mdx', line: 4, env, cwd, state, timeoutMs: 30_000 });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/cargo build failed[\s\S]*mismatched types/);
  }, 300_000);

  it('fails a program that fails, with its output', async () => {
    const cwd = await mkdtemp(join(work, 'failing-'));
    const code = 'fn main() {\n    eprintln!("about to fail");\n    std::process::exit(3);\n}\n';
    const result = await rs.run({ code, page: 'x.mdx', line: 1, env, cwd, state, timeoutMs: 30_000 });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('about to fail');
  }, 300_000);
});
