// The Ruby language module (languages/rb.mjs) on its own: prepare and run against a real emulator, and every
// Ruby block of website/docs/sdks/Ruby.mdx in page order, as the checker's session runs them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rb, { definesClient } from './languages/rb.mjs';
import { EXAMPLE_BASE_URL, EXAMPLE_ORGANIZATION_ID, parseMeta } from './execute.mjs';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const page = 'website/docs/sdks/Ruby.mdx';

describe('languages/rb.mjs', () => {
  let emulator: TestEmulator;
  let cwd: string;
  let state: unknown;
  let env: Record<string, string>;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    cwd = mkdtempSync(join(tmpdir(), 'doctest-rb-'));
    state = await rb.prepare({ repoRoot, workDir: cwd });
    env = {
      SIGIL_BASE_URL: emulator.url,
      SIGIL_ORGANIZATION_ID: emulator.organizationId,
      SIGIL_API_PUBLIC_KEY: emulator.rootKeys.publicKey,
      SIGIL_API_PRIVATE_KEY: emulator.rootKeys.privateKey,
    };
  });

  afterAll(async () => {
    await emulator?.close();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  const run = (code: string, timeoutMs = 30_000) => rb.run({ code, page, line: 1, env, cwd, state, timeoutMs });

  it('says which toolchain is missing', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(rb.prepare({ repoRoot, workDir: cwd })).rejects.toThrow(/need ruby 3\.1 or later on PATH/);
    } finally {
      process.env.PATH = path;
    }
  });

  it('gives a fragment the page client SIGIL, against the emulator', async () => {
    const result = await run('puts SIGIL.whoami.user_id');
    expect(result).toMatchObject({ exitCode: 0, stdout: `${emulator.rootUserId}\n` });
  });

  it('lets the initializer block define SIGIL itself, without a warning', async () => {
    const code = 'SIGIL = Sigil::Client.new(organization_id: ENV.fetch("SIGIL_ORGANIZATION_ID"), stamper: Sigil::ApiKeyStamper.new(public_key: ENV.fetch("SIGIL_API_PUBLIC_KEY"), private_key: ENV.fetch("SIGIL_API_PRIVATE_KEY")))\nputs SIGIL.whoami.username';
    expect(definesClient(code)).toBe(true);
    expect(definesClient('puts SIGIL.whoami')).toBe(false);
    const result = await run(code);
    expect(result).toMatchObject({ exitCode: 0, stdout: 'root\n' });
    expect(result.stderr).toBe('');
  });

  it('ends a block with an uncaught Sigil::RequestError with its code in the checker\'s form', async () => {
    const result = await run('SIGIL.get_wallet(wallet_id: "00000000-0000-4000-8000-000000000000")');
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/\bcode 5\b/);
    expect(result.stderr).toContain('NOT_FOUND');
  });

  it('fails a block that raises anything else, and stops one that runs too long', async () => {
    expect((await run('raise "boom"')).exitCode).not.toBe(0);
    const slow = await run('sleep 20', 1_000);
    expect(slow.exitCode).not.toBe(0);
    expect(slow.stderr).toMatch(/did not finish within 1 s/);
  });

  it('runs every Ruby block of the Ruby SDK page in order, as one session', async () => {
    const session = await startTestEmulator();
    const sessionDir = mkdtempSync(join(tmpdir(), 'doctest-rb-page-'));
    try {
      const sessionEnv = {
        SIGIL_BASE_URL: session.url,
        SIGIL_ORGANIZATION_ID: session.organizationId,
        SIGIL_API_PUBLIC_KEY: session.rootKeys.publicKey,
        SIGIL_API_PRIVATE_KEY: session.rootKeys.privateKey,
      };
      const markdown = readFileSync(join(repoRoot, page), 'utf8');
      const blocks = [...markdown.matchAll(/^```(?:ruby|rb)([^\n]*)\n([\s\S]*?)^```$/gm)];
      expect(blocks.length).toBe(6);
      const values: Record<string, string> = {};
      for (const [, meta, source] of blocks) {
        const m = parseMeta(meta!);
        expect(m.first('session')?.value, meta).toBe('ruby-sdk');
        let code = source!.replaceAll(EXAMPLE_ORGANIZATION_ID, session.organizationId).replaceAll(EXAMPLE_BASE_URL, session.url);
        for (const text of m.all('replace')) {
          const at = text.lastIndexOf('=>');
          code = code.replaceAll(text.slice(0, at), values[text.slice(at + 2)]!);
        }
        const result = await rb.run({ code, page, line: 1, env: sessionEnv, cwd: sessionDir, state, timeoutMs: 30_000 });
        expect(result.exitCode, `${meta}\n${result.stderr}`).toBe(0);
        const output = m.first('expect-output')?.value;
        if (output) expect(result.stdout).toMatch(new RegExp(output, 'm'));
        const errors = m.first('expect-stderr')?.value;
        if (errors) expect(result.stderr).toMatch(new RegExp(errors, 'm'));
        for (const text of m.all('capture')) {
          const at = text.indexOf('=');
          const match = new RegExp(text.slice(at + 1), 'm').exec(result.stdout);
          expect(match, `${meta}: capture ${text}`).not.toBeNull();
          values[text.slice(0, at)] = match![1]!;
        }
      }
      // The sub-organization block renamed the page's wallet in the organization the example ID stands for.
      const { wallets } = await session.client.listWallets();
      expect(wallets.map((w) => w.walletName)).toContain('Main');
    } finally {
      await session.close();
      rmSync(sessionDir, { recursive: true, force: true });
    }
  });
});
