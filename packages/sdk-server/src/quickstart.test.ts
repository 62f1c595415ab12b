// The getting-started quickstart, end to end, using only the public SDK against the Sigil emulator.
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerClient, generateApiKeyPair, SigilRequestError, waitForActivity, type SigilClient } from './index.js';

describe('quickstart: whoami -> create wallet -> wait -> sign', () => {
  const key = generateApiKeyPair();
  let server: TestEmulator;
  let client: SigilClient;

  beforeAll(async () => {
    server = await startTestEmulator({ apiPublicKeys: [key.publicKey], pendingPolls: 1 });
    client = createServerClient({
      baseUrl: server.url,
      apiPublicKey: key.publicKey,
      apiPrivateKey: key.privateKey,
      organizationId: server.organizationId,
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('runs the whole flow with verified stamps', async () => {
    const me = await client.whoami();
    expect(me.organizationId).toBe(server.organizationId);
    expect(me.userId).toBe(server.rootUserId);
    expect(me.username).toBe('root');

    const activity = await client.createWallet({
      walletName: 'Quickstart wallet',
      accounts: [
        {
          curve: 'CURVE_SECP256K1',
          pathFormat: 'PATH_FORMAT_BIP32',
          path: "m/44'/60'/0'/0/0",
          addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
        },
      ],
      mnemonicLength: 12,
    });
    expect(activity.status).toBe('ACTIVITY_STATUS_PENDING');
    expect(activity.type).toBe('ACTIVITY_TYPE_CREATE_WALLET');

    const { outcome, activity: done } = await waitForActivity(client, activity, { initialDelayMs: 10 });
    expect(outcome).toBe('COMPLETED');
    expect(done.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const wallet = done.result?.createWalletResult;
    expect(wallet?.walletId).toMatch(/^[0-9a-f-]{36}$/);
    expect(wallet?.addresses).toHaveLength(1);
    const address = wallet!.addresses[0]!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const signing = await client.signRawPayload({
      signWith: address,
      payload: 'hello from the Sigil quickstart',
      encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
      hashFunction: 'HASH_FUNCTION_KECCAK256',
    });
    const { outcome: signed, activity: signedActivity } = await waitForActivity(client, signing);
    expect(signed).toBe('COMPLETED');
    const signature = signedActivity.result?.signRawPayloadResult;
    expect(signature?.r).toMatch(/^[0-9a-f]{64}$/);
    expect(signature?.s).toMatch(/^[0-9a-f]{64}$/);
    expect(['00', '01']).toContain(signature?.v);

    // Every call was stamped by our key and accepted: the emulator verifies each stamp against its registered keys.
    expect(server.requests.map((r) => r.path)).toEqual([
      '/public/v1/query/whoami',
      '/public/v1/submit/create_wallet',
      '/public/v1/query/get_activity',
      '/public/v1/query/get_activity',
      '/public/v1/submit/sign_raw_payload',
      '/public/v1/query/get_activity',
      '/public/v1/query/get_activity',
    ]);
    for (const request of server.requests) {
      expect(request.status).toBe(200);
      const stamp = JSON.parse(Buffer.from(request.headers['x-stamp']!, 'base64url').toString('utf8')) as { publicKey: string };
      expect(stamp.publicKey).toBe(key.publicKey);
    }
  });

  it('a client holding a different key is rejected with a Status error', async () => {
    const other = generateApiKeyPair();
    const intruder = createServerClient({
      baseUrl: server.url,
      apiPublicKey: other.publicKey,
      apiPrivateKey: other.privateKey,
      organizationId: server.organizationId,
    });
    const error = await intruder.whoami().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect(error).toMatchObject({ status: 401, code: 16 });
  });
});
