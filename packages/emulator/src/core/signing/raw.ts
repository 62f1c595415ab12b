// sign_raw_payload(s): the payload decoded as `encoding` says, hashed as `hashFunction` says, and
// signed with ECDSA (secp256k1, low-S, with the recovery ID as v) or Ed25519 (which hashes internally).
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { invalid } from '../errors.js';
import type { SigningKey } from '../wallets/handlers.js';

type RawSignature = {
  r: string;
  s: string;
  v: string;
};

/** Hex with or without 0x (an even number of digits), or UTF-8 text. */
export function payloadBytes(payload: string, encoding: string, field: string): Uint8Array {
  if (encoding === 'PAYLOAD_ENCODING_TEXT_UTF8') return new TextEncoder().encode(payload);
  const digits = payload.startsWith('0x') || payload.startsWith('0X') ? payload.slice(2) : payload;
  if (!/^([0-9a-fA-F]{2})*$/.test(digits)) throw invalid(field, `${field}: PAYLOAD_ENCODING_HEXADECIMAL takes hex digits in pairs, with or without 0x`);
  return hexToBytes(digits.toLowerCase());
}

function signSecp256k1Digest(privateKey: Uint8Array, digest: Uint8Array): RawSignature {
  // 'recovered' is the recovery byte followed by r and s (64 bytes).
  const signature = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' });
  return { r: bytesToHex(signature.subarray(1, 33)), s: bytesToHex(signature.subarray(33, 65)), v: bytesToHex(signature.subarray(0, 1)) };
}

export function signRaw(key: SigningKey, bytes: Uint8Array, hashFunction: string, field: string): RawSignature {
  if (key.curve === 'CURVE_ED25519') {
    if (hashFunction !== 'HASH_FUNCTION_NOT_APPLICABLE') {
      throw invalid('parameters.hashFunction', `parameters.hashFunction: Ed25519 keys hash internally; send HASH_FUNCTION_NOT_APPLICABLE, not ${hashFunction}`);
    }
    const signature = ed25519.sign(bytes, key.privateKey);
    return { r: bytesToHex(signature.subarray(0, 32)), s: bytesToHex(signature.subarray(32, 64)), v: '' };
  }
  let digest: Uint8Array;
  switch (hashFunction) {
    case 'HASH_FUNCTION_SHA256':
      digest = sha256(bytes);
      break;
    case 'HASH_FUNCTION_KECCAK256':
      digest = keccak_256(bytes);
      break;
    case 'HASH_FUNCTION_NO_OP':
      if (bytes.length !== 32) throw invalid(field, `${field}: HASH_FUNCTION_NO_OP signs a 32-byte digest; this payload has ${bytes.length} bytes`);
      digest = bytes;
      break;
    default:
      throw invalid('parameters.hashFunction', `parameters.hashFunction: ${hashFunction} is for Ed25519 keys; a secp256k1 key needs HASH_FUNCTION_NO_OP, HASH_FUNCTION_SHA256 or HASH_FUNCTION_KECCAK256`);
  }
  return signSecp256k1Digest(key.privateKey, digest);
}
