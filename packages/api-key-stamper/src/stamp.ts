import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlnopad } from '@scure/base';

export const STAMP_HEADER_NAME = 'X-Stamp';
export const SIGNATURE_SCHEME = 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256';

/** The decoded contents of an `X-Stamp` header. */
export interface ApiKeyStamp {
  /** Compressed P-256 public key, 66 lowercase hex chars. */
  publicKey: string;
  scheme: typeof SIGNATURE_SCHEME;
  /** DER-encoded ECDSA signature over SHA-256 of the request body, lowercase hex. */
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
  if (typeof publicKey !== 'string' || !/^0[23][0-9a-f]{64}$/.test(publicKey)) {
    throw new Error('X-Stamp publicKey must be a compressed P-256 key (66 lowercase hex chars)');
  }
  if (scheme !== SIGNATURE_SCHEME) throw new Error(`X-Stamp scheme must be ${SIGNATURE_SCHEME}`);
  if (typeof signature !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(signature)) {
    throw new Error('X-Stamp signature must be lowercase hex');
  }
  return { publicKey, scheme, signature };
}
