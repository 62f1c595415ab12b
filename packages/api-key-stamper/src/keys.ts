import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { curveSupport, type ApiKeyCurve } from './curves.js';

/** An API key pair as lowercase hex: the public key as stamps carry it and the 32-byte private key (64 chars). */
export interface ApiKeyPair {
  publicKey: string;
  privateKey: string;
}

const PRIVATE_KEY_HEX = /^[0-9a-fA-F]{64}$/;

export function parsePrivateKey(privateKeyHex: string, curve: ApiKeyCurve = 'API_KEY_CURVE_P256'): Uint8Array {
  const support = curveSupport(curve);
  if (!PRIVATE_KEY_HEX.test(privateKeyHex)) {
    throw new Error(`API private key must be 64 hex characters (a 32-byte ${support.label} private key)`);
  }
  const bytes = hexToBytes(privateKeyHex);
  if (!support.isValidSecretKey(bytes)) {
    throw new Error(`API private key is not a valid ${support.label} private key`);
  }
  return bytes;
}

/** Whether a string is a public key of the curve in the form stamps carry (P-256 by default). */
export function isPublicKeyHex(value: string, curve: ApiKeyCurve = 'API_KEY_CURVE_P256'): boolean {
  return curveSupport(curve).publicKeyPattern.test(value);
}

/** Generates a new random API key pair on the curve (P-256 unless told otherwise). */
export function generateApiKeyPair(curve: ApiKeyCurve = 'API_KEY_CURVE_P256'): ApiKeyPair {
  const support = curveSupport(curve);
  const secretKey = support.randomSecretKey();
  return { publicKey: bytesToHex(support.getPublicKey(secretKey)), privateKey: bytesToHex(secretKey) };
}

/** Derives the public key (lowercase hex, as stamps carry it) from a private key (64 hex chars). */
export function publicKeyFromPrivateKey(privateKeyHex: string, curve: ApiKeyCurve = 'API_KEY_CURVE_P256'): string {
  return bytesToHex(curveSupport(curve).getPublicKey(parsePrivateKey(privateKeyHex, curve)));
}
