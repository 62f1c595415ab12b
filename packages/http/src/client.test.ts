import { createHash } from 'node:crypto';
import { ApiKeyStamper, TEST_VECTOR, generateApiKeyPair } from '@sigil/api-key-stamper';
import { startTestEmulator, type RecordedExchange, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MiniClient } from '../test/mini-client.js';
import { SigilRequestError } from './errors.js';
import type { Stamper } from './stamper.js';

const stamper = new ApiKeyStamper({ apiPublicKey: TEST_VECTOR.publicKey, apiPrivateKey: TEST_VECTOR.privateKey });

/** The public key named by a recorded request's X-Stamp (the emulator has verified it when the status is 200). */
function stampKey(request: RecordedExchange): string {
  const stamp = JSON.parse(Buffer.from(request.headers['x-stamp'] ?? '', 'base64url').toString('utf8')) as { publicKey: string };
  return stamp.publicKey;
}

describe('SigilBaseClient against the emulator', () => {
  let server: TestEmulator;
  let client: MiniClient;

  beforeAll(async () => {
    server = await startTestEmulator({ apiPublicKeys: [TEST_VECTOR.publicKey], pendingPolls: 1 });
    client = new MiniClient({ baseUrl: server.url, organizationId: server.organizationId, stamper });
  });

  afterAll(async () => {
    await server.close();
  });

  it('fills in organizationId for queries and keeps an explicit one', async () => {
    const me = await client.whoami();
    expect(me.organizationId).toBe(server.organizationId);
    const request = server.requests.at(-1)!;
    expect(request.body).toBe(JSON.stringify({ organizationId: server.organizationId }));
    expect(request.status).toBe(200);
    expect(stampKey(request)).toBe(TEST_VECTOR.publicKey);

    // An organization the emulator does not have: code 5, and the body shows the client kept the explicit ID.
    const elsewhere = '00000000-0000-4000-8000-000000000000';
    await expect(client.whoami({ organizationId: elsewhere })).rejects.toMatchObject({ status: 404, code: 5 });
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ organizationId: elsewhere });
  });

  it('wraps submissions in the envelope, stamps the exact bytes it sends, and returns the activity', async () => {
    const before = Date.now();
    const activity = await client.createWallet({ walletName: 'Main', accounts: [] });
    const request = server.requests.at(-1)!;
    expect(request.path).toBe('/public/v1/submit/create_wallet');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.status).toBe(200);
    expect(stampKey(request)).toBe(TEST_VECTOR.publicKey);
    const envelope = JSON.parse(request.body) as Record<string, unknown>;
    expect(Object.keys(envelope)).toEqual(['type', 'timestampMs', 'organizationId', 'parameters']);
    expect(envelope.type).toBe('ACTIVITY_TYPE_CREATE_WALLET');
    expect(envelope.organizationId).toBe(server.organizationId);
    expect(envelope.parameters).toEqual({ walletName: 'Main', accounts: [] });
    expect(typeof envelope.timestampMs).toBe('string');
    expect(Number(envelope.timestampMs)).toBeGreaterThanOrEqual(before);
    expect(Number(envelope.timestampMs)).toBeLessThanOrEqual(Date.now());
    expect(activity).toMatchObject({ status: 'ACTIVITY_STATUS_PENDING', type: 'ACTIVITY_TYPE_CREATE_WALLET' });
    // sha256 of the RFC 8785 JSON of {id, intent, organizationId, type}: members sorted, no whitespace.
    const a = activity as unknown as { id: string; organizationId: string; fingerprint: string };
    const canonical = `{"id":${JSON.stringify(a.id)},"intent":{"createWalletIntent":{"accounts":[],"walletName":"Main"}},"organizationId":${JSON.stringify(a.organizationId)},"type":"ACTIVITY_TYPE_CREATE_WALLET"}`;
    expect(a.fingerprint).toBe(`sha256:${createHash('sha256').update(canonical).digest('hex')}`);
  });

  it('resends a submission whose answer was lost, and the emulator answers the activity it already created', async () => {
    let lost = 0;
    // The first attempt reaches the emulator, which creates the wallet; its answer is then dropped on the way back.
    const losingFetch = (async (input: string, init: RequestInit) => {
      const response = await fetch(input, init);
      if (lost++ === 0) {
        await response.text();
        throw new TypeError('Failed to fetch');
      }
      return response;
    }) as typeof fetch;
    const retrying = new MiniClient({ baseUrl: server.url, organizationId: server.organizationId, stamper, fetch: losingFetch, retry: { baseDelayMs: 0, maxDelayMs: 0 } });
    const activity = await retrying.createWallet({ walletName: 'Sent twice', accounts: [] });
    const attempts = server.requests.filter((r) => r.path === '/public/v1/submit/create_wallet' && r.body.includes('Sent twice'));
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.body).toBe(attempts[0]!.body);
    expect((JSON.parse(attempts[1]!.response) as { activity: { id: string } }).activity.id).toBe((activity as unknown as { id: string }).id);
    expect((JSON.parse(attempts[0]!.response) as { activity: { id: string } }).activity.id).toBe((activity as unknown as { id: string }).id);
  });

  it('honours timestampMs and organizationId overrides', async () => {
    await expect(
      client.createWallet({ walletName: 'Sub', accounts: [] }, { organizationId: 'sub-org', timestampMs: 1700000000000 }),
    ).rejects.toBeInstanceOf(SigilRequestError);
    const envelope = JSON.parse(server.requests.at(-1)!.body) as Record<string, unknown>;
    expect(envelope.timestampMs).toBe('1700000000000');
    expect(envelope.organizationId).toBe('sub-org');
  });

  it('maps a rejected stamp to SigilRequestError with the HTTP status and the Status fields', async () => {
    const wrongBody: Stamper = { stamp: () => stamper.stamp('{"something":"else"}') };
    const bad = new MiniClient({ baseUrl: server.url, organizationId: server.organizationId, stamper: wrongBody });
    const error = await bad.whoami().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect(error).toMatchObject({
      name: 'SigilError',
      codeName: 'UNAUTHENTICATED',
      status: 401,
      code: 16,
      message: 'X-Stamp signature does not verify against the request body',
      details: [],
      path: '/public/v1/query/whoami',
    });

    const stranger = generateApiKeyPair();
    const unregistered = new MiniClient({
      baseUrl: server.url,
      organizationId: server.organizationId,
      stamper: new ApiKeyStamper({ apiPublicKey: stranger.publicKey, apiPrivateKey: stranger.privateKey }),
    });
    await expect(unregistered.whoami()).rejects.toMatchObject({ status: 401, code: 16, message: expect.stringMatching(/not registered/) });
  });
});

