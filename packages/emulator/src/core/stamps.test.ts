import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { API_KEY_CURVES, ApiKeyStamper, generateApiKeyPair } from '@sigil/api-key-stamper';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesToBase64url } from './encoding.js';
import { createTestContext, type TestContext } from './testing/context.js';
import { softPasskey } from './testing/soft-passkey.test-util.js';

let t: TestContext;
afterEach(async () => t?.close());

const b64 = (bytes: Uint8Array) => bytesToBase64url(bytes);
const xStamp = (stamp: object) => b64(utf8ToBytes(JSON.stringify(stamp)));

function whoamiBody(organizationId: string) {
  return JSON.stringify({ organizationId });
}

function envelope(organizationId: string, type: string, parameters: object, timestampMs = Date.now()) {
  return JSON.stringify({ type, timestampMs: String(timestampMs), organizationId, parameters });
}

async function sdkStamp(t: TestContext, body: string) {
  const stamper = new ApiKeyStamper({ apiPublicKey: t.root.publicKey, apiPrivateKey: t.root.privateKey });
  return (await stamper.stamp(body)).stampHeaderValue;
}

describe('X-Stamp with a P-256 key (the SDK stamper)', () => {
  it('accepts the stamp of the exact body and refuses a tampered, stale or unknown one', async () => {
    t = await createTestContext();
    const body = whoamiBody(t.organizationId);
    const stamp = await sdkStamp(t, body);
    expect((await t.raw('/public/v1/query/whoami', body, { 'X-Stamp': stamp })).status).toBe(200);

    const tampered = await t.raw('/public/v1/query/whoami', body.replace('{', '{ '), { 'X-Stamp': stamp });
    expect(tampered).toMatchObject({ status: 401, json: { code: 16 } });

    const unknown = p256.utils.randomSecretKey();
    const stranger = new ApiKeyStamper({ apiPublicKey: bytesToHex(p256.getPublicKey(unknown)), apiPrivateKey: bytesToHex(unknown) });
    const strangerStamp = (await stranger.stamp(body)).stampHeaderValue;
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Stamp': strangerStamp })).toMatchObject({ status: 401, json: { code: 16 } });

    const stale = envelope(t.organizationId, 'ACTIVITY_TYPE_CREATE_USER_TAG', { userTagName: 'ops', userIds: [] }, Date.now() - 301_000);
    expect(await t.raw('/public/v1/submit/create_user_tag', stale, { 'X-Stamp': await sdkStamp(t, stale) })).toMatchObject({
      status: 400,
      json: { code: 3, details: [{ field: 'timestampMs' }] },
    });
    const future = envelope(t.organizationId, 'ACTIVITY_TYPE_CREATE_USER_TAG', { userTagName: 'ops', userIds: [] }, Date.now() + 61_000);
    expect(await t.raw('/public/v1/submit/create_user_tag', future, { 'X-Stamp': await sdkStamp(t, future) })).toMatchObject({ status: 400, json: { code: 3 } });

    expect(await t.raw('/public/v1/query/whoami', body, {})).toMatchObject({ status: 401, json: { code: 16 } });
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Stamp': 'not base64url!' })).toMatchObject({ status: 401, json: { code: 16 } });
  });

  it('refuses an API key after its expirationSeconds', async () => {
    let clock = Date.now();
    t = await createTestContext({ now: () => clock });
    const secret = p256.utils.randomSecretKey();
    const publicKey = bytesToHex(p256.getPublicKey(secret));
    await t.root.client.createApiKeys({
      userId: t.root.userId,
      apiKeys: [{ apiKeyName: 'short', publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' }],
    });
    const client = t.clientFor({ publicKey, privateKey: bytesToHex(secret) });
    await expect(client.whoami({})).resolves.toMatchObject({ userId: t.root.userId });
    clock += 61_000;
    await expect(client.whoami({})).rejects.toMatchObject({ code: 16, message: expect.stringContaining('expired') });
  });
});

describe('X-Stamp with secp256k1 and Ed25519 keys', () => {
  it('verifies each scheme as the document describes and refuses tampering', async () => {
    t = await createTestContext();
    const k1 = secp256k1.utils.randomSecretKey();
    const ed = ed25519.utils.randomSecretKey();
    const k1Public = bytesToHex(secp256k1.getPublicKey(k1, true));
    const edPublic = bytesToHex(ed25519.getPublicKey(ed));
    await t.root.client.createApiKeys({
      userId: t.root.userId,
      apiKeys: [
        { apiKeyName: 'k1', publicKey: k1Public, curveType: 'API_KEY_CURVE_SECP256K1' },
        { apiKeyName: 'ed', publicKey: edPublic, curveType: 'API_KEY_CURVE_ED25519' },
      ],
    });
    const body = whoamiBody(t.organizationId);
    const k1Stamp = xStamp({
      publicKey: k1Public,
      scheme: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256',
      signature: bytesToHex(secp256k1.sign(utf8ToBytes(body), k1, { format: 'der', prehash: true })),
    });
    const edStamp = xStamp({ publicKey: edPublic, scheme: 'SIGNATURE_SCHEME_SIGIL_ED25519', signature: bytesToHex(ed25519.sign(utf8ToBytes(body), ed)) });
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Stamp': k1Stamp })).toMatchObject({ status: 200, json: { userId: t.root.userId } });
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Stamp': edStamp })).toMatchObject({ status: 200 });
    const other = whoamiBody(t.organizationId).replace('}', ' }');
    expect(await t.raw('/public/v1/query/whoami', other, { 'X-Stamp': k1Stamp })).toMatchObject({ status: 401, json: { code: 16 } });
    expect(await t.raw('/public/v1/query/whoami', other, { 'X-Stamp': edStamp })).toMatchObject({ status: 401, json: { code: 16 } });
    // An Ed25519 signature over the digest (not the body bytes) is refused.
    const digestStamp = xStamp({ publicKey: edPublic, scheme: 'SIGNATURE_SCHEME_SIGIL_ED25519', signature: bytesToHex(ed25519.sign(sha256(utf8ToBytes(body)), ed)) });
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Stamp': digestStamp })).toMatchObject({ status: 401 });
    // A key registered on one curve does not stamp under another scheme.
    const wrongScheme = xStamp({ publicKey: k1Public, scheme: 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256', signature: bytesToHex(p256.sign(utf8ToBytes(body), k1, { format: 'der' })) });
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Stamp': wrongScheme })).toMatchObject({ status: 401 });
  });
});

// --- WebAuthn: the software authenticator of testing/soft-passkey.test-util.ts. ---
describe('X-Stamp from the SDK stamper on every curve', () => {
  it('accepts a P-256, secp256k1 and Ed25519 key made and used by @sigil/api-key-stamper, and refuses a tampered body', async () => {
    t = await createTestContext();
    const keys = API_KEY_CURVES.map((curve) => ({ curve, ...generateApiKeyPair(curve) }));
    await t.root.client.createApiKeys({
      userId: t.root.userId,
      apiKeys: keys.map((key) => ({ apiKeyName: key.curve, publicKey: key.publicKey, curveType: key.curve })),
    });
    const body = whoamiBody(t.organizationId);
    for (const key of keys) {
      const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey, curve: key.curve });
      const { stampHeaderValue } = await stamper.stamp(body);
      expect(await t.raw('/public/v1/query/whoami', body, { 'X-Stamp': stampHeaderValue }), key.curve).toMatchObject({ status: 200, json: { userId: t.root.userId } });
      expect(await t.raw('/public/v1/query/whoami', body.replace('}', ' }'), { 'X-Stamp': stampHeaderValue }), key.curve).toMatchObject({ status: 401, json: { code: 16 } });
    }
  });
});

describe('X-Stamp-WebAuthn', () => {
  it('registers a passkey from its attestation, accepts its assertions and refuses tampered or replayed ones', async () => {
    t = await createTestContext();
    const passkey = softPasskey();
    const challenge = b64(globalThis.crypto.getRandomValues(new Uint8Array(32)));
    await t.root.client.createAuthenticators({ userId: t.root.userId, authenticators: [passkey.register(challenge)] });
    const { authenticators } = await t.root.client.getAuthenticators({ userId: t.root.userId });
    expect(authenticators[0]).toMatchObject({ credentialId: passkey.credentialId, credential: { type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' } });

    const body = whoamiBody(t.organizationId);
    const header = passkey.stamp(body);
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Stamp-WebAuthn': header })).toMatchObject({ status: 200, json: { userId: t.root.userId } });
    // The same assertion again: its counter did not move.
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Stamp-WebAuthn': header })).toMatchObject({ status: 401, json: { code: 16 } });
    // Another body than the challenge covers.
    expect(await t.raw('/public/v1/query/whoami', body.replace('}', ' }'), { 'X-Stamp-WebAuthn': passkey.stamp(body) })).toMatchObject({ status: 401 });
    // Base64url-encoding the header is a documented mistake.
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Stamp-WebAuthn': b64(utf8ToBytes(passkey.stamp(body))) })).toMatchObject({ status: 401 });
  });

  it('refuses a registration whose challenge differs from the attestation, with code 3', async () => {
    t = await createTestContext();
    const passkey = softPasskey();
    const params = passkey.register('abc');
    await expect(t.root.client.createAuthenticators({ userId: t.root.userId, authenticators: [{ ...params, challenge: 'xyz' }] })).rejects.toMatchObject({
      code: 3,
      details: [{ field: 'parameters.authenticators[0].challenge' }],
    });
  });
});

describe('X-Session', () => {
  it('reads with a read-only session, never submits with one, and stops after an hour', async () => {
    let clock = Date.now();
    t = await createTestContext({ now: () => clock });
    const activity = await t.root.client.createReadOnlySession({});
    const { session } = activity.result.createReadOnlySessionResult!;
    const body = whoamiBody(t.organizationId);
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Session': session })).toMatchObject({ status: 200, json: { userId: t.root.userId } });
    const submit = envelope(t.organizationId, 'ACTIVITY_TYPE_CREATE_USER_TAG', { userTagName: 'ops', userIds: [] }, clock);
    expect(await t.raw('/public/v1/submit/create_user_tag', submit, { 'X-Session': session })).toMatchObject({ status: 401, json: { code: 16 } });
    clock += 3_600_000;
    expect(await t.raw('/public/v1/query/whoami', body, { 'X-Session': session })).toMatchObject({ status: 401, json: { code: 16 } });
  });
});
