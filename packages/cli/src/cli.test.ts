import { execFile } from 'node:child_process';
import { createPublicKey, ECDH, verify as nodeVerify } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_VECTOR } from '@sigil/api-key-stamper';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function sigil(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, cwd },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

function stderrLines(result: Result): string[] {
  return result.stderr.split('\n').filter((line) => line !== '');
}

function verifiesWithNode(body: string, stampHeaderValue: string, expectedPublicKey: string): boolean {
  const stamp = JSON.parse(Buffer.from(stampHeaderValue, 'base64url').toString('utf8')) as Record<string, string>;
  if (stamp.publicKey !== expectedPublicKey || stamp.scheme !== 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256') return false;
  const point = ECDH.convertKey(stamp.publicKey!, 'prime256v1', 'hex', undefined, 'uncompressed');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  return nodeVerify('sha256', Buffer.from(body, 'utf8'), key, Buffer.from(stamp.signature!, 'hex'));
}

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let dir: string;
let keyFile: string;

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error('Build the CLI first: npm run build -w @sigil/cli');
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sigil-cli-'));
  keyFile = join(dir, 'key.json');
  await writeFile(keyFile, JSON.stringify({ publicKey: TEST_VECTOR.publicKey, privateKey: TEST_VECTOR.privateKey }));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sigil keys generate', () => {
  it('writes a 0600 key file and prints its public key', async () => {
    const out = join(dir, 'new-key.json');
    const result = await sigil(['keys', 'generate', '--out', out]);
    expect(result.code).toBe(0);
    const pair = JSON.parse(await readFile(out, 'utf8')) as { publicKey: string; privateKey: string };
    expect(pair.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(pair.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(result.stdout.trim()).toBe(pair.publicKey);
    expect((await stat(out)).mode & 0o777).toBe(0o600);
  });

  it('refuses to overwrite an existing file unless --force', async () => {
    const refused = await sigil(['keys', 'generate', '--out', keyFile]);
    expect(refused.code).not.toBe(0);
    expect(stderrLines(refused)).toHaveLength(1);
    expect(refused.stderr).toMatch(/already exists.*--force/);
    expect(JSON.parse(await readFile(keyFile, 'utf8')).privateKey).toBe(TEST_VECTOR.privateKey);

    const forced = await sigil(['keys', 'generate', '--out', keyFile, '--force']);
    expect(forced.code).toBe(0);
    expect(JSON.parse(await readFile(keyFile, 'utf8')).privateKey).not.toBe(TEST_VECTOR.privateKey);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    // Two CLI processes in a row: more than the default 5 s on a loaded machine.
  }, 30_000);

  it('requires --out', async () => {
    const result = await sigil(['keys', 'generate']);
    expect(result.code).toBe(2);
    expect(stderrLines(result)).toEqual([expect.stringMatching(/--out/)]);
  });
});

describe('sigil request --no-post', () => {
  it('prints a curl command whose shell-parsed arguments carry a valid stamp of the exact file bytes', async () => {
    await writeFile(join(dir, 'body.json'), TEST_VECTOR.body);
    const result = await sigil(
      ['request', '--path', '/public/v1/submit/create_wallet', '--body', '@body.json', '--key', keyFile, '--no-post'],
      {},
      dir,
    );
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('curl -X POST https://api.sigil.example/public/v1/submit/create_wallet')).toBe(true);

    // Let a real shell parse the command, with `curl` replaced by a function that prints its arguments.
    const parsed = await new Promise<string[]>((resolve, reject) => {
      execFile('sh', ['-c', `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${result.stdout}`], (error, stdout) =>
        error ? reject(error) : resolve(stdout.split('\0').slice(0, -1)),
      );
    });
    expect(parsed.slice(0, 6)).toEqual([
      '-X',
      'POST',
      'https://api.sigil.example/public/v1/submit/create_wallet',
      '-H',
      'Content-Type: application/json',
      '-H',
    ]);
    expect(parsed[6]).toBe(`X-Stamp: ${TEST_VECTOR.stampHeaderValue}`);
    expect(parsed.slice(7)).toEqual(['--data-raw', TEST_VECTOR.body]);
  });

  it('takes an inline JSON body and the base URL from SIGIL_BASE_URL, key from SIGIL_API_KEY_FILE', async () => {
    const body = '{"organizationId": "org-1"}';
    const result = await sigil(['request', '--path', '/public/v1/query/whoami', '--body', body, '--no-post'], {
      SIGIL_API_KEY_FILE: keyFile,
      SIGIL_BASE_URL: 'http://127.0.0.1:9/',
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('http://127.0.0.1:9/public/v1/query/whoami');
    expect(result.stdout).toContain(`--data-raw '${body}'`);
    const stamp = /X-Stamp: ([A-Za-z0-9_-]+)/.exec(result.stdout)![1]!;
    expect(verifiesWithNode(body, stamp, TEST_VECTOR.publicKey)).toBe(true);
  });
});

describe('sigil request against a local server', () => {
  let server: Server;
  let baseUrl: string;
  const received: Received[] = [];
  let reply: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('posts the exact body with a verifiable X-Stamp and prints the response as JSON with --json', async () => {
    reply = { status: 200, body: { organizationId: 'org-1', organizationName: 'Acme', userId: 'u-1', username: 'alice' } };
    const body = '{\n  "organizationId": "org-1"\n}\n';
    await writeFile(join(dir, 'body.json'), body);
    const result = await sigil(
      ['request', '--path', '/public/v1/query/whoami', '--body', `@${join(dir, 'body.json')}`, '--key', keyFile, '--base-url', baseUrl, '--json'],
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(reply.body);
    expect(received).toHaveLength(1);
    const request = received[0]!;
    expect(request.url).toBe('/public/v1/query/whoami');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toBe(body);
    expect(verifiesWithNode(request.body, String(request.headers['x-stamp']), TEST_VECTOR.publicKey)).toBe(true);
  });

  it('fills organizationId from SIGIL_ORGANIZATION_ID only when the body names none', async () => {
    reply = { status: 200, body: {} };
    const env = { SIGIL_ORGANIZATION_ID: 'org-env', SIGIL_API_KEY_FILE: keyFile, SIGIL_BASE_URL: baseUrl };
    const filled = await sigil(['request', '--path', '/public/v1/query/list_wallets', '--body', '{"paginationOptions":{"limit":"5"}}'], env);
    expect(filled.stderr).toBe('');
    const named = await sigil(['request', '--path', '/public/v1/query/whoami', '--body', '{ "organizationId": "org-1" }'], env);
    expect(named.code).toBe(0);
    const unset = await sigil(['request', '--path', '/public/v1/query/whoami', '--body', '{}', '--key', keyFile, '--base-url', baseUrl]);
    expect(unset.code).toBe(0);
    expect(received.map((r) => r.body)).toEqual(['{"organizationId":"org-env","paginationOptions":{"limit":"5"}}', '{ "organizationId": "org-1" }', '{}']);
    expect(verifiesWithNode(received[0]!.body, String(received[0]!.headers['x-stamp']), TEST_VECTOR.publicKey)).toBe(true);
    // Three CLI processes in a row: more than the default 5 s on a loaded machine.
  }, 30_000);

  it('the printed curl command, run by a real shell and curl, delivers the stamped body unchanged', async () => {
    reply = { status: 200, body: { ok: true } };
    const printed = await sigil(
      ['request', '--path', '/public/v1/submit/create_wallet', '--body', TEST_VECTOR.body, '--key', keyFile, '--base-url', baseUrl, '--no-post'],
    );
    expect(printed.code).toBe(0);
    await new Promise<void>((resolve, reject) =>
      execFile('sh', ['-c', printed.stdout.replace(/^curl /, 'curl -sS ')], (error) => (error ? reject(error) : resolve())),
    );
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toBe(TEST_VECTOR.body);
    expect(received[0]!.headers['x-stamp']).toBe(TEST_VECTOR.stampHeaderValue);
  });

  it('prints a table by default, as the API commands do', async () => {
    reply = { status: 200, body: { activity: { id: 'act-1', status: 'ACTIVITY_STATUS_PENDING', votes: [] } } };
    const result = await sigil(
      ['request', '--path', '/public/v1/submit/create_wallet', '--body', TEST_VECTOR.body, '--key', keyFile, '--base-url', baseUrl],
    );
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'FIELD            VALUE',
      'activity.id      act-1',
      'activity.status  ACTIVITY_STATUS_PENDING',
      'activity.votes   []',
      '',
    ]);
  });

  it('finds the key file and URL that `sigil emulator start` wrote in this directory, as the API commands do', async () => {
    reply = { status: 200, body: { username: 'alice' } };
    const here = await mkdtemp(join(tmpdir(), 'sigil-request-profile-'));
    try {
      const key = JSON.parse(await readFile(keyFile, 'utf8')) as object;
      await mkdir(join(here, '.sigil-emulator'));
      await writeFile(join(here, '.sigil-emulator', 'root-api-key.json'), JSON.stringify({ ...key, organizationId: 'org-file', baseUrl }));
      const result = await sigil(['request', '--path', '/public/v1/query/whoami', '--body', '{}', '--json'], {}, here);
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toEqual({ username: 'alice' });
      expect(received.at(-1)!.body).toBe('{"organizationId":"org-file"}');
    } finally {
      await rm(here, { recursive: true, force: true });
    }
  // A CLI process on a loaded machine can take more than the default 5 s.
  }, 30_000);

  it('exits non-zero with one stderr line on an API error, still printing the Status body', async () => {
    reply = { status: 401, body: { code: 16, message: 'stamp verification failed', details: [] } };
    const result = await sigil(['request', '--path', '/public/v1/query/whoami', '--body', '{}', '--key', keyFile, '--base-url', baseUrl, '--json']);
    expect(result.code).toBe(1);
    expect(stderrLines(result)).toEqual([expect.stringContaining('HTTP 401: stamp verification failed (code 16)')]);
    expect(JSON.parse(result.stdout)).toEqual(reply.body);
  });
});

describe('sigil request errors', () => {
  const whoami = ['request', '--path', '/public/v1/query/whoami'];

  it('missing key file', async () => {
    const missing = join(dir, 'nope.json');
    const result = await sigil([...whoami, '--body', '{}', '--key', missing, '--no-post']);
    expect(result.code).not.toBe(0);
    expect(stderrLines(result)).toEqual([
      `sigil: Key file ${missing} not found: create one with \`sigil keys generate --out ${missing}\` or pass --key <file>`,
    ]);
    expect(result.stdout).toBe('');
  });

  it('no key configured at all', async () => {
    const result = await sigil([...whoami, '--body', '{}', '--no-post']);
    expect(result.code).toBe(2);
    expect(stderrLines(result)).toEqual([expect.stringMatching(/No API key: pass --key <file>, set SIGIL_API_KEY_FILE, or run `sigil emulator start`/)]);
  });

  it('malformed JSON body, inline and from a file', async () => {
    const inline = await sigil([...whoami, '--body', '{"organizationId": ', '--key', keyFile, '--no-post']);
    expect(inline.code).not.toBe(0);
    expect(stderrLines(inline)).toEqual([expect.stringMatching(/^sigil: The body in the --body argument is not valid JSON .*: fix it and retry$/)]);

    await writeFile(join(dir, 'bad.json'), "{ organizationId: 'x' }");
    const fromFile = await sigil([...whoami, '--body', `@${join(dir, 'bad.json')}`, '--key', keyFile, '--no-post']);
    expect(fromFile.code).not.toBe(0);
    expect(stderrLines(fromFile)).toEqual([expect.stringContaining(`The body in ${join(dir, 'bad.json')} is not valid JSON`)]);
  });

  it('malformed key file', async () => {
    await writeFile(keyFile, 'not json');
    const result = await sigil([...whoami, '--body', '{}', '--key', keyFile, '--no-post']);
    expect(result.code).not.toBe(0);
    expect(stderrLines(result)).toEqual([expect.stringContaining('is not valid JSON')]);
  });

  it('unreachable host', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await sigil([...whoami, '--body', '{}', '--key', keyFile, '--base-url', `http://127.0.0.1:${port}`]);
    expect(result.code).toBe(1);
    expect(stderrLines(result)).toEqual([
      `sigil: Could not reach http://127.0.0.1:${port} (ECONNREFUSED): check --base-url or SIGIL_BASE_URL and your network`,
    ]);
  });

  it('unknown options', async () => {
    const result = await sigil([...whoami, '--bogus']);
    expect(result.code).toBe(2);
    expect(stderrLines(result)).toHaveLength(1);
    expect(result.stderr).toContain('--bogus');
  });
});
