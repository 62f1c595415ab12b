// Seeds and keys: BIP-39 mnemonics, BIP-32 derivation for secp256k1 and SLIP-0010 derivation for
// Ed25519. @scure/bip32 covers secp256k1 only, so the Ed25519 branch follows SLIP-0010 directly
// (HMAC-SHA512 with the key "ed25519 seed", hardened steps only).
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { invalid } from '../errors.js';

export type Curve = 'CURVE_SECP256K1' | 'CURVE_ED25519';

/** A key pair as stored: the 32-byte private key and the public key in the curve's usual encoding (compressed for secp256k1). */
interface KeyPair {
  curve: Curve;
  privateKey: Uint8Array;
  publicKey: Uint8Array;
}

const HARDENED = 0x80000000;

/** BIP-39 strength in bits by word count: 12 words carry 128 bits, each 3 more words 32 bits more. */
export function newMnemonic(words: number): string {
  const strength = (words / 3) * 32;
  return generateMnemonic(english, strength);
}

export function isMnemonic(text: string): boolean {
  return validateMnemonic(text, english);
}

export function seedOf(mnemonic: string): Uint8Array {
  return mnemonicToSeedSync(mnemonic);
}

/** Path steps as 32-bit indexes (hardened ones with the top bit set); throws a field error on a bad path. */
function parsePath(path: string, field: string): number[] {
  if (!/^m(\/[0-9]+'?)*$/.test(path)) throw invalid(field, `${field}: ${path} is not a BIP-32 path such as m/44'/60'/0'/0/0`);
  return path
    .split('/')
    .slice(1)
    .map((step) => {
      const hardened = step.endsWith("'");
      const index = Number(hardened ? step.slice(0, -1) : step);
      if (!Number.isSafeInteger(index) || index >= HARDENED) throw invalid(field, `${field}: step ${step} of ${path} is above 2^31 - 1`);
      return hardened ? index + HARDENED : index;
    });
}

/** SLIP-0010 for Ed25519: only hardened children exist. */
function slip10Ed25519(seed: Uint8Array, steps: number[]): Uint8Array {
  let I = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed);
  for (const index of steps) {
    const data = new Uint8Array(37);
    data.set(I.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, index >>> 0, false);
    I = hmac(sha512, I.subarray(32), data);
  }
  return I.slice(0, 32);
}

export function deriveKey(seed: Uint8Array, curve: Curve, path: string, field: string): KeyPair {
  const steps = parsePath(path, field);
  if (curve === 'CURVE_ED25519') {
    if (steps.some((index) => index < HARDENED)) {
      throw invalid(field, `${field}: Ed25519 keys are derived with hardened steps only (SLIP-0010); end every step of ${path} with an apostrophe`);
    }
    const privateKey = slip10Ed25519(seed, steps);
    return { curve, privateKey, publicKey: ed25519.getPublicKey(privateKey) };
  }
  const node = HDKey.fromMasterSeed(seed).derive(path);
  if (!node.privateKey || !node.publicKey) throw invalid(field, `${field}: no key at ${path}`);
  return { curve, privateKey: node.privateKey, publicKey: node.publicKey };
}

/** A fresh random key pair (standalone private keys). */
export function randomKey(curve: Curve): KeyPair {
  if (curve === 'CURVE_ED25519') {
    const privateKey = ed25519.utils.randomSecretKey();
    return { curve, privateKey, publicKey: ed25519.getPublicKey(privateKey) };
  }
  const privateKey = secp256k1.utils.randomSecretKey();
  return { curve, privateKey, publicKey: secp256k1.getPublicKey(privateKey, true) };
}

export function keyFromPrivate(curve: Curve, privateKey: Uint8Array): KeyPair {
  const publicKey = curve === 'CURVE_ED25519' ? ed25519.getPublicKey(privateKey) : secp256k1.getPublicKey(privateKey, true);
  return { curve, privateKey, publicKey };
}
