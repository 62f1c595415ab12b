// The bundle-opening code of the docs (website/docs/features/sessions.mdx, "read-write-session.ts";
// the email auth and OAuth pages use the same function), copied unchanged but for formatting, so the
// emulator's tests decrypt bundles the way a reader's app does.
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { hexToBytes } from '@noble/hashes/utils.js';

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** Opens a credentialBundle: hex of the 65-byte encapsulated key, then the ciphertext. */
export async function openBundle(bundleHex: string, targetPrivateKeyHex: string): Promise<Uint8Array> {
  const bundle = hexToBytes(bundleHex);
  const recipientKey = await suite.kem.deserializePrivateKey(hexToBytes(targetPrivateKeyHex));
  return new Uint8Array(await suite.open({ recipientKey, enc: bundle.subarray(0, 65) }, bundle.subarray(65)));
}

export { suite as docsSuite };
