import { createHash, createPublicKey, verify as nodeVerify } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCredential, startBrowserHarness, type BrowserHarness, type RegisteredCredential } from '../test/browser-harness.js';

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();
const fromB64url = (text: string): Buffer => Buffer.from(text, 'base64url');

interface StampInPage {
  stampHeaderName: string;
  stampHeaderValue: string;
}

describe('WebauthnStamper in Chromium with a virtual authenticator', { timeout: 120_000 }, () => {
  let harness: BrowserHarness;
  let registered: RegisteredCredential;

  beforeAll(async () => {
    harness = await startBrowserHarness(fileURLToPath(new URL('./index.ts', import.meta.url)));
    registered = await registerCredential(harness.page, harness.rpId);
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  function stampInPage(body: string, restrictToRegistered: boolean): Promise<StampInPage> {
    return harness.page.evaluate(
      async ({ body, rpId, credentialId, restrictToRegistered }) => {
        const { WebauthnStamper, base64urlToBytes } = (window as unknown as { SigilTest: typeof import('./index.js') })
          .SigilTest;
        const stamper = new WebauthnStamper({
          rpId,
          ...(restrictToRegistered
            ? { allowCredentials: [{ type: 'public-key' as const, id: base64urlToBytes(credentialId) as BufferSource }] }
            : {}),
        });
        return stamper.stamp(body);
      },
      { body, rpId: harness.rpId, credentialId: registered.credentialId, restrictToRegistered },
    );
  }

  function verifyStamp(body: string, headerValue: string): boolean {
    const stamp = JSON.parse(headerValue) as Record<string, string>;
    const clientDataJson = fromB64url(stamp.clientDataJson!);
    const signedData = Buffer.concat([fromB64url(stamp.authenticatorData!), sha256(clientDataJson)]);
    const key = createPublicKey({ key: fromB64url(registered.publicKeySpki), format: 'der', type: 'spki' });
    const clientData = JSON.parse(clientDataJson.toString('utf8')) as { challenge: string };
    return (
      clientData.challenge === sha256(body).toString('base64url') &&
      nodeVerify('sha256', signedData, key, fromB64url(stamp.signature!))
    );
  }

  const body = '{"organizationId":"00000000-0000-4000-8000-000000000000"}';

  it('produces an X-Stamp-WebAuthn header whose assertion verifies over the body digest', async () => {
    const { stampHeaderName, stampHeaderValue } = await stampInPage(body, true);
    expect(stampHeaderName).toBe('X-Stamp-WebAuthn');

    const stamp = JSON.parse(stampHeaderValue) as Record<string, string>;
    expect(Object.keys(stamp)).toEqual(['credentialId', 'authenticatorData', 'clientDataJson', 'signature']);
    for (const value of Object.values(stamp)) expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(stamp.credentialId).toBe(registered.credentialId);

    const clientData = JSON.parse(fromB64url(stamp.clientDataJson!).toString('utf8')) as Record<string, unknown>;
    expect(clientData.type).toBe('webauthn.get');
    expect(clientData.challenge).toBe(sha256(body).toString('base64url'));
    expect(clientData.origin).toBe(harness.origin);

    const authenticatorData = fromB64url(stamp.authenticatorData!);
    expect(authenticatorData.subarray(0, 32).equals(sha256('localhost'))).toBe(true);
    expect(authenticatorData[32]! & 0x01).toBe(0x01); // user present

    // The signature is DER (SEQUENCE tag 0x30), over authenticatorData || SHA-256(clientDataJSON).
    expect(fromB64url(stamp.signature!)[0]).toBe(0x30);
    expect(verifyStamp(body, stampHeaderValue)).toBe(true);
  });

  it('binds the stamp to the exact body', async () => {
    const { stampHeaderValue } = await stampInPage(body, false);
    expect(verifyStamp(body, stampHeaderValue)).toBe(true);
    expect(verifyStamp(body + ' ', stampHeaderValue)).toBe(false);
  });

  it('the virtual authenticator counted each signature', async () => {
    const { credentials } = await harness.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: harness.authenticatorId,
    });
    expect(credentials).toHaveLength(1);
    expect(Buffer.from(credentials[0]!.credentialId, 'base64').toString('base64url')).toBe(registered.credentialId);
    expect(credentials[0]!.signCount).toBeGreaterThanOrEqual(2);
  });
});
