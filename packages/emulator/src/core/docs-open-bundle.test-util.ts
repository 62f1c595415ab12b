// How the docs open bundles: every page calls the SDK's helpers (decryptCredentialBundle and
// decryptExportBundle, both built on decryptBundle from @sigil/http), so the emulator's tests open
// bundles with the same code a reader's app runs. `docsSuite` is @hpke/core's suite, for tests that
// seal with an independent implementation.
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { decryptBundle } from '@sigil/http';

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** Opens a bundle: hex of the 65-byte encapsulated key, then the ciphertext. */
export function openBundle(bundleHex: string, targetPrivateKeyHex: string): Promise<Uint8Array> {
  return decryptBundle(bundleHex, targetPrivateKeyHex);
}

export { suite as docsSuite };
