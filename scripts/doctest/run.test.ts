import { describe, expect, it } from 'vitest';
import { doctest, fixture } from './run-cli';
import { callsApi, exportsIn, judge, needsChains, parseMeta, runSpec, substitute, talksToApi } from './execute.mjs';
import { extractBlocks, loadLanguages, skipInfo, summary } from './run.mjs';
import { exportedNames } from './browser.mjs';
import { backendRoutes, parseRoute } from './backend.mjs';


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
        'examples: 0 run (ts 0, sh 0, go 0, rb 0, rs 0), 1 type-checked only, 1 skipped',
        '',
      ].join('\n'),
    );
  }, 60_000);
});

describe('doctest run.mjs --list and projects', () => {
  it('lists every type-checked-only and skipped block with its line and reason, and type-checks a project\'s titled blocks as files of one folder', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('project'), '--list');
    expect(code).toBe(1);
    const page = 'scripts/doctest/fixtures/project/app.mdx';
    // main.ts imports ./greet, the block titled greet.ts: the call with the wrong type fails on the page's line.
    expect(stderr).toContain(`${page}:15:14 - error TS2322: Type 'string' is not assignable to type 'number'.`);
    expect(stderr.match(/error TS/g)).toHaveLength(1);
    expect(stderr).toContain(`${page}:32 - project needs a title`);
    const listed = stdout.slice(stdout.indexOf('blocks that do not run:\n'));
    expect(listed).toBe(
      [
        'blocks that do not run:',
        `  type-checked only ${page}:5 (not marked to run)`,
        `  type-checked only ${page}:11 (not marked to run)`,
        `  type-checked only ${page}:20 (not marked to run)`,
        `  type-checked only ${page}:24 (a server that runs until stopped)`,
        `  skipped ${page}:28 (a fragment of the block above)`,
        'examples: 0 run (ts 0, sh 0, go 0, rb 0, rs 0), 4 type-checked only, 1 skipped',
        '',
      ].join('\n'),
    );
  }, 60_000);
});

describe('doctest run.mjs running React Native blocks with the phone harness', () => {
  it('signs up through the harness\'s sign-up route, keeps a session in the Keychain across blocks, and is refused for an unknown passkey', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('phone'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const page = 'scripts/doctest/fixtures/phone/app.mdx';
    for (const line of [5, 23, 43, 56]) expect(stdout).toContain(`ran ${page}:${line}\n`);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('examples: 4 run (ts 4, sh 0, go 0, rb 0, rs 0), 0 type-checked only, 0 skipped');
  }, 120_000);
});

describe('doctest run.mjs running examples against the emulator', () => {
  it('runs a passing program, a session that shares a captured value with a bash block, an expected error, the example wallet, and prints skips', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('run'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const page = 'scripts/doctest/fixtures/run/guide/session.mdx';
    expect(stdout).toContain(`${page}: 4 checked, 1 skipped\n  skipped ${page}:44 (starts a server that never exits)\n`);
    for (const line of [7, 16, 28, 38, 56]) expect(stdout).toContain(`ran ${page}:${line}\n`);
    expect(stdout).toMatch(/doctest: ran 5 examples in 4 units \(one emulator each\)/);
    // Exactly one summary line, and it is the last.
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('examples: 5 run (ts 4, sh 1, go 0, rb 0, rs 0), 0 type-checked only, 1 skipped');
    expect(stdout.match(/^examples: /gm)).toHaveLength(1);
  }, 120_000);

  it('fails on a wrong stated result and an API error, does not run the rest of a failed session, and wants a reason for skip-run', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('run-failing'));
    expect(code).toBe(1);
    const page = 'scripts/doctest/fixtures/run-failing/wrong.md';
    expect(stderr).toContain(`${page}:22 - skip-run needs a reason`);
    expect(stderr).toContain(`FAIL ${page}:5 - output does not match /^admin$/:\n    root\n`);
    expect(stderr).toMatch(new RegExp(`FAIL ${page}:14 - exited with 1:\n.*HTTP 404.*\(code 5\)`));
    expect(stderr).toContain(`FAIL ${page}:18 - not run: an earlier block of ${page} session "s" failed`);
    expect(stderr).toContain('doctest: 3 examples failed to run');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('examples: 3 run (ts 1, sh 2, go 0, rb 0, rs 0), 1 type-checked only, 0 skipped');
  }, 120_000);

  it('type-checks without running under --no-run', async () => {
    const { code, stdout } = await doctest('--dir', fixture('run'), '--no-run');
    expect(code).toBe(0);
    expect(stdout).toContain('(running disabled (--no-run))');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('examples: 0 run (ts 0, sh 0, go 0, rb 0, rs 0), 4 type-checked only, 1 skipped');
  }, 60_000);
});

