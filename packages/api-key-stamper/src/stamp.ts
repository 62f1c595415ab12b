import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlnopad } from '@scure/base';
import { CURVES, SIGNATURE_SCHEMES, curveOfScheme, type SignatureScheme } from './curves.js';

export const STAMP_HEADER_NAME = 'X-Stamp';
/** The scheme of P-256 keys, the default curve. */
export const SIGNATURE_SCHEME = SIGNATURE_SCHEMES.API_KEY_CURVE_P256;

/** The decoded contents of an `X-Stamp` header. */
export interface ApiKeyStamp {
  /** The signer's public key, lowercase hex: a compressed point (P-256, secp256k1) or 32 bytes (Ed25519). */
  publicKey: string;
  scheme: SignatureScheme;
  /** Lowercase hex: a DER ECDSA signature over SHA-256 of the body, or the 64-byte Ed25519 signature of the body. */
  signature: string;
}

/** Encodes a stamp as the `X-Stamp` header value: base64url (no padding) of its JSON. */
export function encodeStamp(stamp: ApiKeyStamp): string {
  // Fixed key order so that the same stamp always encodes to the same header value.
  const json = JSON.stringify({ publicKey: stamp.publicKey, scheme: stamp.scheme, signature: stamp.signature });
  return base64urlnopad.encode(utf8ToBytes(json));
}

/** Decodes an `X-Stamp` header value. Throws if it is not a well-formed stamp. */
export function decodeStamp(headerValue: string): ApiKeyStamp {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(headerValue)));
  } catch {
    throw new Error('X-Stamp header is not base64url-encoded JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) throw new Error('X-Stamp header is not a JSON object');
  const { publicKey, scheme, signature } = parsed as Record<string, unknown>;
  const curve = typeof scheme === 'string' ? curveOfScheme(scheme) : undefined;
  if (!curve) throw new Error(`X-Stamp scheme must be one of ${Object.values(SIGNATURE_SCHEMES).join(', ')}`);
  const support = CURVES[curve];
  if (typeof publicKey !== 'string' || publicKey !== publicKey.toLowerCase() || !support.publicKeyPattern.test(publicKey)) {
    throw new Error(`X-Stamp publicKey must be ${support.publicKeyDescription}, in lowercase`);
  }
  if (typeof signature !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(signature)) {
    throw new Error('X-Stamp signature must be lowercase hex');
  }
  return { publicKey, scheme: SIGNATURE_SCHEMES[curve], signature };
}
