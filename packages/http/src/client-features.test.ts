// The generated SigilClient against the emulator: submit-and-wait, typed results, stamp() without
// sending, and read-only sessions (X-Session) for queries.
import { ApiKeyStamper, generateApiKeyPair } from '@sigil/api-key-stamper';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigilClient, SigilError, waitForActivity, type CreateWalletActivity } from './index.js';
import type { Stamper } from './stamper.js';

describe('SigilClient against the emulator', () => {
  let server: TestEmulator;
  let stamper: ApiKeyStamper;
  let client: SigilClient;

  beforeAll(async () => {
    server = await startTestEmulator({ pendingPolls: 2 });
    stamper = new ApiKeyStamper({ apiPublicKey: server.rootKeys.publicKey, apiPrivateKey: server.rootKeys.privateKey });
    client = new SigilClient({ baseUrl: server.url, organizationId: server.organizationId, stamper });
  });

  afterAll(async () => {
    await server.close();
  });

  it('submits and waits in one call, the result typed for the operation', async () => {
    const { outcome, activity } = await client.createWallet(
      { walletName: 'Waited', accounts: [] },
      { wait: { initialDelayMs: 1, maxDelayMs: 5 } },
    );
    expect(outcome).toBe('COMPLETED');
    const walletId: string = activity.result.createWalletResult!.walletId;
    expect((await client.getWallet({ walletId })).wallet.walletName).toBe('Waited');
    // Two polls saw PENDING before the third saw the final state.
    expect(server.requests.filter((r) => r.path === '/public/v1/query/get_activity')).toHaveLength(3);
  });

  it('keeps the submission type through waitForActivity', async () => {
    const submitted: CreateWalletActivity = await client.createWallet({ walletName: 'Typed', accounts: [] });
    const { activity } = await waitForActivity(client, submitted, { initialDelayMs: 1, maxDelayMs: 5 });
    expect(activity.result.createWalletResult?.walletId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stamp() returns the exact request without sending it, and the API accepts it as is', async () => {
    const before = server.requests.length;
    const stamped = await client.stamp('createWallet', { walletName: 'Stamped', accounts: [] });
    expect(server.requests.length).toBe(before);
    expect(stamped.url).toBe(`${server.url}/public/v1/submit/create_wallet`);
    expect(JSON.parse(stamped.body)).toMatchObject({ type: 'ACTIVITY_TYPE_CREATE_WALLET', organizationId: server.organizationId, parameters: { walletName: 'Stamped' } });
    expect(Object.keys(stamped.headers).sort()).toEqual(['Content-Type', 'X-Stamp']);
    // What a backend does with a request a browser stamped: send it unchanged.
    const response = await fetch(stamped.url, { method: stamped.method, headers: stamped.headers, body: stamped.body });
    expect(response.status).toBe(200);

    const query = await client.stamp('whoami');
    expect(JSON.parse(query.body)).toEqual({ organizationId: server.organizationId });
    expect((await fetch(query.url, { method: 'POST', headers: query.headers, body: query.body })).status).toBe(200);
  });

  it("'auto' read-only session: one stamped creation, then every query and poll goes with X-Session", async () => {
    let stamps = 0;
    const counting: Stamper = {
      stamp: (body) => {
        stamps++;
        return stamper.stamp(body);
      },
    };
    const passkeyLike = new SigilClient({ baseUrl: server.url, organizationId: server.organizationId, stamper: counting, readOnlySession: 'auto' });
    const from = server.requests.length;
    await Promise.all([passkeyLike.whoami(), passkeyLike.listWallets()]);
    const { outcome } = await passkeyLike.createWallet({ walletName: 'Polled', accounts: [] }, { wait: { initialDelayMs: 1, maxDelayMs: 5 } });
    expect(outcome).toBe('COMPLETED');
    // Stamped: create_read_only_session (one, shared by the two concurrent queries), the three polls of that
    // activity (this emulator keeps activities pending for two reads; the real API completes it at once) and
    // create_wallet. Everything after the session exists, the polls of create_wallet included, is not stamped.
    expect(stamps).toBe(5);
    const sent = server.requests.slice(from);
    const firstSession = sent.findIndex((r) => r.headers['x-session'] !== undefined);
    expect(sent.slice(0, firstSession).map((r) => r.path)).toEqual([
      '/public/v1/submit/create_read_only_session',
      ...Array(3).fill('/public/v1/query/get_activity'),
    ]);
    for (const request of sent.slice(firstSession)) {
      const isQuery = request.path.startsWith('/public/v1/query/');
      expect(request.headers['x-session'] !== undefined, request.path).toBe(isQuery);
      expect(request.headers['x-stamp'] !== undefined, request.path).toBe(!isQuery);
      expect(request.status, request.path).toBe(200);
    }
    expect(sent.slice(firstSession).filter((r) => r.path === '/public/v1/query/get_activity')).toHaveLength(3);
    expect(passkeyLike.readOnlySession?.expiresAtMs).toBeGreaterThan(Date.now());
  });

  it("'auto' falls back to stamping queries when no policy lets the user create a session", async () => {
    const keys = generateApiKeyPair();
    const created = await client.createUsers(
      { users: [{ userName: 'reader', accessType: 'ACCESS_TYPE_API', userTags: [], authenticators: [], apiKeys: [{ apiKeyName: 'reader key', publicKey: keys.publicKey }] }] },
      { wait: { initialDelayMs: 1, maxDelayMs: 5 } },
    );
    const userId = created.activity.result.createUsersResult!.userIds[0]!;
    const reader = new SigilClient({
      baseUrl: server.url,
      organizationId: server.organizationId,
      stamper: new ApiKeyStamper({ apiPublicKey: keys.publicKey, apiPrivateKey: keys.privateKey }),
      readOnlySession: 'auto',
    });
    expect((await reader.whoami()).userId).toBe(userId);
    const from = server.requests.length;
    expect((await reader.whoami()).userId).toBe(userId);
    // One try at a session (denied: code 7), then stamped queries without trying again.
    expect(server.requests.slice(from).map((r) => [r.path, r.headers['x-stamp'] !== undefined])).toEqual([['/public/v1/query/whoami', true]]);
    expect(server.requests.filter((r) => r.path === '/public/v1/submit/create_read_only_session' && r.status === 403)).toHaveLength(1);
  });

  it('a session-only client sends queries and refuses submissions before sending', async () => {
    const session = await client.startReadOnlySession();
    const reader = new SigilClient({ baseUrl: server.url, organizationId: server.organizationId, readOnlySession: session });
    expect((await reader.whoami()).organizationId).toBe(server.organizationId);
    const before = server.requests.length;
    const error = (await reader.createWallet({ walletName: 'Nope', accounts: [] }).catch((e: unknown) => e)) as SigilError;
    expect(error).toBeInstanceOf(SigilError);
    expect(error).toMatchObject({ codeName: 'UNAUTHENTICATED', status: undefined, path: '/public/v1/submit/create_wallet' });
    expect(error.message).toMatch(/needs a stamp: this client holds only a read-only session/);
    expect(server.requests.length).toBe(before);
  });

  it('an expired session fails clearly on a session-only client; a client with a stamper goes back to stamping', async () => {
    const session = { session: 'whatever', expiresAtMs: Date.now() - 1 };
    const reader = new SigilClient({ baseUrl: server.url, organizationId: server.organizationId, readOnlySession: session });
    const before = server.requests.length;
    await expect(reader.whoami()).rejects.toMatchObject({ codeName: 'UNAUTHENTICATED', message: expect.stringMatching(/^The read-only session expired at /) });
    expect(server.requests.length).toBe(before);

    const both = new SigilClient({ baseUrl: server.url, organizationId: server.organizationId, stamper, readOnlySession: session });
    await expect(both.whoami()).resolves.toMatchObject({ organizationId: server.organizationId });
    expect(server.requests.at(-1)!.headers['x-stamp']).toBeDefined();
    expect(both.readOnlySession).toBeUndefined();
  });

  it('needs a stamper or a session token', () => {
    expect(() => new SigilClient({ organizationId: 'org' })).toThrow(/needs a stamper, or a read-only session token/);
    expect(() => new SigilClient({ organizationId: 'org', readOnlySession: 'auto' })).toThrow(/needs a stamper/);
  });
});

// Compile-time checks (tsc -p tsconfig.test.json): never called.
export async function typeChecks(client: SigilClient): Promise<void> {
  const wallet = await client.createWallet({ walletName: 'w', accounts: [] });
  void wallet.result.createWalletResult?.walletId;
  // @ts-expect-error a create-wallet activity has no signing result
  void wallet.result.signTransactionResult;
  const signed = await client.signRawPayload(
    { signWith: 'k', payload: 'p', encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_SHA256' },
    { wait: true },
  );
  void signed.activity.result.signRawPayloadResult?.r;
  // @ts-expect-error the signing activity has no wallet result
  void signed.activity.result.createWalletResult;
  // getActivity knows nothing of the operation, so every result key stays possible.
  const { activity } = await client.getActivity({ activityId: 'a' });
  void activity.result.signTransactionResult;
}
