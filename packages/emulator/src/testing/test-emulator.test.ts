import { ApiKeyStamper, generateApiKeyPair } from '@sigil/api-key-stamper';
import { SigilClient, waitForActivity } from '@sigil/http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './index.js';

describe('startTestEmulator', () => {
  let server: TestEmulator | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('serves an organization over HTTP, registers the given keys and records only the test’s requests', async () => {
    const extra = generateApiKeyPair();
    server = await startTestEmulator({ apiPublicKeys: [extra.publicKey], organizationName: 'Acme', userName: 'alice' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.requests).toEqual([]);

    const client = new SigilClient({
      baseUrl: server.url,
      organizationId: server.organizationId,
      stamper: new ApiKeyStamper({ apiPublicKey: extra.publicKey, apiPrivateKey: extra.privateKey }),
    });
    await expect(client.whoami({})).resolves.toMatchObject({ organizationId: server.organizationId, organizationName: 'Acme', userId: server.rootUserId, username: 'alice' });
    const { apiKeys } = await server.client.getApiKeys({ userId: server.rootUserId });
    expect(apiKeys.map((key) => key.credential.publicKey).sort()).toEqual([server.rootKeys.publicKey, extra.publicKey].sort());

    expect(server.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/public/v1/query/whoami', 200],
      ['POST', '/public/v1/query/get_api_keys', 200],
    ]);
    expect(JSON.parse(server.requests[0]!.response)).toMatchObject({ userId: server.rootUserId });
    expect(server.requests[0]!.headers['x-stamp']).toBeTypeOf('string');
  });

  it('refuses a key it was not given', async () => {
    server = await startTestEmulator();
    const stranger = generateApiKeyPair();
    const client = new SigilClient({
      baseUrl: server.url,
      organizationId: server.organizationId,
      stamper: new ApiKeyStamper({ apiPublicKey: stranger.publicKey, apiPrivateKey: stranger.privateKey }),
    });
    await expect(client.whoami({})).rejects.toMatchObject({ status: 401, code: 16 });
    expect(server.requests.at(-1)!.status).toBe(401);
  });

  it('keeps new activities pending for pendingPolls reads, and still registers keys with it set', async () => {
    const extra = generateApiKeyPair();
    server = await startTestEmulator({ pendingPolls: 2, apiPublicKeys: [extra.publicKey] });
    const submitted = await server.client.createWallet({ walletName: 'Main', accounts: [] });
    expect(submitted.status).toBe('ACTIVITY_STATUS_PENDING');
    const { outcome } = await waitForActivity(server.client, submitted, { initialDelayMs: 1 });
    expect(outcome).toBe('COMPLETED');
    expect(server.requests.filter((r) => r.path === '/public/v1/query/get_activity')).toHaveLength(3);
    const { apiKeys } = await server.client.getApiKeys({ userId: server.rootUserId });
    expect(apiKeys.map((key) => key.credential.publicKey)).toContain(extra.publicKey);
  });

  it('registers the given keys on a test clock far from the real one', async () => {
    const extra = generateApiKeyPair();
    const now = () => Date.UTC(2030, 0, 1);
    server = await startTestEmulator({ now, apiPublicKeys: [extra.publicKey] });
    const { apiKeys } = await server.client.getApiKeys({ userId: server.rootUserId });
    expect(apiKeys.map((key) => key.credential.publicKey)).toContain(extra.publicKey);
  });

  it('stops listening on close', async () => {
    const started = await startTestEmulator();
    await started.close();
    await expect(fetch(`${started.url}/emulator/v1/health`)).rejects.toThrow();
  });
});
