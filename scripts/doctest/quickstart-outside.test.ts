// The quickstart followed as a reader without the emulator's examples/ folder follows it: the CLI installed and a
// key generated with step 2's commands, a new project in a folder outside the repository, the SDK installed with
// step 3's commands, the page's environment block (its "Sigil" tab) pasted into a new shell before every run, and
// each program run twice. run.mjs covers the
// page inside examples/; this covers what it cannot: installing from the clone, a fresh terminal per step, and
// examples that must not fail the second time (a wallet name is unique within an organization).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BASE_URL } from './execute.mjs';
import { extractBlocks } from './run.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const page = join(repo, 'website/docs/getting-started/quickstart.mdx');
const blocks = extractBlocks(readFileSync(page, 'utf8'));
const EXAMPLE_ORGANIZATION_ID = 'f3b0c9a4-2d71-4c1e-9f55-7a1e3c8d2b60';
const tsx = join(repo, 'node_modules/.bin/tsx');

function titled(title: string): string {
  const found = blocks.find((b) => new RegExp(`(^|\\s)title="${title}"`).test(b.meta));
  if (!found) throw new Error(`the quickstart has no block titled ${title}`);
  return found.code;
}

function shellBlock(containing: string): string {
  const found = blocks.find((b) => b.lang === 'bash' && b.code.includes(containing));
  if (!found) throw new Error(`the quickstart has no bash block containing ${containing}`);
  return found.code;
}

/** A page's shell lines with the clone's path for `~/sigil-docs`, npm kept offline so nothing comes from a registry. */
function onPath(script: string): string {
  return script
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.replaceAll('~/sigil-docs', repo).replace(/^npm install /, 'npm install --offline '))
    .join('\n');
}

// Asynchronous on purpose: the emulator answers from this process, so a synchronous child would block it.
function sh(script: string, cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-eo', 'pipefail', '-c', script], { cwd, env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('quickstart, in a project of its own outside the repository', { timeout: 180_000 }, () => {
  let emulator: TestEmulator;
  let work: string;
  let project: string;
  let environment: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({ organizationName: 'Emulator Organization' });
    work = mkdtempSync(join(tmpdir(), 'sigil-quickstart-'));
    project = join(work, 'sigil-quickstart');
    environment = shellBlock('export SIGIL_API_KEY_FILE="$PWD/sigil-api-key.json"')
      .replaceAll(EXAMPLE_BASE_URL, emulator.url)
      .replaceAll(EXAMPLE_ORGANIZATION_ID, emulator.organizationId);
  });

  afterAll(async () => {
    await emulator?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("installs the CLI from the clone and generates a key with step 2's commands", async () => {
    // A global install goes to a prefix inside the temporary folder, so the test leaves the machine's npm alone.
    const prefix = join(work, 'npm-global');
    const env = { ...process.env, npm_config_prefix: prefix, PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}` };
    const install = onPath(shellBlock('npm install --global ~/sigil-docs/packages/cli'));
    const generate = shellBlock('sigil keys generate --out sigil-api-key.json');
    const result = await sh(`${install}\n${generate}`, work, env);
    expect(result.stderr).not.toMatch(/ERR!/);
    expect(result.status).toBe(0);
    const keyFile = join(project, 'sigil-api-key.json');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const { publicKey } = JSON.parse(readFileSync(keyFile, 'utf8')) as { publicKey: string };
    expect(publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(result.stdout).toContain(publicKey);

    // What the page does in the dashboard: add the public key to the user.
    const added = await emulator.client.createApiKeys({
      userId: emulator.rootUserId,
      apiKeys: [{ apiKeyName: 'quickstart', publicKey, curveType: 'API_KEY_CURVE_P256' }],
    });
    expect(added.status).toBe('ACTIVITY_STATUS_COMPLETED');
  });

  it("installs the SDK with step 3's commands, linked from the clone", async () => {
    // The page's commands with the clone's path. tsx and @noble/* come from the npm registry for a reader; the test
    // stays offline and links the repository's copies instead, so only the @sigil lines are the page's own.
    const install = onPath(
      shellBlock('npm install ~/sigil-docs/packages/sdk-server')
        .split('\n')
        .filter((line) => !line.includes('tsx'))
        .join('\n'),
    );
    const noble = `npm install --offline ${repo}/node_modules/@noble/curves ${repo}/node_modules/@noble/hashes`;
    const result = await sh(`${install}\n${noble}`, project);
    expect(result.stderr + result.stdout).not.toMatch(/ERR!/);
    expect(result.status).toBe(0);
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { type?: string };
    expect(manifest.type).toBe('module');
  });

  it('runs whoami, then create-wallet and sign twice each, every run in a fresh shell with the page\'s variables', async () => {
    const run = async (file: string, code: string): Promise<string> => {
      writeFileSync(join(project, file), code);
      const result = await sh(`${environment}\n"${tsx}" ${file}`, project);
      expect(result.stderr, `${file} failed`).toBe('');
      expect(result.status).toBe(0);
      return result.stdout;
    };

    expect(await run('whoami.ts', titled('whoami.ts'))).toMatch(/^root in Emulator Organization \(/);

    const wallets: Array<{ walletId: string; address: string }> = [];
    for (const attempt of [1, 2]) {
      const out = await run('create-wallet.ts', titled('create-wallet.ts'));
      const match = /^wallet (\S+) address (0x[0-9a-fA-F]{40})$/m.exec(out);
      expect(match, `create-wallet.ts, run ${attempt}: ${out}`).not.toBeNull();
      wallets.push({ walletId: match![1]!, address: match![2]! });
    }
    expect(wallets[0]!.walletId).not.toBe(wallets[1]!.walletId);

    const sign = titled('sign.ts').replace('0x6E1c4bC1c2a8d6c0b1F0A3a8e1f2D4c5B6a7e8F9', wallets[1]!.address);
    for (const attempt of [1, 2]) {
      expect(await run('sign.ts', sign), `sign.ts, run ${attempt}`).toMatch(/^signature verified: it was made by 0x/m);
    }
  });
});
