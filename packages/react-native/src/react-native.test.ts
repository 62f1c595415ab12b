import { BundleError, decryptCredentialBundle, SigilRequestError, waitForActivity } from '@sigil/http';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keychain, failures } from '../test/fake-react-native-keychain.js';
import { challengeOf, device } from '../test/fake-react-native-passkey.js';
import {
  createApiKeyClient,
  createPasskey,
  createPasskeyClient,
  createSessionClient,
  isPasskeySupported,
  PasskeyError,
  SecureSessionStore,
  SessionStoreError,
  SigilClient,
} from './index.js';

const RP_ID = 'example.com';
let emulator: TestEmulator;
let serial = 0;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  device.reset();
  keychain.clear();
});

/** The page's sign-up: a passkey from the system sheet, and the backend's sub-organization with it. */
async function signUp(userName = `user-${++serial}`) {
  const { attestation, challenge } = await createPasskey({ rp: { id: RP_ID, name: 'Example Wallet' }, user: { name: userName, displayName: userName } });
  const submitted = await emulator.client.createSubOrganization({
    subOrganizationName: `Phone ${userName}`,
    rootUsers: [{ userName, apiKeys: [], authenticators: [{ authenticatorName: 'Phone', challenge, attestation }], oauthProviders: [] }],
    rootQuorumThreshold: 1,
  });
  const { outcome, activity } = await waitForActivity(emulator.client, submitted);
  expect(outcome).toBe('COMPLETED');
  const result = activity.result!.createSubOrganizationResultV7!;
  return { subOrganizationId: result.subOrganizationId, userId: result.rootUserIds![0]!, credentialId: attestation.credentialId };
}

const passkeyClient = (organizationId: string, extra: { allowCredentials?: string[] } = {}) =>
  createPasskeyClient({ rpId: RP_ID, organizationId, baseUrl: emulator.url, ...extra });

/** The page's startSession, against the emulator. */
async function startSession(store: SecureSessionStore, organizationId: string, expirationSeconds = 900) {
  const { targetPublicKey } = await store.createTargetKey();
  const requestedAtMs = Date.now();
  const client = passkeyClient(organizationId);
  const submitted = await client.createReadWriteSession({ targetPublicKey, expirationSeconds: String(expirationSeconds) });
  const { outcome, activity } = await waitForActivity(client, submitted);
  expect(outcome).toBe('COMPLETED');
  const bundle = activity.result!.createReadWriteSessionResultV2!.credentialBundle;
  return { bundle, expiresAtMs: requestedAtMs + expirationSeconds * 1000 };
}

