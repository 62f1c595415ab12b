import { readFileSync } from 'node:fs';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { newP256ApiKey, openBundle, sealBundle } from './bundles.js';
import { docsSuite, openBundle as docsOpenBundle } from './docs-open-bundle.test-util.js';

const target = () => {
  const privateKey = p256.utils.randomSecretKey();
  return { privateKey, privateKeyHex: bytesToHex(privateKey), publicKey: bytesToHex(p256.getPublicKey(privateKey, true)) };
};

describe('credential bundles (x-bundle-format)', () => {
  it('are opened by the docs’ own decryption code (@hpke/core) into the sealed private key', async () => {
    const recipient = target();
    const issued = newP256ApiKey();
    const bundle = sealBundle(recipient.publicKey, issued.privateKey);
    expect(bundle).toMatch(/^04[0-9a-f]{128}[0-9a-f]+$/);
    // 65-byte enc, then the 32-byte key and the 16-byte tag.
    expect(bundle.length).toBe((65 + 32 + 16) * 2);
    const opened = await docsOpenBundle(bundle, recipient.privateKeyHex);
    expect(bytesToHex(opened)).toBe(bytesToHex(issued.privateKey));
    expect(bytesToHex(p256.getPublicKey(opened, true))).toBe(issued.publicKey);
  });

  it('open what @hpke/core seals, and refuse a changed bundle or the wrong key', async () => {
    const recipient = target();
    const recipientKey = await docsSuite.kem.deserializePublicKey(p256.getPublicKey(recipient.privateKey, false));
    const sealed = await docsSuite.seal({ recipientPublicKey: recipientKey }, utf8ToBytes('abandon ability able'));
    const bundle = bytesToHex(new Uint8Array(sealed.enc)) + bytesToHex(new Uint8Array(sealed.ct));
    expect(new TextDecoder().decode(openBundle(bundle, recipient.privateKey))).toBe('abandon ability able');
    const flipped = bundle.slice(0, -2) + (bundle.endsWith('00') ? '01' : '00');
    expect(() => openBundle(flipped, recipient.privateKey)).toThrow();
    expect(() => openBundle(bundle, target().privateKey)).toThrow();
    await expect(docsOpenBundle(sealBundle(recipient.publicKey, hexToBytes('00'.repeat(32))), target().privateKeyHex)).rejects.toThrow();
  });

  it('use a fresh encapsulated key for every bundle', () => {
    const recipient = target();
    const plaintext = hexToBytes('11'.repeat(32));
    expect(sealBundle(recipient.publicKey, plaintext).slice(0, 130)).not.toBe(sealBundle(recipient.publicKey, plaintext).slice(0, 130));
  });

  it('the docs open bundles with the SDK helper these tests use', () => {
    const page = (path: string) => readFileSync(new URL(`../../../../website/docs/${path}`, import.meta.url), 'utf8');
    expect(page('features/sessions.mdx')).toContain('startReadWriteSession(');
    expect(page('features/email-auth.mdx')).toContain('decryptCredentialBundle(');
    expect(page('features/export-wallets.mdx')).toContain('decryptExportBundle(');
    expect(page('features/sessions.mdx')).not.toContain('@hpke/core');
  });
});
