// Opens credential bundles without WebCrypto. @sigil/http opens them with @hpke/core, which needs
// crypto.subtle; Hermes has none (react-native-get-random-values adds getRandomValues only). This is the same
// HPKE (RFC 9180) base-mode open of the API document's x-bundle-format, DHKEM(P-256, HKDF-SHA256),
// HKDF-SHA256, AES-256-GCM, empty info and AAD, written with @noble/* in plain JavaScript. Its tests open the
// emulator's real bundles, with crypto.subtle removed.
import { gcm } from '@noble/ciphers/aes.js';
import { p256 } from '@noble/curves/nist.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { BundleError, type DecryptedCredential } from '@sigil/http';

const ENC_LENGTH = 65; // an uncompressed P-256 point
const TAG_LENGTH = 16;
const utf8 = (text: string) => new TextEncoder().encode(text);
const u16 = (n: number) => Uint8Array.of(n >> 8, n & 0xff);
const KEM_SUITE = concatBytes(utf8('KEM'), u16(0x0010));
const HPKE_SUITE = concatBytes(utf8('HPKE'), u16(0x0010), u16(0x0001), u16(0x0002));
const EMPTY = new Uint8Array(0);

const labeledExtract = (suite: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array) =>
  extract(sha256, concatBytes(utf8('HPKE-v1'), suite, utf8(label), ikm), salt);
const labeledExpand = (suite: Uint8Array, prk: Uint8Array, label: string, info: Uint8Array, length: number) =>
  expand(sha256, prk, concatBytes(u16(length), utf8('HPKE-v1'), suite, utf8(label), info), length);

/** HPKE base-mode single-shot open with the recipient's P-256 private key. */
function open(bundle: Uint8Array, recipientKey: Uint8Array): Uint8Array {
  const enc = bundle.subarray(0, ENC_LENGTH);
  let dh: Uint8Array;
  try {
    dh = p256.getSharedSecret(recipientKey, enc, true).subarray(1);
  } catch (error) {
    throw new BundleError('The bundle does not start with a P-256 encapsulated key', { cause: error });
  }
  const kemContext = concatBytes(enc, p256.getPublicKey(recipientKey, false));
  const sharedSecret = labeledExpand(KEM_SUITE, labeledExtract(KEM_SUITE, EMPTY, 'eae_prk', dh), 'shared_secret', kemContext, 32);
  const context = concatBytes(
    Uint8Array.of(0), // mode_base
    labeledExtract(HPKE_SUITE, EMPTY, 'psk_id_hash', EMPTY),
    labeledExtract(HPKE_SUITE, EMPTY, 'info_hash', EMPTY),
  );
  const secret = labeledExtract(HPKE_SUITE, sharedSecret, 'secret', EMPTY);
  const key = labeledExpand(HPKE_SUITE, secret, 'key', context, 32);
  const nonce = labeledExpand(HPKE_SUITE, secret, 'base_nonce', context, 12); // sequence number 0
  try {
    return gcm(key, nonce).decrypt(bundle.subarray(ENC_LENGTH));
  } catch (error) {
    throw new BundleError('The bundle does not open with this key: it was made for another target key, or changed on the way', { cause: error });
  }
}

/** Opens a `credentialBundle` with the target private key (hex) and returns the session's API key pair. */
export function openCredentialBundle(credentialBundle: string, targetPrivateKey: string): DecryptedCredential {
  const text = credentialBundle.trim();
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(text)) throw new BundleError('The bundle is not hexadecimal');
  const bundle = hexToBytes(text);
  if (bundle.length < ENC_LENGTH + TAG_LENGTH) throw new BundleError('The bundle is shorter than an encapsulated key and an AES-GCM tag');
  const key = open(bundle, hexToBytes(targetPrivateKey));
  if (key.length !== 32) throw new BundleError(`A credential bundle holds a 32-byte private key, this one ${key.length} bytes`);
  return { apiPrivateKey: bytesToHex(key), apiPublicKey: bytesToHex(p256.getPublicKey(key, true)) };
}
