import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, runSpec } from '../execute.mjs';
import go, { goSource, hoistImports } from './go.mjs';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const page = 'website/docs/sdks/golang.mdx';

describe('Go blocks: the harness', () => {
  it('leaves a program as written, behind a line directive naming the page', () => {
    const source = goSource('package main\n\nfunc main() {}', page, 40);
    expect(source.startsWith(`//line ${page}:41\npackage main\n`)).toBe(true);
  });

  it('puts a fragment into run(ctx, client), hoisting its own imports and pointing lines at the page', () => {
    const { imports, body } = hoistImports('import "encoding/hex"\nimport (\n\t"crypto/sha256"\n)\n\nsum := sha256.Sum256(nil)\nfmt.Println(hex.EncodeToString(sum[:]))');
    expect(imports).toEqual(['"encoding/hex"', '"crypto/sha256"']);
    expect(body).toBe('sum := sha256.Sum256(nil)\nfmt.Println(hex.EncodeToString(sum[:]))');
    const source = goSource('import "encoding/hex"\nfmt.Println(hex.EncodeToString([]byte("a")))', page, 10);
    expect(source).toContain('\t"encoding/hex"\n');
    expect(source).toContain('func run(ctx context.Context, client *sigil.Client) error {\n//line website/docs/sdks/golang.mdx:12\nfmt.Println(');
  });
});

describe('Go blocks against the emulator', () => {
  let emulator: TestEmulator;
  let work: string;
  let state: unknown;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    emulator = await startTestEmulator({ organizationName: 'Emulator Organization' });
    work = mkdtempSync(join(tmpdir(), 'doctest-go-'));
    const keyFile = join(work, 'sigil-api-key.json');
    writeFileSync(keyFile, JSON.stringify(emulator.rootKeys));
    env = {
      ...process.env,
      SIGIL_BASE_URL: emulator.url,
      SIGIL_ORGANIZATION_ID: emulator.organizationId,
      SIGIL_API_KEY_FILE: keyFile,
      SIGIL_API_PUBLIC_KEY: emulator.rootKeys.publicKey,
      SIGIL_API_PRIVATE_KEY: emulator.rootKeys.privateKey,
    };
    state = await go.prepare({ repoRoot, workDir: work });
  }, 240_000);

  afterAll(async () => {
    await emulator?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const runBlock = (code: string, line = 20) => go.run({ code, page, line, env, cwd: work, state, timeoutMs: 30_000 });

  it('runs a fragment with the client of the emulator', async () => {
    const result = await runBlock('me, err := client.Whoami(ctx, sigil.WhoamiRequest{})\nif err != nil {\n\treturn err\n}\nfmt.Println(me.Username, "in", me.OrganizationName)');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'root in Emulator Organization\n' });
  }, 120_000);

  it('runs a whole program', async () => {
    const result = await runBlock('package main\n\nimport (\n\t"fmt"\n\n\t"github.com/sigil-example/sigil-go/sigil"\n)\n\nfunc main() { fmt.Println(sigil.DefaultBaseURL) }');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'https://api.sigil.example\n' });
  }, 120_000);

  it('fails a refused call with its code, which expect-error-code reads', async () => {
    const result = await runBlock('_, err := client.GetWallet(ctx, sigil.GetWalletRequest{WalletID: "00000000-0000-4000-8000-000000000000"})\nreturn err');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('code 5 (NOT_FOUND)');
    expect(judge({ code: result.exitCode, stdout: result.stdout, stderr: result.stderr, timedOut: false }, runSpec('expect-error-code=5'))).toBeUndefined();
  }, 120_000);

  it('reports a compile error at the line of the page', async () => {
    const result = await runBlock('fmt.Println("a")\nundefinedName()', 30);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/go build failed:[\s\S]*website\/docs\/sdks\/golang\.mdx:32(:\d+)?: undefined: undefinedName/);
  }, 120_000);
});
