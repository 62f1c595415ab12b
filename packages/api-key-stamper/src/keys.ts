import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** A P-256 API key pair as lowercase hex: compressed public key (66 chars) and private scalar (64 chars). */
export interface ApiKeyPair {
  publicKey: string;
  privateKey: string;
}

const PRIVATE_KEY_HEX = /^[0-9a-fA-F]{64}$/;
const COMPRESSED_PUBLIC_KEY_HEX = /^0[23][0-9a-fA-F]{64}$/;

export function parsePrivateKey(privateKeyHex: string): Uint8Array {
  if (!PRIVATE_KEY_HEX.test(privateKeyHex)) {
    throw new Error('API private key must be 64 hex characters (a 32-byte P-256 scalar)');
  }
  const bytes = hexToBytes(privateKeyHex);
  if (!p256.utils.isValidSecretKey(bytes)) {
    throw new Error('API private key is not a valid P-256 private key');
  }
  return bytes;
}

export function isCompressedPublicKeyHex(value: string): boolean {
  return COMPRESSED_PUBLIC_KEY_HEX.test(value);
}

/** Generates a new random P-256 API key pair. */
export function generateApiKeyPair(): ApiKeyPair {
  const { secretKey, publicKey } = p256.keygen();
  return { publicKey: bytesToHex(publicKey), privateKey: bytesToHex(secretKey) };
}

/** Derives the compressed public key (66 lowercase hex chars) from a private key (64 hex chars). */
export function publicKeyFromPrivateKey(privateKeyHex: string): string {
  return bytesToHex(p256.getPublicKey(parsePrivateKey(privateKeyHex), true));
}
