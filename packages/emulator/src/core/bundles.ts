// Encrypted bundles in the format of the document's `x-bundle-format`: HPKE (RFC 9180), single-shot
// base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM, empty info and AAD, written as
// lowercase hex of the 65-byte encapsulated key followed by the ciphertext.
//
// Submission handlers run synchronously inside the request's transaction, and WebCrypto (what
// @hpke/core uses) is asynchronous only; so the construction is written out here over the audited
// synchronous primitives of @noble/curves, @noble/hashes and @noble/ciphers. The tests open these
// bundles with @hpke/core and the docs' own code, and check the RFC 9180 key schedule.
import { gcm } from '@noble/ciphers/aes.js';
import { p256 } from '@noble/curves/nist.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const KEM_ID = 0x0010;
const KDF_ID = 0x0001;
const AEAD_ID = 0x0002;
const KEY_LENGTH = 32;
const NONCE_LENGTH = 12;
const ENC_LENGTH = 65;

const i2osp = (value: number, length: number): Uint8Array => {
  const out = new Uint8Array(length);
  for (let i = length - 1, v = value; i >= 0; i--, v >>>= 8) out[i] = v & 0xff;
  return out;
};

const KEM_SUITE = concatBytes(utf8ToBytes('KEM'), i2osp(KEM_ID, 2));
const HPKE_SUITE = concatBytes(utf8ToBytes('HPKE'), i2osp(KEM_ID, 2), i2osp(KDF_ID, 2), i2osp(AEAD_ID, 2));
const VERSION = utf8ToBytes('HPKE-v1');
const EMPTY = new Uint8Array(0);

function labeledExtract(suite: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array): Uint8Array {
  return extract(sha256, concatBytes(VERSION, suite, utf8ToBytes(label), ikm), salt);
}

function labeledExpand(suite: Uint8Array, prk: Uint8Array, label: string, info: Uint8Array, length: number): Uint8Array {
  return expand(sha256, prk, concatBytes(i2osp(length, 2), VERSION, suite, utf8ToBytes(label), info), length);
}

/** DHKEM's ExtractAndExpand: the KEM shared secret from the Diffie-Hellman x-coordinate and enc || pkR. */
function kemSharedSecret(dh: Uint8Array, enc: Uint8Array, recipient: Uint8Array): Uint8Array {
  const prk = labeledExtract(KEM_SUITE, EMPTY, 'eae_prk', dh);
  return labeledExpand(KEM_SUITE, prk, 'shared_secret', concatBytes(enc, recipient), 32);
}

/** The base-mode key schedule with empty info, PSK and PSK ID. */
function keySchedule(sharedSecret: Uint8Array): { key: Uint8Array; nonce: Uint8Array } {
  const pskIdHash = labeledExtract(HPKE_SUITE, EMPTY, 'psk_id_hash', EMPTY);
  const infoHash = labeledExtract(HPKE_SUITE, EMPTY, 'info_hash', EMPTY);
  const context = concatBytes(new Uint8Array([0]), pskIdHash, infoHash);
  const secret = labeledExtract(HPKE_SUITE, sharedSecret, 'secret', EMPTY);
  return {
    key: labeledExpand(HPKE_SUITE, secret, 'key', context, KEY_LENGTH),
    // The first (and only) message of a single-shot context uses the base nonce unchanged.
    nonce: labeledExpand(HPKE_SUITE, secret, 'base_nonce', context, NONCE_LENGTH),
  };
}

/** An x-coordinate of P-256 ECDH, as DHKEM(P-256) uses it. */
function dh(privateKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  return p256.getSharedSecret(privateKey, publicKey, true).subarray(1);
}

/**
 * Encrypts `plaintext` to a P-256 public key (hex, compressed or uncompressed). `ephemeralPrivateKey` is
 * for known-answer tests only; leave it out so each bundle gets a fresh random one.
 */
export function sealBundle(recipientPublicKeyHex: string, plaintext: Uint8Array, ephemeralPrivateKey?: Uint8Array): string {
  const recipient = p256.Point.fromHex(recipientPublicKeyHex).toBytes(false);
  const ephemeral = ephemeralPrivateKey ?? p256.utils.randomSecretKey();
  const enc = p256.getPublicKey(ephemeral, false);
  const { key, nonce } = keySchedule(kemSharedSecret(dh(ephemeral, recipient), enc, recipient));
  return bytesToHex(concatBytes(enc, gcm(key, nonce, EMPTY).encrypt(plaintext)));
}

/** Opens a bundle with the recipient's 32-byte P-256 private key; throws if it was changed or is not for this key. */
export function openBundle(bundleHex: string, recipientPrivateKey: Uint8Array): Uint8Array {
  const bundle = hexToBytes(bundleHex);
  if (bundle.length < ENC_LENGTH + 16) throw new Error('the bundle is shorter than an encapsulated key and an AES-GCM tag');
  const enc = bundle.subarray(0, ENC_LENGTH);
  const recipient = p256.getPublicKey(recipientPrivateKey, false);
  const { key, nonce } = keySchedule(kemSharedSecret(dh(recipientPrivateKey, enc), enc, recipient));
  return gcm(key, nonce, EMPTY).decrypt(bundle.subarray(ENC_LENGTH));
}

/** A new P-256 key pair for an API key issued in a bundle: the private key and its compressed public key, hex. */
export function newP256ApiKey(): { privateKey: Uint8Array; publicKey: string } {
  const privateKey = p256.utils.randomSecretKey();
  return { privateKey, publicKey: bytesToHex(p256.getPublicKey(privateKey, true)) };
}