describe('doctest run.mjs running the blocks of language modules', () => {
  const languages = fixture('languages');

  it('prepares a language once, runs its blocks alone and in a session with shell blocks, checks error codes, and counts them by language', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('run-languages'), '--languages', languages);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const page = 'scripts/doctest/fixtures/run-languages/page.mdx';
    expect(stdout).toContain(`${page}: 0 checked, 1 skipped\n  skipped ${page}:28 (shows a server that never exits)\n`);
    for (const line of [7, 13, 18, 24]) expect(stdout).toContain(`ran ${page}:${line}\n`);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('examples: 4 run (ts 0, sh 1, go 0, rb 0, rs 0, py 3), 0 type-checked only, 1 skipped');
  }, 60_000);

  it('fails on a wrong result and an error, does not run the rest of the session, and wants a reason for skip-run', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('run-languages-failing'), '--languages', languages);
    expect(code).toBe(1);
    const page = 'scripts/doctest/fixtures/run-languages-failing/wrong.md';
    expect(stderr).toContain(`${page}:15 - skip-run needs a reason`);
    expect(stderr).toContain(`FAIL ${page}:3 - output does not match /^bob$/:\n    alice\n`);
    expect(stderr).toContain(`FAIL ${page}:7 - exited with 1:\n    the block broke\n`);
    expect(stderr).toContain(`FAIL ${page}:11 - not run: an earlier block of ${page} session "s" failed`);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('examples: 3 run (ts 0, sh 0, go 0, rb 0, rs 0, py 3), 0 type-checked only, 1 skipped');
  }, 60_000);

  it('discovers the modules of a folder and refuses one that claims a fence of the checker', async () => {
    expect((await loadLanguages(languages)).map((l) => [l.id, l.fences])).toEqual([['py', ['python', 'py']]]);
    expect(await loadLanguages(fixture('no-such-folder'))).toEqual([]);
    await expect(loadLanguages(fixture('languages-broken'))).rejects.toThrow(/sh\.mjs: fence bash belongs to the checker's own shell blocks/);
  });

  it('names the five usual languages in the summary even at zero, and others after them', () => {
    expect(summary({ run: 2, byLanguage: { go: 2 }, typeChecked: 1, skipped: 0 })).toBe('examples: 2 run (ts 0, sh 0, go 2, rb 0, rs 0), 1 type-checked only, 0 skipped');
    expect(summary({ run: 3, byLanguage: { ts: 1, kt: 1, py: 1 }, typeChecked: 0, skipped: 4 })).toBe('examples: 3 run (ts 1, sh 0, go 0, rb 0, rs 0, kt 1, py 1), 0 type-checked only, 4 skipped');
  });
});

describe('doctest run.mjs with the local chains', () => {
  it('starts the chains only for units that read an RPC URL, name an example RPC host or fund an account', () => {
    const unit = (code: string, meta = 'run') => ({ blocks: [{ code, spec: runSpec(meta) }] });
    expect(needsChains(unit('new JsonRpcProvider(process.env.SEPOLIA_RPC_URL)'))).toBe(true);
    expect(needsChains(unit("rpcUrls: ['https://sepolia.rpc.example']"))).toBe(true);
    expect(needsChains(unit('console.log(1)', 'setup="funded-ethereum-account"'))).toBe(true);
    expect(needsChains(unit('console.log(1)', 'setup="ethereum-token"'))).toBe(true);
    expect(needsChains(unit('console.log(process.env.SIGIL_BASE_URL)', 'setup="two-more-users"'))).toBe(false);
  });

  it('gives a unit that reads an RPC URL the local chains, and funds the example account with setup="funded-ethereum-account"', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('chain'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const page = 'scripts/doctest/fixtures/chain/broadcast.mdx';
    for (const line of [6, 32]) expect(stdout).toContain(`ran ${page}:${line}\n`);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('examples: 2 run (ts 2, sh 0, go 0, rb 0, rs 0), 0 type-checked only, 0 skipped');
  }, 120_000);
});

