import { TEST_VECTOR } from '@sigil/api-key-stamper';
import { describe, expect, it } from 'vitest';
import { createServerClient, DEFAULT_BASE_URL, SigilClient, SigilError } from './index.js';

describe('createServerClient', () => {
  it('returns a SigilClient that stamps with the API key and defaults the base URL', async () => {
    const seen: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, headers: init.headers as Record<string, string>, body: String(init.body) });
      return new Response(JSON.stringify({ organizationId: 'org', organizationName: 'O', userId: 'u', username: 'n' }));
    }) as unknown as typeof fetch;
    const client = createServerClient({
      apiPublicKey: TEST_VECTOR.publicKey,
      apiPrivateKey: TEST_VECTOR.privateKey,
      organizationId: 'org',
      fetch: fakeFetch,
    });
    expect(client).toBeInstanceOf(SigilClient);
    expect(client.baseUrl).toBe(DEFAULT_BASE_URL);
    await client.whoami();
    expect(seen[0]!.url).toBe('https://api.sigil.example/public/v1/query/whoami');
    const stamp = JSON.parse(Buffer.from(seen[0]!.headers['X-Stamp']!, 'base64url').toString('utf8')) as { publicKey: string };
    expect(stamp.publicKey).toBe(TEST_VECTOR.publicKey);
  });

  it('passes the transport settings through to the client', async () => {
    let calls = 0;
    const unavailable = (async () => {
      calls++;
      return new Response(JSON.stringify({ code: 14, message: 'busy', details: [] }), { status: 503 });
    }) as unknown as typeof fetch;
    const base = { apiPublicKey: TEST_VECTOR.publicKey, apiPrivateKey: TEST_VECTOR.privateKey, organizationId: 'org', fetch: unavailable };
    await expect(createServerClient({ ...base, retry: false }).whoami()).rejects.toMatchObject({ codeName: 'UNAVAILABLE' });
    expect(calls).toBe(1);
    await expect(createServerClient({ ...base, retry: { retries: 2, baseDelayMs: 0 } }).whoami()).rejects.toBeInstanceOf(SigilError);
    expect(calls).toBe(4);
  });

  it('rejects a key pair that does not match', () => {
    expect(() =>
      createServerClient({ apiPublicKey: TEST_VECTOR.publicKey, apiPrivateKey: 'ab'.repeat(32), organizationId: 'org' }),
    ).toThrow(/does not match/);
  });
});
