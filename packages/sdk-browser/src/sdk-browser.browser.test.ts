import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, type BrowserHarness } from '../../webauthn-stamper/test/browser-harness.js';
import type { CreatedPasskey } from './index.js';

type Sdk = typeof import('./index.js');
const fromB64url = (text: string): Buffer => Buffer.from(text, 'base64url');

describe('sdk-browser in Chromium with a virtual authenticator', { timeout: 120_000 }, () => {
  let harness: BrowserHarness;
  let server: TestEmulator;
  let created: CreatedPasskey;

  beforeAll(async () => {
    harness = await startBrowserHarness(fileURLToPath(new URL('./index.ts', import.meta.url)));
    server = await startTestEmulator();
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await server?.close();
  });

  it('createPasskey returns an attestation in the AuthenticatorParamsV2 shape', async () => {
    created = await harness.page.evaluate(async (rpId) => {
      const { createPasskey } = (window as unknown as { SigilTest: Sdk }).SigilTest;
      return createPasskey({ rp: { id: rpId, name: 'Sigil test' }, user: { name: 'alice', displayName: 'Alice' } });
    }, harness.rpId);

    expect(Object.keys(created).sort()).toEqual(['attestation', 'challenge']);
    expect(Object.keys(created.attestation).sort()).toEqual(['attestationObject', 'clientDataJson', 'credentialId', 'transports']);
    expect(created.attestation.transports).toEqual(['AUTHENTICATOR_TRANSPORT_INTERNAL']);
    expect(fromB64url(created.challenge)).toHaveLength(32);

    const clientData = JSON.parse(fromB64url(created.attestation.clientDataJson).toString('utf8')) as Record<string, unknown>;
    expect(clientData).toMatchObject({ type: 'webauthn.create', challenge: created.challenge, origin: harness.origin });
    // attestation 'none': a CBOR map whose fmt is "none".
    const attestationObject = fromB64url(created.attestation.attestationObject);
    expect(attestationObject.includes(Buffer.from('fmt'))).toBe(true);
    expect(attestationObject.includes(Buffer.from('none'))).toBe(true);

    const { credentials } = await harness.cdp.send('WebAuthn.getCredentials', { authenticatorId: harness.authenticatorId });
    expect(credentials.map((c) => Buffer.from(c.credentialId, 'base64').toString('base64url'))).toEqual([
      created.attestation.credentialId,
    ]);
    expect(credentials[0]!.isResidentCredential).toBe(true);
  });

  it('createPasskeyClient stamps submissions with that passkey and sends queries with one read-only session', async () => {
    // The attestation createPasskey returned goes to the emulator as it is: the passkey's public key comes from it.
    await server.client.createAuthenticators({
      userId: server.rootUserId,
      authenticators: [{ authenticatorName: 'Chromium virtual authenticator', challenge: created.challenge, attestation: created.attestation }],
    });
    const registered = server.requests.length;

    const answers = await harness.page.evaluate(
      async ({ baseUrl, rpId, organizationId }) => {
        const { createPasskeyClient } = (window as unknown as { SigilTest: Sdk }).SigilTest;
        const client = createPasskeyClient({ baseUrl, rpId, organizationId });
        const me = await client.whoami();
        const activity = await client.createWallet({ walletName: 'Passkey wallet', accounts: [] });
        const { wallets } = await client.listWallets();
        return { userId: me.userId, status: activity.status, wallets: wallets.length };
      },
      { baseUrl: server.url, rpId: harness.rpId, organizationId: server.organizationId },
    );
    expect(answers).toEqual({ userId: server.rootUserId, status: 'ACTIVITY_STATUS_COMPLETED', wallets: 1 });
    const calls = server.requests.slice(registered);
    // The first query costs one passkey prompt (the session); the later query none.
    expect(calls.map((r) => [r.path, r.status, r.headers['x-stamp-webauthn'] !== undefined, r.headers['x-session'] !== undefined])).toEqual([
      ['/public/v1/submit/create_read_only_session', 200, true, false],
      ['/public/v1/query/whoami', 200, false, true],
      ['/public/v1/submit/create_wallet', 200, true, false],
      ['/public/v1/query/list_wallets', 200, false, true],
    ]);
    for (const call of calls.filter((r) => r.headers['x-stamp-webauthn'] !== undefined)) {
      const stamp = JSON.parse(call.headers['x-stamp-webauthn']!) as { credentialId: string; clientDataJson: string };
      expect(stamp.credentialId).toBe(created.attestation.credentialId);
      const clientData = JSON.parse(fromB64url(stamp.clientDataJson).toString('utf8')) as { challenge: string };
      expect(clientData.challenge).toBe(createHash('sha256').update(call.body).digest('base64url'));
    }
  });

  it('SessionKeyStore keeps keys out of browser storage', async () => {
    const result = await harness.page.evaluate(async () => {
      const { SessionKeyStore, createSessionKeyPair } = (window as unknown as { SigilTest: Sdk }).SigilTest;
      const store = new SessionKeyStore();
      const { targetPublicKey } = store.createTargetKey();
      const session = createSessionKeyPair();
      store.setSessionKey({ apiPrivateKey: session.privateKey });
      await store.stamper!.stamp('{}');
      const databases = 'databases' in indexedDB ? await indexedDB.databases() : [];
      return {
        targetPublicKey,
        storage: localStorage.length + sessionStorage.length + databases.length,
        cookies: document.cookie,
        serialized: JSON.stringify(store),
        privateKey: session.privateKey,
      };
    });
    expect(result.targetPublicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(result.storage).toBe(0);
    expect(result.cookies).toBe('');
    expect(result.serialized).not.toContain(result.privateKey);
  });
});