describe('doctest run.mjs running browser examples in Chromium', () => {
  it('runs a program in the tab, calls an exported function, serves a backend to the tab, checks an error code, runs a setup, serves a plain function on its route, and signs an iframe stamper in by email', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('browser'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const page = 'scripts/doctest/fixtures/browser/app.mdx';
    // Line 44 also calls a plain function of the backend through its route="…"; line 77 signs in with the iframe
    // stamper by email (signedInIframeStamper) and asks whoami through the frame.
    for (const line of [5, 15, 26, 44, 58, 67, 77]) expect(stdout).toContain(`ran ${page}:${line}\n`);
    expect(stdout).toMatch(/doctest: ran 7 examples in 5 units/);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('examples: 7 run (ts 7, sh 0, go 0, rb 0, rs 0), 0 type-checked only, 0 skipped');
  }, 120_000);

  it('fails on a wrong result, a thrown error and a missing backend, and refuses call and setup it cannot honour', async () => {
    const { code, stderr } = await doctest('--dir', fixture('browser-failing'));
    expect(code).toBe(1);
    const page = 'scripts/doctest/fixtures/browser-failing/wrong.md';
    expect(stderr).toContain(`FAIL ${page}:3 - output does not match /^bob$/:\n    alice\n`);
    expect(stderr).toContain(`FAIL ${page}:11 - exited with 1:\n    Error: the block broke\n`);
    expect(stderr).toContain(`FAIL ${page}:15 - output does not match /^200$/:\n    404\n`);
    expect(stderr).toContain(`${page}:19 - call="x()" needs a browser or phone block: add browser or phone`);
    expect(stderr).toContain(`${page}:19 - setup="no-such-setup": no such setup`);
  }, 120_000);
});

