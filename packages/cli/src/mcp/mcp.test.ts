// `sigil mcp` through the MCP SDK's own client, started with the configuration snippets of the AI assistants page:
// every tool with good and bad arguments, call_api against a fresh emulator (create a wallet, sign with it), the
// refusal of a remote target without --allow-remote, and search quality on the site's relevance set.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const REPO = join(here, '../../../..');
const PAGE = join(REPO, 'website/docs/getting-started/ai-assistants.mdx');

// The site's relevance set, loaded by path: it lives in the website's (CommonJS) TypeScript project, which this
// package's compiler settings cannot include.
interface RelevanceSet {
  relevanceCases: Array<{ query: string; kind: string; expect: string[] }>;
  RELEVANCE_TARGETS: { atOne: number; atThree: number };
  matchesExpectation(path: string, expectation: string): boolean;
}
const RELEVANCE_SET = join(REPO, 'website/tests/search-queries.ts');
const { relevanceCases, RELEVANCE_TARGETS, matchesExpectation } = (await import(RELEVANCE_SET)) as RelevanceSet;

interface ServerEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** The `sigil` entry of every JSON snippet on the page, by the snippet's title. */
function pageSnippets(): Map<string, ServerEntry> {
  const out = new Map<string, ServerEntry>();
  for (const [, title, body] of readFileSync(PAGE, 'utf8').matchAll(/```json title="([^"]+)"\n([\s\S]*?)```/g)) {
    const config = JSON.parse(body!) as { mcpServers?: Record<string, ServerEntry>; servers?: Record<string, ServerEntry> };
    const entry = (config.mcpServers ?? config.servers)?.sigil;
    if (entry) out.set(title!, entry);
  }
  return out;
}

async function connect(entry: ServerEntry, env: Record<string, string>, cwd = REPO): Promise<Client> {
  const client = new Client({ name: 'sigil-mcp-test', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: entry.command, args: entry.args, cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...entry.env, ...env }, stderr: 'pipe' });
  await client.connect(transport);
  return client;
}

type ToolAnswer = { isError?: boolean; content: Array<{ type: string; text?: string }> };
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as ToolAnswer;
  return { isError: result.isError === true, text: result.content.map((c) => c.text ?? '').join('\n') };
}

let emulator: TestEmulator;
let client: Client;
let workDir: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  workDir = mkdtempSync(join(tmpdir(), 'sigil-mcp-'));
  const keyFile = join(workDir, 'key.json');
  writeFileSync(keyFile, JSON.stringify(emulator.rootKeys), { mode: 0o600 });
  // The project snippet (Claude Code's .mcp.json), started in the repository as the page says.
  const project = pageSnippets().get('.mcp.json');
  if (!project) throw new Error('the page has no .mcp.json snippet');
  client = await connect(project, { SIGIL_API_KEY_FILE: keyFile, SIGIL_ORGANIZATION_ID: emulator.organizationId, SIGIL_BASE_URL: emulator.url });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await emulator?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the page', () => {
  it('gives every assistant the same command: npx sigil mcp in the repository, or node on the built CLI', () => {
    const snippets = pageSnippets();
    expect([...snippets.keys()].sort()).toEqual(['.cursor/mcp.json', '.mcp.json', '.vscode/mcp.json', 'claude_desktop_config.json']);
    for (const title of ['.mcp.json', '.cursor/mcp.json', '.vscode/mcp.json']) expect(snippets.get(title)).toMatchObject({ command: 'npx', args: ['sigil', 'mcp'] });
    const desktop = snippets.get('claude_desktop_config.json')!;
    expect(desktop.command).toBe('node');
    expect(desktop.args).toEqual(['/home/you/sigil-docs/packages/cli/dist/bin.js', 'mcp']);
  });
});

