// The Ruby language module (languages/rb.mjs): prepare and run on their own against a real emulator, and the
// checker running every Ruby block of website/docs/sdks/Ruby.mdx with it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rb, { definesClient } from './rb.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
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

  it("takes the rescue branch of the page's errors.rb when the wallet exists, logging the code and its name", async () => {
    // In the page's session the wallet "Payouts" was renamed before errors.rb runs, so the checker sees it succeed.
    const block = /^```ruby title="errors\.rb"[^\n]*\n([\s\S]*?)^```$/m.exec(readFileSync(join(repoRoot, page), 'utf8'))?.[1];
    expect(block).toBeDefined();
    await emulator.client.createWallet({ walletName: 'Payouts', accounts: [] });
    const result = await run(block!);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Sigil HTTP 409 from \/public\/v1\/submit\/create_wallet: code 6 \(ALREADY_EXISTS\)/);
  });
});