describe('browser and backend blocks', () => {
  it('reads the phone marker: a running block that takes call, and not also browser or backend', () => {
    expect(runSpec('phone call="signUp(\'bob\')"')).toMatchObject({ run: true, phone: true, call: "signUp('bob')", errors: [] });
    expect(runSpec('phone browser').errors).toEqual(['phone runs the block as React Native app code in Node: a block cannot be both phone and browser']);
    expect(runSpec('phone backend').errors).toEqual(['phone runs the block as React Native app code in Node: a block cannot be both phone and backend']);
  });

  it('finds what a block exports, for call expressions', () => {
    const code = 'export async function a() {}\nexport const b = 1;\nexport class C {}\nconst d = 2;\nexport {d as e};\nexport type T = string;';
    expect(exportedNames(code)).toEqual(['a', 'b', 'C', 'e']);
  });

  it('reads route markers: the route a framework puts around a plain function of a backend block', () => {
    expect(parseRoute('POST /api/sign-in/email=sendSignInEmail(email, targetPublicKey)')).toEqual({ method: 'POST', path: '/api/sign-in/email', name: 'sendSignInEmail', args: ['email', 'targetPublicKey'] });
    expect(parseRoute('GET /api/me=me()')).toEqual({ method: 'GET', path: '/api/me', name: 'me', args: [] });
    expect(parseRoute('/api/x=f()').error).toMatch(/write route="POST \/api\/path=exportedFunction/);
    expect(parseRoute('POST /api/x=f(a.b)').error).toMatch(/a\.b is not a member name/);
    expect(runSpec('route="POST /api/x=f(a)"').errors).toEqual(["route serves a backend block's function: add backend"]);
    expect(runSpec('backend route="POST /api/x=f(a)"').routes).toEqual([{ method: 'POST', path: '/api/x', name: 'f', args: ['a'] }]);
  });

  it('finds the routes a backend block serves from the comments above its handlers', () => {
    const code = [
      '// POST /api/passkey-login/start  { email } -> { organizationId }',
      'export async function start(request: Request) {}',
      '// GET /api/me',
      '// (a second comment line)',
      'export function me(request: Request) {}',
      'export async function helper() {}',
    ].join('\n');
    expect(backendRoutes(code)).toEqual([
      { method: 'POST', path: '/api/passkey-login/start', name: 'start' },
      { method: 'GET', path: '/api/me', name: 'me' },
    ]);
  });

  it('reads the browser, call, origin, backend and setup markers', () => {
    expect(runSpec('browser call="f(client)" origin="https://wallet.example.com"')).toMatchObject({ run: true, browser: true, call: 'f(client)', origin: 'https://wallet.example.com', errors: [] });
    expect(runSpec('session="s" backend')).toMatchObject({ run: true, backend: true, errors: [] });
    expect(runSpec('setup="waiting-activity"')).toMatchObject({ run: true, setups: ['waiting-activity'], errors: [] });
    expect(runSpec('browser origin="http://x.example/path"').errors).toHaveLength(1);
    expect(runSpec('browser backend').errors).toHaveLength(1);
    expect(runSpec('expect-output="(" expect-stderr="["').errors).toEqual([
      expect.stringMatching(/^expect-output="\(": /),
      expect.stringMatching(/^expect-stderr="\[": /),
    ]);
  });

  it('checks standard error against expect-stderr', () => {
    const result = { code: 0, stdout: '', stderr: 'Export the wallet first.', timedOut: false };
    expect(judge(result, runSpec('expect-stderr="^Export the wallet first"'))).toBeUndefined();
    expect(judge(result, runSpec('expect-stderr="^Done"'))).toMatch(/error output does not match/);
  });
});

describe('info strings of running blocks', () => {
  it('reads quoted, unquoted and bare attributes', () => {
    expect(parseMeta('title="a b.ts" run expect-error-code=7').attributes).toEqual([
      { key: 'title', value: 'a b.ts' },
      { key: 'run', value: undefined },
      { key: 'expect-error-code', value: '7' },
    ]);
  });

  it('turns markers into a spec and reports malformed ones', () => {
    const spec = runSpec('session="q" capture="id=/wallet (\\S+)/" replace="<ID>=>id" expect-output="done"');
    expect(spec).toMatchObject({ run: true, session: 'q', replaces: [{ text: '<ID>', name: 'id' }], errors: [] });
    expect(spec.captures[0]!.regex.exec('wallet abc')![1]).toBe('abc');
    expect(runSpec('title="x.ts"').run).toBe(false);
    expect(runSpec('skip-run reason="needs a browser"').skipRun).toEqual({ reason: 'needs a browser' });
    expect(runSpec('capture="nope" expect-error-code=x replace="a"').errors).toHaveLength(3);
  });

  it('swaps the page placeholders and named values into the code', () => {
    const values = { organizationId: 'org-9', baseUrl: 'http://127.0.0.1:1', address: '0xabc' };
    const code = 'curl https://api.sigil.example/x -d \'{"organizationId":"f3b0c9a4-2d71-4c1e-9f55-7a1e3c8d2b60","a":"0x1"}\'';
    expect(substitute(code, runSpec('replace="0x1=>address"'), values)).toEqual({
      code: 'curl http://127.0.0.1:1/x -d \'{"organizationId":"org-9","a":"0xabc"}\'',
      missing: [],
    });
    expect(substitute('x', runSpec('replace="x=>nothing"'), values).missing).toEqual(['nothing']);
  });

  it('reads the export lines a program prints for the reader to run', () => {
    expect(exportsIn('policy p1\nexport HOT_KEY_ID=k-1\nexport OPS_TAG_ID="t 2"\n  export NOT_AT_START=x\n')).toEqual({ HOT_KEY_ID: 'k-1', OPS_TAG_ID: 't 2' });
    expect(runSpec('session="s" env-from-output').envFromOutput).toBe(true);
  });

  it('recognises TypeScript that talks to the API by its imports', () => {
    expect(talksToApi("import {createServerClient} from '@sigil/sdk-server';")).toBe(true);
    expect(talksToApi('import {SigilClient} from "@sigil/http";')).toBe(true);
    expect(talksToApi("import {parse} from '@sigil/policy';")).toBe(false);
  });

  it('counts only shell blocks whose commands call sigil or curl', () => {
    expect(callsApi('sigil request --path /x')).toBe(true);
    expect(callsApi('SIGIL_BASE_URL=x sigil whoami')).toBe(true);
    expect(callsApi('curl -s https://x')).toBe(true);
    expect(callsApi('npm install @sigil/cli')).toBe(false);
    expect(callsApi('echo sigil')).toBe(false);
  });

  it('judges exit codes, stated output and expected error codes', () => {
    const ok = { code: 0, stdout: 'status ACTIVITY_STATUS_COMPLETED', stderr: '', timedOut: false };
    expect(judge(ok, runSpec('expect-output="COMPLETED"'))).toBeUndefined();
    expect(judge(ok, runSpec('expect-output="FAILED"'))).toMatch(/does not match/);
    expect(judge(ok, runSpec('expect-error-code=7'))).toMatch(/expected to fail with code 7, but it succeeded/);
    const refused = { code: 1, stdout: '', stderr: "SigilRequestError: no policy allows this\n  code: 7,\n", timedOut: false };
    expect(judge(refused, runSpec('expect-error-code=7'))).toBeUndefined();
    expect(judge(refused, runSpec('expect-error-code=16'))).toMatch(/expected error code 16/);
    expect(judge({ ...ok, timedOut: true }, runSpec(''))).toMatch(/did not finish within 30 s/);
  });
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
