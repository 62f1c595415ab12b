import { createECDH, createPublicKey, ECDH, verify } from 'node:crypto';
import { TEST_VECTOR } from '@sigil/api-key-stamper';
import { describe, expect, it } from 'vitest';
import {
  createBrowserClient,
  createPasskey,
  createPasskeyClient,
  createSessionKeyPair,
  SessionKeyStore,
  SigilClient,
  toSigilTransports,
} from './index.js';

describe('createBrowserClient / createPasskeyClient', () => {
  it('createBrowserClient stamps with the API key', async () => {
    const headers: Array<Record<string, string>> = [];
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      headers.push(init.headers as Record<string, string>);
      return new Response('{"organizationId":"org","organizationName":"O","userId":"u","username":"n"}');
    }) as unknown as typeof fetch;
    const client = createBrowserClient({
      baseUrl: 'http://127.0.0.1:1',
      apiPublicKey: TEST_VECTOR.publicKey,
      apiPrivateKey: TEST_VECTOR.privateKey,
      organizationId: 'org',
      fetch: fakeFetch,
    });
    expect(client).toBeInstanceOf(SigilClient);
    await client.whoami();
    expect(headers[0]!['X-Stamp']).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('createPasskeyClient needs WebAuthn to stamp', async () => {
    const client = createPasskeyClient({ rpId: 'example.com', organizationId: 'org' });
    expect(client.baseUrl).toBe('https://api.sigil.example');
    await expect(client.whoami()).rejects.toThrow(/navigator\.credentials/);
  });

  it('createPasskey needs WebAuthn', async () => {
    await expect(
      createPasskey({ rp: { id: 'example.com', name: 'Example' }, user: { name: 'a', displayName: 'A' } }),
    ).rejects.toThrow(/navigator\.credentials/);
  });

  it('maps WebAuthn transports to Sigil enum values', () => {
    expect(toSigilTransports(['usb', 'internal', 'hybrid', 'nfc', 'ble', 'smart-card'])).toEqual([
      'AUTHENTICATOR_TRANSPORT_USB',
      'AUTHENTICATOR_TRANSPORT_INTERNAL',
      'AUTHENTICATOR_TRANSPORT_HYBRID',
      'AUTHENTICATOR_TRANSPORT_NFC',
      'AUTHENTICATOR_TRANSPORT_BLE',
    ]);
  });
});

describe('session keys', () => {
  it('createSessionKeyPair returns a P-256 pair whose halves match (checked with node:crypto)', () => {
    const pair = createSessionKeyPair();
    expect(pair.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(pair.targetPublicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(pair.publicKeyUncompressed).toMatch(/^04[0-9a-f]{128}$/);
    const node = createECDH('prime256v1');
    node.setPrivateKey(Buffer.from(pair.privateKey, 'hex'));
    expect(node.getPublicKey('hex', 'compressed')).toBe(pair.targetPublicKey);
    expect(node.getPublicKey('hex', 'uncompressed')).toBe(pair.publicKeyUncompressed);
  });

  it('SessionKeyStore holds a target key and a session key, stamps until expiry, and never serializes keys', async () => {
    let now = 1_000;
    const store = new SessionKeyStore({ now: () => now });
    expect(store.targetPublicKey).toBeUndefined();
    const { targetPublicKey } = store.createTargetKey();
    expect(store.targetPublicKey).toBe(targetPublicKey);
    expect(store.targetPrivateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(store.hasSession).toBe(false);

    store.setSessionKey({ apiPrivateKey: TEST_VECTOR.privateKey, expiresAtMs: 2_000 });
    expect(store.hasSession).toBe(true);
    expect(store.sessionPublicKey).toBe(TEST_VECTOR.publicKey);
    const { stampHeaderValue } = await store.stamper!.stamp(TEST_VECTOR.body);
    expect(stampHeaderValue).toBe(TEST_VECTOR.stampHeaderValue);

    const serialized = JSON.stringify({ store });
    expect(serialized).not.toContain(TEST_VECTOR.privateKey);
    expect(serialized).not.toContain(store.targetPrivateKey!);
    expect(Object.keys(store)).toEqual([]);

    now = 2_000;
    expect(store.stamper).toBeUndefined();
    expect(store.hasSession).toBe(false);

    store.clear();
    expect(store.targetPublicKey).toBeUndefined();
  });

  it('a session stamp verifies with node:crypto', async () => {
    const pair = createSessionKeyPair();
    const store = new SessionKeyStore();
    store.setSessionKey({ apiPrivateKey: pair.privateKey });
    const body = '{"organizationId":"org"}';
    const stamp = JSON.parse(Buffer.from((await store.stamper!.stamp(body)).stampHeaderValue, 'base64url').toString()) as {
      publicKey: string;
      signature: string;
    };
    const point = ECDH.convertKey(stamp.publicKey, 'prime256v1', 'hex', undefined, 'uncompressed') as Buffer;
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    expect(verify('sha256', Buffer.from(body), key, Buffer.from(stamp.signature, 'hex'))).toBe(true);
  });
});
