import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { startTestEmulator, type RecordedExchange, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigilClient, SigilError, startReadWriteSession } from './index.js';
import type { Stamper } from './stamper.js';

function stampKey(request: RecordedExchange): string {
  return (JSON.parse(Buffer.from(request.headers['x-stamp'] ?? '', 'base64url').toString('utf8')) as { publicKey: string }).publicKey;
}

describe('startReadWriteSession against the emulator', () => {
  let server: TestEmulator;
  let stamps = 0;
  let client: SigilClient;

  beforeAll(async () => {
    // Activities stay pending for one read, so the session's creation is polled.
    server = await startTestEmulator({ pendingPolls: 1 });
    const root = new ApiKeyStamper({ apiPublicKey: server.rootKeys.publicKey, apiPrivateKey: server.rootKeys.privateKey });
    const counting: Stamper = {
      stamp: (body) => {
        stamps++;
        return root.stamp(body);
      },
    };
    client = new SigilClient({ baseUrl: server.url, organizationId: server.organizationId, stamper: counting });
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates the session, opens its bundle and returns a client stamped with the session key', async () => {
    const session = await startReadWriteSession(client, { expirationSeconds: 600, apiKeyName: 'test session', wait: { initialDelayMs: 1, maxDelayMs: 5 } });
    expect(session).toMatchObject({ organizationId: server.organizationId, userId: server.rootUserId, active: true });
    const stampsBefore = stamps;
    const { wallets } = await session.client.listWallets();
    expect(wallets).toEqual([]);
    await session.client.createWallet({ walletName: 'From the session', accounts: [] });
    // Neither call used the credential that started the session.
    expect(stamps).toBe(stampsBefore);
    expect(stampKey(server.requests.at(-1)!)).toBe(session.apiPublicKey);
    const { apiKeys } = await client.getApiKeys({ userId: server.rootUserId });
    expect(apiKeys.find((key) => key.apiKeyId === session.apiKeyId)).toMatchObject({ apiKeyName: 'test session', credential: { publicKey: session.apiPublicKey } });
  });

  it('stops stamping at expiry (less the margin) and after end(), before sending anything', async () => {
    let clock = Date.now();
    const session = await startReadWriteSession(client, { expirationSeconds: 120, expiryMarginMs: 20_000, now: () => clock, wait: { initialDelayMs: 1, maxDelayMs: 5 } });
    expect(session.expiresAtMs).toBe(clock + 100_000);
    await expect(session.client.whoami()).resolves.toMatchObject({ userId: server.rootUserId });
    clock += 100_000;
    const sent = server.requests.length;
    const error = (await session.client.whoami().catch((e: unknown) => e)) as SigilError;
    expect(error).toBeInstanceOf(SigilError);
    expect(error).toMatchObject({
      codeName: 'UNAUTHENTICATED',
      path: '/public/v1/query/whoami',
      message: expect.stringMatching(/^The read-write session expired at .*; start a new one$/),
    });
    expect(session.active).toBe(false);
    expect(server.requests.length).toBe(sent);

    const other = await startReadWriteSession(client, { wait: { initialDelayMs: 1, maxDelayMs: 5 } });
    other.end();
    await expect(other.client.whoami()).rejects.toMatchObject({ codeName: 'UNAUTHENTICATED', message: 'The read-write session was ended; start a new one' });
  });

  it('rejects a lifetime that is not a positive whole number of seconds', async () => {
    await expect(startReadWriteSession(client, { expirationSeconds: 0 })).rejects.toThrow(/positive whole number/);
  });
});
