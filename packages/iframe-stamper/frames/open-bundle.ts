// Opens the API's encrypted bundles (`x-bundle-format`: HPKE base mode, DHKEM(P-256, HKDF-SHA256),
// HKDF-SHA256, AES-256-GCM, empty info and AAD, hex of the 65-byte encapsulated key then the
// ciphertext) with the frame's non-extractable key pair. @hpke/core takes the CryptoKeyPair as it is,
// so the private key never has to be exported, as @sigil/http's decryptBundle would need.
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';

const ENC_LENGTH = 65;
const TAG_LENGTH = 16;

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** The plaintext, or undefined when the text is not a bundle or does not open with this key pair. */
export async function openBundle(bundleHex: string, recipientKey: CryptoKeyPair): Promise<Uint8Array | undefined> {
  const text = bundleHex.trim();
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(text) || text.length / 2 < ENC_LENGTH + TAG_LENGTH) return undefined;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  try {
    const plaintext = await suite.open({ recipientKey, enc: bytes.slice(0, ENC_LENGTH).buffer }, bytes.slice(ENC_LENGTH).buffer);
    return new Uint8Array(plaintext);
  } catch {
    return undefined;
  }
}