describe('SigilBaseClient with an injected fetch', () => {
  it('uses the injected fetch and maps non-Status error bodies to code 2', async () => {
    const calls: string[] = [];
    const fakeFetch = (async (url: string) => {
      calls.push(url);
      return new Response('<html>Bad gateway</html>', { status: 502 });
    }) as unknown as typeof fetch;
    const client = new MiniClient({ baseUrl: 'https://api.example.test/', organizationId: 'org', stamper, fetch: fakeFetch });
    const error = (await client.whoami().catch((e: unknown) => e)) as SigilRequestError;
    expect(calls).toEqual(['https://api.example.test/public/v1/query/whoami']);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect(error.status).toBe(502);
    expect(error.code).toBe(2);
    expect(error.message).toBe('HTTP 502 from /public/v1/query/whoami: <html>Bad gateway</html>');
  });

  it('defaults the base URL to https://api.sigil.example', async () => {
    const calls: string[] = [];
    const fakeFetch = (async (url: string) => {
      calls.push(url);
      return new Response('{"organizationId":"org","username":"u"}', { status: 200 });
    }) as unknown as typeof fetch;
    await new MiniClient({ organizationId: 'org', stamper, fetch: fakeFetch }).whoami();
    expect(calls).toEqual(['https://api.sigil.example/public/v1/query/whoami']);
  });
});
