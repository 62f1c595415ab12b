import { createServer, type Server, type Socket } from 'node:net';
import { ApiKeyStamper, TEST_VECTOR } from '@sigil/api-key-stamper';
import { afterEach, describe, expect, it } from 'vitest';
import { MiniClient } from '../test/mini-client.js';
import { SigilError, SigilRequestError, isRetryableError } from './errors.js';
import { backoffDelay } from './transport.js';

const stamper = new ApiKeyStamper({ apiPublicKey: TEST_VECTOR.publicKey, apiPrivateKey: TEST_VECTOR.privateKey });
// No waiting between attempts, so the tests count attempts without sleeping.
const instant = { baseDelayMs: 0, maxDelayMs: 0 };

interface Call {
  url: string;
  body: string;
}

/** A fetch that answers from a list (a Response, or an error to throw), recording each call. */
function scripted(answers: (Response | Error)[]): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fakeFetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: String(init.body) });
    const next = answers.shift();
    if (!next) throw new Error('no scripted answer left');
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  return { fetch: fakeFetch, calls };
}

const status = (code: number, httpStatus: number): Response =>
  new Response(JSON.stringify({ code, message: `code ${code}`, details: [] }), { status: httpStatus });
const ok = (body: unknown): Response => new Response(JSON.stringify(body), { status: 200 });
const activity = { activity: { id: 'a1', organizationId: 'org', status: 'ACTIVITY_STATUS_COMPLETED', type: 'T', result: {} } };

/** What Node's fetch throws when nothing listens on the port. */
function refused(): TypeError {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
  return new TypeError('fetch failed', { cause });
}

describe('SigilError', () => {
  it('carries the number and the name the API document gives a code, with its retry flags', () => {
    const denied = SigilError.fromResponse(403, '/public/v1/submit/create_wallet', JSON.stringify({ code: 7, message: 'no policy allows this request', details: [] }));
    expect(denied).toBeInstanceOf(SigilRequestError);
    expect(denied).toMatchObject({ status: 403, code: 7, codeName: 'PERMISSION_DENIED', retryable: false, submissionRetryable: false });
    expect(isRetryableError(denied)).toBe(false);
    const busy = SigilError.fromResponse(429, '/p', JSON.stringify({ code: 8, message: 'slow down', details: [] }));
    expect(busy).toMatchObject({ codeName: 'RESOURCE_EXHAUSTED', retryable: true, submissionRetryable: true });
    const late = SigilError.fromResponse(504, '/p', JSON.stringify({ code: 4, message: 'late', details: [] }));
    expect(late).toMatchObject({ codeName: 'DEADLINE_EXCEEDED', retryable: true, submissionRetryable: false });
    expect(SigilError.fromResponse(500, '/p', JSON.stringify({ code: 99, message: '?', details: [] }))).toMatchObject({ code: 99, codeName: 'UNKNOWN', retryable: false });
  });
});

describe('backoffDelay', () => {
  it('draws a wait below a bound that doubles per attempt up to maxDelayMs (full jitter)', () => {
    const options = { retries: 5, baseDelayMs: 100, maxDelayMs: 1_000, random: () => 0.999 };
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, options))).toEqual([99, 199, 399, 799, 999, 999]);
    expect(backoffDelay(3, { ...options, random: () => 0 })).toBe(0);
  });
});

describe('retries', () => {
  it('retries a query on a retryable code and returns the later answer', async () => {
    const { fetch, calls } = scripted([status(14, 503), status(8, 429), ok({ organizationId: 'org', username: 'u' })]);
    const client = new MiniClient({ organizationId: 'org', stamper, fetch, retry: instant });
    await expect(client.whoami()).resolves.toEqual({ organizationId: 'org', username: 'u' });
    expect(calls).toHaveLength(3);
  });

  it('does not retry a code the document marks not retryable', async () => {
    const { fetch, calls } = scripted([status(7, 403)]);
    const client = new MiniClient({ organizationId: 'org', stamper, fetch, retry: instant });
    await expect(client.whoami()).rejects.toMatchObject({ code: 7, codeName: 'PERMISSION_DENIED' });
    expect(calls).toHaveLength(1);
  });

  it('gives up after `retries` further attempts with the last error', async () => {
    const { fetch, calls } = scripted([status(14, 503), status(14, 503), status(14, 503)]);
    const client = new MiniClient({ organizationId: 'org', stamper, fetch, retry: { ...instant, retries: 2 } });
    await expect(client.whoami()).rejects.toMatchObject({ status: 503, codeName: 'UNAVAILABLE' });
    expect(calls).toHaveLength(3);
  });

  it('sends once with retry: false, on the client or per call', async () => {
    const first = scripted([status(14, 503)]);
    await expect(new MiniClient({ organizationId: 'org', stamper, fetch: first.fetch, retry: false }).whoami()).rejects.toBeInstanceOf(SigilError);
    expect(first.calls).toHaveLength(1);
    const second = scripted([status(14, 503)]);
    await expect(new MiniClient({ organizationId: 'org', stamper, fetch: second.fetch }).whoami(undefined, { retry: false })).rejects.toBeInstanceOf(SigilError);
    expect(second.calls).toHaveLength(1);
  });

  it('retries a submission on every retryable code, resending the identical envelope (the replay rule makes it safe)', async () => {
    const { fetch, calls } = scripted([status(8, 429), status(10, 409), status(4, 504), ok(activity)]);
    let clock = 1_000;
    const client = new MiniClient({ organizationId: 'org', stamper, fetch, retry: instant, now: () => clock++ });
    await expect(client.createWallet({ walletName: 'w', accounts: [] })).resolves.toMatchObject({ id: 'a1' });
    expect(calls.map((c) => c.body)).toEqual(Array(4).fill(calls[0]!.body));
    expect((JSON.parse(calls[0]!.body) as { timestampMs: string }).timestampMs).toBe('1000');

    // A code that is not retryable is not resent.
    const denied = scripted([status(7, 403)]);
    const deniedClient = new MiniClient({ organizationId: 'org', stamper, fetch: denied.fetch, retry: instant });
    await expect(deniedClient.createWallet({ walletName: 'w', accounts: [] })).rejects.toMatchObject({ codeName: 'PERMISSION_DENIED' });
    expect(denied.calls).toHaveLength(1);
  });
});

