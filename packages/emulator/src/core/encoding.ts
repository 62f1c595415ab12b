// Byte encodings, hashing and RFC 8785 canonical JSON, built on audited libraries that run in
// browsers and workers as well as Node.
import { base64urlnopad } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export { bytesToHex, hexToBytes, utf8ToBytes, sha256 };

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** base64url (RFC 4648 §5) without padding; throws on any other alphabet or on padding. */
export function base64urlToBytes(text: string): Uint8Array {
  try {
    return base64urlnopad.decode(text);
  } catch {
    throw new Error('not base64url');
  }
}

export function bytesToBase64url(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes);
}

export function isLowerHex(text: unknown, bytes?: number): text is string {
  if (typeof text !== 'string' || text.length % 2 !== 0) return false;
  if (bytes !== undefined && text.length !== bytes * 2) return false;
  return /^[0-9a-f]*$/.test(text);
}

/**
 * JSON Canonicalization Scheme (RFC 8785) for parsed JSON values: members sorted by UTF-16 code
 * units at every level, no whitespace. JSON.stringify already writes strings and finite numbers as
 * RFC 8785 asks.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
    members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface Timestamp {
  seconds: string;
  nanos: string;
}

export const toTimestamp = (ms: number): Timestamp => ({
  seconds: String(Math.floor(ms / 1000)),
  nanos: String((ms % 1000) * 1_000_000),
});

export function uuid(): string {
  return globalThis.crypto.randomUUID();
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