describe('createPasskey and createPasskeyClient', () => {
  it('registers a passkey the API accepts, then stamps requests with it through the native sheet', async () => {
    const { subOrganizationId, userId, credentialId } = await signUp();
    expect(credentialId).toMatch(/^[A-Za-z0-9_-]+$/);
    const create = device.requests[0]!;
    expect(create).toMatchObject({ kind: 'create', request: { rp: { id: RP_ID }, attestation: 'none', pubKeyCredParams: [{ type: 'public-key', alg: -7 }] } });

    const client = passkeyClient(subOrganizationId);
    expect(client).toBeInstanceOf(SigilClient);
    const submitted = await client.createWallet({
      walletName: 'Phone wallet',
      accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
    });
    const { outcome, activity } = await waitForActivity(client, submitted);
    expect(outcome).toBe('COMPLETED');
    expect(activity.result?.createWalletResult?.addresses?.[0]).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect((await client.whoami()).userId).toBe(userId);

    // The submission went out as X-Stamp-WebAuthn, its challenge the SHA-256 of the exact body sent.
    const stamped = emulator.requests.find((r) => r.path.endsWith('/create_wallet') && r.headers['x-stamp-webauthn'])!;
    const stamp = JSON.parse(stamped.headers['x-stamp-webauthn']!) as Record<string, string>;
    expect(stamp.credentialId).toBe(credentialId);
    const clientData = JSON.parse(Buffer.from(stamp.clientDataJson!, 'base64url').toString('utf8')) as { challenge: string };
    expect(clientData.challenge).toBe(challengeOf(stamped.body));
    const gets = device.requests.filter((r) => r.kind === 'get');
    expect(gets.every((r) => r.request.rpId === RP_ID && r.request.userVerification === 'preferred')).toBe(true);
  });

  it('passes allowCredentials to the sheet and reports a passkey the device lacks as no-credentials', async () => {
    const { subOrganizationId, credentialId } = await signUp();
    await expect(passkeyClient(subOrganizationId, { allowCredentials: [credentialId] }).createWallet({ walletName: 'Allowed', accounts: [] })).resolves.toBeDefined();
    const error = await passkeyClient(subOrganizationId, { allowCredentials: ['AAAAAAAAAAAAAAAAAAAAAA'] })
      .createWallet({ walletName: 'Nope', accounts: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasskeyError);
    expect((error as PasskeyError).reason).toBe('no-credentials');
  });

  it('is refused with code 16 for a passkey the API does not know', async () => {
    await createPasskey({ rp: { id: RP_ID, name: 'Example Wallet' }, user: { name: 'stranger', displayName: 'stranger' } });
    const error = await passkeyClient(emulator.organizationId).createWallet({ walletName: 'Stranger', accounts: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect((error as SigilRequestError).code).toBe(16);
  });

  it('maps the native module errors to PasskeyError reasons', async () => {
    const reasonOf = async (nativeError: { error: string; message: string }) => {
      device.nextError = nativeError;
      const error = await createPasskey({ rp: { id: RP_ID, name: 'Example' }, user: { name: 'a', displayName: 'a' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PasskeyError);
      expect((error as PasskeyError).cause).toBe(nativeError);
      return (error as PasskeyError).reason;
    };
    expect(await reasonOf({ error: 'UserCancelled', message: 'The user cancelled the request.' })).toBe('canceled');
    expect(await reasonOf({ error: 'BadConfiguration', message: 'Your app is not properly configured.' })).toBe('domain-not-associated');
    expect(await reasonOf({ error: 'RequestFailed', message: 'Application with identifier ABC is not associated with domain example.com' })).toBe('domain-not-associated');
    expect(await reasonOf({ error: 'Native error', message: 'Something else' })).toBe('unknown');

    expect(await isPasskeySupported()).toBe(true);
    device.supported = false;
    expect(await isPasskeySupported()).toBe(false);
    await expect(createPasskey({ rp: { id: RP_ID, name: 'Example' }, user: { name: 'a', displayName: 'a' } })).rejects.toMatchObject({ reason: 'not-supported' });
  });
});

describe('SecureSessionStore and createSessionClient', () => {
  it('keeps a read-write session in the secure store across an app restart, and stamps with it', async () => {
    const { subOrganizationId, userId } = await signUp();
    const store = new SecureSessionStore({ service: 'com.example.wallet.sigil' });
    const { bundle, expiresAtMs } = await startSession(store, subOrganizationId);
    await store.setCredentialBundle(bundle, { expiresAtMs });
    expect(await store.hasSession()).toBe(true);

    // Only the session key is left on the device, in an entry that never syncs or leaves it; the target key is gone.
    expect([...keychain.keys()]).toEqual(['com.example.wallet.sigil.session-key']);
    expect(keychain.get('com.example.wallet.sigil.session-key')!.accessible).toBe('AccessibleWhenUnlockedThisDeviceOnly');
    expect(JSON.stringify(store)).not.toMatch(/[0-9a-f]{64}/);

    const promptsBefore = device.requests.length;
    const restarted = new SecureSessionStore({ service: 'com.example.wallet.sigil' });
    const client = createSessionClient({ store: restarted, organizationId: subOrganizationId, baseUrl: emulator.url });
    expect((await client.whoami()).userId).toBe(userId);
    const submitted = await client.createWallet({ walletName: 'Session wallet', accounts: [] });
    expect((await waitForActivity(client, submitted)).outcome).toBe('COMPLETED');
    expect(device.requests.length).toBe(promptsBefore); // no passkey prompt once the session is stored
    const last = emulator.requests.find((r) => r.path.endsWith('/create_wallet') && r.body.includes('Session wallet'))!;
    expect(last.headers['x-stamp']).toBeDefined();

    await restarted.clear();
    expect(keychain.size).toBe(0);
    expect(await restarted.hasSession()).toBe(false);
    await expect(client.whoami()).rejects.toMatchObject({ name: 'SessionStoreError', reason: 'no-session' });
  });

  it('opens the bundle without crypto.subtle, as on Hermes with only getRandomValues polyfilled', async () => {
    const { subOrganizationId } = await signUp();
    const store = new SecureSessionStore({ service: 'hermes' });
    const { targetPublicKey } = await store.createTargetKey();
    const client = passkeyClient(subOrganizationId);
    const { activity } = await waitForActivity(client, await client.createReadWriteSession({ targetPublicKey, expirationSeconds: '900' }));
    const bundle = activity.result!.createReadWriteSessionResultV2!.credentialBundle;
    const targetPrivateKey = (JSON.parse(keychain.get('hermes.target-key')!.password) as { privateKey: string }).privateKey;
    const expected = await decryptCredentialBundle(bundle, targetPrivateKey); // @hpke/core, with WebCrypto

    const getRandomValues = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    try {
      expect(globalThis.crypto.subtle).toBeUndefined();
      await store.setCredentialBundle(bundle, { expiresAtMs: Date.now() + 900_000 });
    } finally {
      vi.unstubAllGlobals();
    }
    const stored = JSON.parse(keychain.get('hermes.session-key')!.password) as { apiPublicKey: string; apiPrivateKey: string };
    expect(stored).toMatchObject(expected);
    const sessionClient = createSessionClient({ store, organizationId: subOrganizationId, baseUrl: emulator.url });
    await expect(sessionClient.whoami()).resolves.toMatchObject({ organizationId: subOrganizationId });
  });

  it('drops an expired session and refuses to stamp with it', async () => {
    const { subOrganizationId } = await signUp();
    let now = Date.now();
    const store = new SecureSessionStore({ service: 'expiring', now: () => now });
    const { bundle } = await startSession(store, subOrganizationId);
    await store.setCredentialBundle(bundle, { expiresAtMs: now + 60_000 });
    const client = createSessionClient({ store, organizationId: subOrganizationId, baseUrl: emulator.url });
    await expect(client.whoami()).resolves.toMatchObject({ organizationId: subOrganizationId });
    now += 60_000;
    await expect(client.whoami()).rejects.toBeInstanceOf(SessionStoreError);
    expect(await store.hasSession()).toBe(false);
    expect(keychain.has('expiring.session-key')).toBe(false);
  });

  it('refuses a bundle for another key, a malformed bundle, a missing target key and a failed write', async () => {
    const { subOrganizationId } = await signUp();
    const store = new SecureSessionStore({ service: 'first' });
    const { bundle, expiresAtMs } = await startSession(store, subOrganizationId);

    const other = new SecureSessionStore({ service: 'second' });
    await expect(other.setCredentialBundle(bundle, { expiresAtMs })).rejects.toMatchObject({ name: 'SessionStoreError', reason: 'no-target-key' });
    await other.createTargetKey();
    await expect(other.setCredentialBundle(bundle, { expiresAtMs })).rejects.toBeInstanceOf(BundleError);
    await expect(store.setCredentialBundle('not a bundle', { expiresAtMs })).rejects.toBeInstanceOf(BundleError);
    await expect(store.setCredentialBundle(bundle.slice(0, 40), { expiresAtMs })).rejects.toBeInstanceOf(BundleError);
    expect(await store.hasSession()).toBe(false);
    // The right key still opens it after the failures.
    await store.setCredentialBundle(bundle, { expiresAtMs });
    expect(await store.hasSession()).toBe(true);

    failures.nextWrite = new Error('User interaction is not allowed.');
    await expect(other.createTargetKey()).rejects.toMatchObject({ name: 'SessionStoreError', reason: 'storage-failed' });
    expect(() => createSessionClient({ store: {} as SecureSessionStore, organizationId: subOrganizationId })).toThrow(TypeError);
  });
});

describe('createApiKeyClient', () => {
  it('stamps with an API key', async () => {
    const client = createApiKeyClient({
      apiPublicKey: emulator.rootKeys.publicKey,
      apiPrivateKey: emulator.rootKeys.privateKey,
      organizationId: emulator.organizationId,
      baseUrl: emulator.url,
    });
    expect((await client.whoami()).userId).toBe(emulator.rootUserId);
  });
});