describe('failures without an answer', () => {
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    // close() waits for open connections, and the silent server's never end by themselves.
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A TCP server that accepts connections and never answers. */
  async function silentServer(): Promise<string> {
    const server = createServer((socket) => {
      sockets.push(socket);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }

  /** A port nothing listens on: bound once, then released. */
  async function closedPort(): Promise<string> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return `http://127.0.0.1:${port}`;
  }

  it('wraps a refused connection (real fetch) in SigilError UNAVAILABLE and retries it', async () => {
    const baseUrl = await closedPort();
    let attempts = 0;
    const counting = ((input: string, init: RequestInit) => {
      attempts++;
      return fetch(input, init);
    }) as typeof fetch;
    const client = new MiniClient({ baseUrl, organizationId: 'org', stamper, fetch: counting, retry: { ...instant, retries: 2 } });
    const error = (await client.whoami().catch((e: unknown) => e)) as SigilError;
    expect(error).toBeInstanceOf(SigilError);
    expect(error).toMatchObject({ status: undefined, code: 14, codeName: 'UNAVAILABLE', path: '/public/v1/query/whoami', submissionRetryable: true });
    expect(error.message).toMatch(new RegExp(`^Could not reach ${baseUrl}/public/v1/query/whoami: fetch failed.*ECONNREFUSED`));
    expect(attempts).toBe(3);
  });

  it('resends a submission after a refused connection and after an unclear network failure, as the identical body', async () => {
    const refusedOnce = scripted([refused(), ok(activity)]);
    const client = new MiniClient({ organizationId: 'org', stamper, fetch: refusedOnce.fetch, retry: instant });
    await expect(client.createWallet({ walletName: 'w', accounts: [] })).resolves.toMatchObject({ id: 'a1' });
    expect(refusedOnce.calls).toHaveLength(2);

    // A browser's "Failed to fetch" says nothing of whether the request left; the identical resend is answered
    // with the activity it may have created, so it is safe.
    const unclear = scripted([new TypeError('Failed to fetch'), ok(activity)]);
    const unclearClient = new MiniClient({ organizationId: 'org', stamper, fetch: unclear.fetch, retry: instant });
    await expect(unclearClient.createWallet({ walletName: 'w', accounts: [] })).resolves.toMatchObject({ id: 'a1' });
    expect(unclear.calls).toHaveLength(2);
    expect(unclear.calls[1]!.body).toBe(unclear.calls[0]!.body);
  });

  it('times out a server that never answers with SigilError DEADLINE_EXCEEDED', async () => {
    const baseUrl = await silentServer();
    const client = new MiniClient({ baseUrl, organizationId: 'org', stamper, retry: false });
    const error = (await client.whoami(undefined, { timeoutMs: 50 }).catch((e: unknown) => e)) as SigilError;
    expect(error).toBeInstanceOf(SigilError);
    expect(error).toMatchObject({ status: undefined, code: 4, codeName: 'DEADLINE_EXCEEDED' });
    expect(error.message).toBe(`No answer from ${baseUrl}/public/v1/query/whoami within 50 ms`);
  });

  it('resends a submission that timed out as the identical body, up to the retry limit', async () => {
    const baseUrl = await silentServer();
    let attempts = 0;
    const counting = ((input: string, init: RequestInit) => {
      attempts++;
      return fetch(input, init);
    }) as typeof fetch;
    const client = new MiniClient({ baseUrl, organizationId: 'org', stamper, fetch: counting, timeoutMs: 30, retry: instant });
    await expect(client.createWallet({ walletName: 'w', accounts: [] })).rejects.toMatchObject({ codeName: 'DEADLINE_EXCEEDED', submissionRetryable: false });
    expect(attempts).toBe(4);
  });

  it('stops at once when the signal aborts, with SigilError CANCELLED carrying the reason', async () => {
    const baseUrl = await silentServer();
    const client = new MiniClient({ baseUrl, organizationId: 'org', stamper, timeoutMs: 0 });
    const controller = new AbortController();
    const pending = client.whoami(undefined, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(new Error('user left the page')), 20);
    const error = (await pending) as SigilError;
    expect(error).toMatchObject({ code: 1, codeName: 'CANCELLED', message: 'The call to /public/v1/query/whoami was cancelled' });
    expect((error.cause as Error).message).toBe('user left the page');

    const already = new AbortController();
    already.abort();
    const { fetch, calls } = scripted([ok({})]);
    await expect(new MiniClient({ organizationId: 'org', stamper, fetch }).whoami(undefined, { signal: already.signal })).rejects.toMatchObject({ codeName: 'CANCELLED' });
    expect(calls).toHaveLength(0);
  });

  it('an abort during the backoff wait ends the retries', async () => {
    const { fetch, calls } = scripted([status(14, 503), ok({})]);
    const controller = new AbortController();
    const client = new MiniClient({ organizationId: 'org', stamper, fetch, retry: { baseDelayMs: 60_000, maxDelayMs: 60_000, random: () => 0.5 } });
    const pending = client.whoami(undefined, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).resolves.toMatchObject({ codeName: 'CANCELLED' });
    expect(calls).toHaveLength(1);
  });
});