describe('tools', () => {
  it('lists the five tools, each with a description and a JSON schema of its arguments', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['call_api', 'describe_operation', 'explain_error', 'read_doc', 'search_docs']);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
      expect(Object.keys(tool.inputSchema.properties ?? {}).length, tool.name).toBeGreaterThan(0);
    }
    const search = tools.find((t) => t.name === 'search_docs')!;
    expect(search.inputSchema.required).toEqual(['query']);
  });

  it('search_docs ranks pages and says so when nothing matches', async () => {
    const hit = await call(client, 'search_docs', { query: 'createWallet', limit: 3 });
    expect(hit.isError).toBe(false);
    const parsed = JSON.parse(hit.text) as { results: Array<{ path: string; title: string; headings: string[]; excerpt: string }> };
    expect(parsed.results[0]).toMatchObject({ path: '/api/wallets/create-wallet', title: 'Create a wallet' });
    expect(parsed.results[0]!.headings).toContain('Request fields');
    expect(parsed.results.length).toBeLessThanOrEqual(3);
    const typo = JSON.parse((await call(client, 'search_docs', { query: 'walet' })).text) as { correctedQuery: string; results: Array<{ path: string }> };
    expect(typo.correctedQuery).toBe('wallet');
    expect(typo.results[0]!.path).toBe('/concepts/wallets');
    const none = await call(client, 'search_docs', { query: 'zzqxvplm' });
    expect(none).toEqual({ isError: false, text: 'No page matches "zzqxvplm". Try other words, an operation name (create_wallet) or a broader term.' });
  });

  it('search_docs refuses bad arguments with a clear message', async () => {
    for (const args of [{}, { query: '' }, { query: 42 }, { query: 'wallet', limit: 0 }, { query: 'wallet', limit: 'many' }]) {
      const answer = await call(client, 'search_docs', args);
      expect(answer.isError, JSON.stringify(args)).toBe(true);
      expect(answer.text).toMatch(/Invalid arguments for tool search_docs/);
    }
  });

  it('read_doc returns a page or one section, from a path, a URL or a Markdown twin', async () => {
    const page = await call(client, 'read_doc', { path: '/getting-started/quickstart' });
    expect(page.isError).toBe(false);
    expect(page.text).toMatch(/^Source: \/getting-started\/quickstart\n\n# Quickstart\n/);
    // MDX imports are gone; the code blocks' imports stay.
    expect(page.text).not.toContain("import Tabs from '@theme/Tabs'");
    expect(page.text).toContain("import {createServerClient");
    const section = await call(client, 'read_doc', { path: 'https://docs.sigil.example/getting-started/quickstart.md', section: 'Prerequisites' });
    expect(section.text).toMatch(/^Source: \/getting-started\/quickstart\n\n## Prerequisites\n/);
    expect(section.text).not.toContain('## 1.');
    const byAnchor = await call(client, 'read_doc', { path: '/api-overview/errors#retrying' });
    expect(byAnchor.text).toMatch(/\n## Retrying\n/);
    const operation = await call(client, 'read_doc', { path: '/api/wallets/create-wallet' });
    expect(operation.text).toContain('POST /public/v1/submit/create_wallet');
  });

  it('read_doc refuses unknown pages and sections with the closest choices', async () => {
    const missing = await call(client, 'read_doc', { path: '/getting-started/quickstrat' });
    expect(missing).toMatchObject({ isError: true });
    expect(missing.text).toMatch(/^No page at "\/getting-started\/quickstrat"\. Closest paths: \/getting-started\/quickstart/);
    const section = await call(client, 'read_doc', { path: '/getting-started/quickstart', section: 'Nope nothing' });
    expect(section.isError).toBe(true);
    expect(section.text).toMatch(/has no section "Nope nothing"\. Its sections: "Prerequisites"/);
    expect((await call(client, 'read_doc', {})).isError).toBe(true);
  });

  it('describe_operation gives fields with types, enums, defaults and limits, errors, and samples', async () => {
    const { isError, text } = await call(client, 'describe_operation', { operation: 'createWallet' });
    expect(isError).toBe(false);
    expect(text).toContain('`POST /public/v1/submit/create_wallet`: a submission (activity `ACTIVITY_TYPE_CREATE_WALLET`)');
    expect(text).toMatch(/- `parameters\.walletName` \(string; required[^)]*\)/);
    expect(text).toContain('- `parameters.accounts.curve` (string (Curve); required; one of CURVE_SECP256K1, CURVE_ED25519)');
    expect(text).toContain('- `parameters.mnemonicLength` (integer (MnemonicLength); optional; one of 12, 15, 18, 21, 24; default 12)');
    expect(text).toMatch(/Allowed mnemonic lengths \(`mnemonic-length-allowed`\): 12, 15, 18, 21, 24 words/);
    expect(text).toMatch(/- 6 `ALREADY_EXISTS`: A wallet with the same `walletName` already exists/);
    expect(text).toContain("const activity = await client.createWallet({");
    expect(text).toContain('curl -X POST "${SIGIL_BASE_URL:-https://api.sigil.example}/public/v1/submit/create_wallet"');
    const query = await call(client, 'describe_operation', { operation: '/public/v1/query/list_activities' });
    expect(query.text).toMatch(/`paginationOptions\.limit`[^\n]*default|Default page size/);
  });

  it('describe_operation refuses an unknown operation and suggests the closest', async () => {
    const answer = await call(client, 'describe_operation', { operation: 'create_walet' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/^No operation "create_walet"\. Closest: create_wallet/);
    expect((await call(client, 'describe_operation', { operation: '  ' })).isError).toBe(true);
  });

  it('explain_error reads codes, names, HTTP statuses, error bodies and failed activities', async () => {
    const byCode = JSON.parse((await call(client, 'explain_error', { error: 14 })).text) as Array<{ name: string; retry: { query: boolean; submission: boolean; advice: string }; pages: string[] }>;
    expect(byCode[0]).toMatchObject({ name: 'UNAVAILABLE', retry: { query: true, submission: true } });
    expect(byCode[0]!.pages).toContain('/api-overview/errors#retrying');
    const deadline = JSON.parse((await call(client, 'explain_error', { error: 'DEADLINE_EXCEEDED' })).text) as typeof byCode;
    expect(deadline[0]!.retry).toMatchObject({ query: true, submission: false });
    expect(deadline[0]!.retry.advice).toMatch(/list_activities/);
    const body = JSON.parse(
      (await call(client, 'explain_error', { error: '{"code": 6, "message": "wallet name taken", "details": []}', operation: 'create_wallet' })).text,
    ) as Array<{ name: string; message: string; whenForOperation: string[]; pages: string[] }>;
    expect(body[0]).toMatchObject({ name: 'ALREADY_EXISTS', message: 'wallet name taken' });
    expect(body[0]!.whenForOperation[0]).toMatch(/same `walletName`/);
    expect(body[0]!.pages).toContain('/api/wallets/create-wallet');
    const failed = JSON.parse((await call(client, 'explain_error', { error: { activity: { status: 'ACTIVITY_STATUS_FAILED', failure: { code: 7, message: 'denied' } } } })).text) as typeof body;
    expect(failed[0]!.name).toBe('PERMISSION_DENIED');
    const http = JSON.parse((await call(client, 'explain_error', { error: 'HTTP 429' })).text) as typeof body;
    expect(http.map((e) => e.name)).toEqual(['RESOURCE_EXHAUSTED']);
  });

  it('explain_error refuses what is no error code', async () => {
    for (const error of [99, 'TEAPOT', '{"code": ', { message: 'no code' }]) {
      const answer = await call(client, 'explain_error', { error });
      expect(answer.isError, JSON.stringify(error)).toBe(true);
      expect(answer.text).toMatch(/no Sigil error code|does not parse|No error code found/);
    }
    expect((await call(client, 'explain_error', { error: 3, operation: 'nope_nope' })).text).toMatch(/^No operation "nope_nope"/);
  });
});

describe('call_api against the emulator', () => {
  it('creates a wallet and signs a payload with it, stamping each request with the configured key', async () => {
    const whoami = await call(client, 'call_api', { operation: 'whoami' });
    expect(whoami.isError).toBe(false);
    expect(JSON.parse(whoami.text)).toMatchObject({ ok: true, response: { status: 200, body: { organizationId: emulator.organizationId, userId: emulator.rootUserId } } });

    const created = await call(client, 'call_api', {
      operation: 'create_wallet',
      body: { walletName: 'MCP test', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] },
    });
    expect(created.isError, created.text).toBe(false);
    const wallet = JSON.parse(created.text) as {
      request: { url: string; headers: Record<string, string>; body: { type: string; organizationId: string; timestampMs: string } };
      activity: { status: string; result: { createWalletResult: { addresses: string[] } } };
    };
    expect(wallet.request.url).toBe(`${emulator.url}/public/v1/submit/create_wallet`);
    expect(wallet.request.body).toMatchObject({ type: 'ACTIVITY_TYPE_CREATE_WALLET', organizationId: emulator.organizationId });
    expect(wallet.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const address = wallet.activity.result.createWalletResult.addresses[0]!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The stamp reported is the one the emulator received, made with the root key and no other.
    const received = emulator.requests.find((r) => r.path === '/public/v1/submit/create_wallet')!;
    expect(received.headers['x-stamp']).toBe(wallet.request.headers['X-Stamp']);
    expect(JSON.parse(Buffer.from(wallet.request.headers['X-Stamp']!, 'base64url').toString()).publicKey).toBe(emulator.rootKeys.publicKey);
    expect(created.text).not.toContain(emulator.rootKeys.privateKey);

    const signed = await call(client, 'call_api', {
      operation: 'signRawPayload',
      body: { signWith: address, payload: 'hello from mcp', encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_KECCAK256' },
    });
    expect(signed.isError, signed.text).toBe(false);
    const signature = JSON.parse(signed.text) as { activity: { status: string; result: { signRawPayloadResult: { r: string; s: string; v: string } } } };
    expect(signature.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect(signature.activity.result.signRawPayloadResult).toMatchObject({ r: expect.stringMatching(/^[0-9a-f]{64}$/), s: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('returns the API error as a tool error, with the request it sent', async () => {
    const bad = await call(client, 'call_api', { operation: 'create_wallet', body: { walletName: 'No accounts' } });
    expect(bad.isError).toBe(true);
    expect(JSON.parse(bad.text)).toMatchObject({ ok: false, response: { status: 400, body: { code: 3 } } });
    const unknown = await call(client, 'call_api', { operation: 'make_coffee' });
    expect(unknown).toMatchObject({ isError: true });
    expect(unknown.text).toMatch(/^No operation "make_coffee"/);
    expect((await call(client, 'call_api', { operation: 'whoami', body: [1, 2] })).text).toMatch(/Invalid arguments for tool call_api/);
  });

  it('refuses a remote target unless the server was started with --allow-remote', async () => {
    // Claude Desktop's snippet, with the page's placeholder folder replaced by this repository, and a key file whose
    // profile names the production API.
    const desktop = pageSnippets().get('claude_desktop_config.json')!;
    const remoteKey = join(workDir, 'remote.json');
    writeFileSync(remoteKey, JSON.stringify({ ...emulator.rootKeys, organizationId: emulator.organizationId, baseUrl: 'https://api.sigil.example' }), { mode: 0o600 });
    const entry = { command: desktop.command, args: desktop.args.map((a) => a.replace('/home/you/sigil-docs', REPO)) };
    const refusing = await connect(entry, { SIGIL_API_KEY_FILE: remoteKey }, workDir);
    try {
      const answer = await call(refusing, 'call_api', { operation: 'whoami' });
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/^Refused: call_api sends requests only to a local emulator.*https:\/\/api\.sigil\.example.*sigil mcp --allow-remote/);
    } finally {
      await refusing.close();
    }
    // With the flag, a host that is not loopback is reached: 0.0.0.0 is not a loopback name, yet Linux delivers
    // it to this machine, where the emulator answers.
    const port = new URL(emulator.url).port;
    const allowing = await connect({ ...entry, args: [...entry.args, '--allow-remote', '--base-url', `http://0.0.0.0:${port}`] }, { SIGIL_API_KEY_FILE: remoteKey }, workDir);
    try {
      const answer = await call(allowing, 'call_api', { operation: 'whoami' });
      expect(answer.isError, answer.text).toBe(false);
      expect(JSON.parse(answer.text)).toMatchObject({ request: { url: `http://0.0.0.0:${port}/public/v1/query/whoami` }, response: { status: 200 } });
    } finally {
      await allowing.close();
    }
  }, 30_000);
});

describe('resources and prompt', () => {
  it('offers the API document and every page as resources', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('sigil://openapi.json');
    expect(uris).toContain('sigil://docs/getting-started/quickstart');
    expect(uris).toContain('sigil://docs/getting-started/ai-assistants');
    expect(uris).toContain('sigil://docs/api/wallets/create-wallet');
    expect(uris.length).toBeGreaterThan(300);
    const openapi = await client.readResource({ uri: 'sigil://openapi.json' });
    const text = (openapi.contents[0] as { text: string }).text;
    expect((JSON.parse(text) as { paths: object }).paths).toHaveProperty(['/public/v1/submit/create_wallet']);
  });

  it('has a quickstart prompt that names the tools and carries the quickstart page', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['quickstart']);
    const prompt = await client.getPrompt({ name: 'quickstart', arguments: { walletName: 'Demo' } });
    const first = prompt.messages[0]!.content as { type: 'text'; text: string };
    expect(first.text).toMatch(/call_api with operation "whoami"/);
    expect(first.text).toContain('"walletName": "Demo"');
    const attached = prompt.messages[1]!.content as { type: 'resource'; resource: { uri: string; text: string } };
    expect(attached.resource.uri).toBe('sigil://docs/getting-started/quickstart');
    expect(attached.resource.text).toMatch(/^# Quickstart/);
  });
});

describe('samples', () => {
  const run = (command: string, env: Record<string, string>) =>
    new Promise<string>((resolve, reject) =>
      execFile('sh', ['-c', command], { cwd: REPO, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    );

  it("describe_operation's curl and TypeScript samples run against the emulator", async () => {
    for (const operation of ['whoami', 'list_wallets']) {
      const { text } = await call(client, 'describe_operation', { operation });
      const curl = /## curl sample\n\n```bash\n([\s\S]*?)```/.exec(text)![1]!;
      const body = /--data-raw '([^']*)'/.exec(curl)![1]!;
      const exampleOrganization = (JSON.parse(body) as { organizationId: string }).organizationId;
      const ours = body.replaceAll(exampleOrganization, emulator.organizationId);
      const { stampHeaderValue } = await new ApiKeyStamper({ apiPublicKey: emulator.rootKeys.publicKey, apiPrivateKey: emulator.rootKeys.privateKey }).stamp(ours);
      // The sample reads the endpoint from SIGIL_BASE_URL, as readers run it; the body names the example organization,
      // which a reader replaces with their own before stamping.
      const command = curl.replaceAll(exampleOrganization, emulator.organizationId);
      const answer = JSON.parse(
        await run(command.replace(/^curl /m, 'curl -sS --fail-with-body '), { X_STAMP: stampHeaderValue, SIGIL_BASE_URL: emulator.url }),
      ) as Record<string, unknown>;
      expect(answer, operation).not.toHaveProperty('code');
    }
    const { text } = await call(client, 'describe_operation', { operation: 'whoami' });
    const typescript = /## TypeScript sample\n\n```ts\n([\s\S]*?)```/.exec(text)![1]!;
    const file = join(REPO, 'examples', `mcp-sample-${process.pid}.ts`);
    // As written: the sample takes the endpoint, the organization and the key from the environment.
    writeFileSync(file, typescript);
    try {
      const out = await run(`npx tsx ${JSON.stringify(file)}`, {
        SIGIL_BASE_URL: emulator.url,
        SIGIL_ORGANIZATION_ID: emulator.organizationId,
        SIGIL_API_PUBLIC_KEY: emulator.rootKeys.publicKey,
        SIGIL_API_PRIVATE_KEY: emulator.rootKeys.privateKey,
      });
      expect(out).toContain(emulator.organizationId);
    } finally {
      rmSync(file, { force: true });
    }
  }, 60_000);
});

describe('search quality', () => {
  it(`meets the site's precision targets on its relevance set (at 1: ${RELEVANCE_TARGETS.atOne}, at 3: ${RELEVANCE_TARGETS.atThree}); nonsense finds nothing`, async () => {
    let atOne = 0;
    let atThree = 0;
    const ranked = relevanceCases.filter((c) => c.expect.length > 0);
    const found: string[] = [];
    for (const c of relevanceCases) {
      const answer = await call(client, 'search_docs', { query: c.query, limit: 3 });
      const top = answer.text.startsWith('No page matches') ? [] : (JSON.parse(answer.text) as { results: Array<{ path: string }> }).results.map((r) => r.path);
      if (c.expect.length === 0) {
        if (top.length) found.push(`${c.query}: ${top.join(', ')}`);
        continue;
      }
      const hit = (paths: string[]) => paths.some((p) => c.expect.some((e) => matchesExpectation(p, e)));
      atOne += hit(top.slice(0, 1)) ? 1 : 0;
      atThree += hit(top) ? 1 : 0;
    }
    const p1 = atOne / ranked.length;
    const p3 = atThree / ranked.length;
    console.log(`search_docs on the site's relevance set (${ranked.length} queries): precision@1 ${(p1 * 100).toFixed(1)}%, precision@3 ${(p3 * 100).toFixed(1)}%`);
    expect(found).toEqual([]);
    expect(p1).toBeGreaterThanOrEqual(RELEVANCE_TARGETS.atOne);
    expect(p3).toBeGreaterThanOrEqual(RELEVANCE_TARGETS.atThree);
  }, 60_000);
});
