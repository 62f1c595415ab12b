// Webhook signatures as `x-webhook-signature` in the API document describes them: ECDSA P-256 over SHA-256 of
// `<timestamp>.<body>`, with the organization's own key pair, whose public key get_organization_configs answers.
import { p256 } from '@noble/curves/nist.js';
import { base64 } from '@scure/base';
import { document } from './document.js';
// Timestamps through encoding.ts, not model.ts: the organization record (model.ts) holds this module's key record.
import { bytesToHex, hexToBytes, toTimestamp, uuid } from './encoding.js';

interface WebhookSignatureSpec {
  algorithm: string;
  headers: Array<{ name: string }>;
}

const spec = document['x-webhook-signature'] as WebhookSignatureSpec;
const headerNamed = (suffix: string): string => {
  const header = spec.headers.find((candidate) => candidate.name.endsWith(suffix));
  if (!header) throw new Error(`x-webhook-signature names no header ending in ${suffix}`);
  return header.name;
};
export const WEBHOOK_TIMESTAMP_HEADER = headerNamed('-Timestamp');
export const WEBHOOK_SIGNATURE_HEADER = headerNamed('-Signature');
export const WEBHOOK_KEY_ID_HEADER = headerNamed('-Key-Id');

/** Stored on the organization record; the private key stays in the emulator's state (a development tool). */
export interface WebhookSigningKeyRecord {
  keyId: string;
  privateKey: string;
  publicKey: string;
  createdAtMs: number;
}

// The DER prefix of a SubjectPublicKeyInfo holding an uncompressed P-256 point (id-ecPublicKey, prime256v1).
const P256_SPKI_PREFIX = hexToBytes('3059301306072a8648ce3d020106082a8648ce3d030107034200');

function pem(der: Uint8Array): string {
  const lines = base64.encode(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

export function createWebhookSigningKey(now: number): WebhookSigningKeyRecord {
  const secret = p256.utils.randomSecretKey();
  const point = p256.getPublicKey(secret, false);
  const der = new Uint8Array(P256_SPKI_PREFIX.length + point.length);
  der.set(P256_SPKI_PREFIX);
  der.set(point, P256_SPKI_PREFIX.length);
  return { keyId: `whk_${uuid()}`, privateKey: bytesToHex(secret), publicKey: pem(der), createdAtMs: now };
}

/** The headers of one delivery attempt, signed at `timestampMs`. */
export function signWebhook(key: Pick<WebhookSigningKeyRecord, 'keyId' | 'privateKey'>, timestampMs: number, body: string): Record<string, string> {
  const timestamp = String(Math.floor(timestampMs));
  const compact = p256.sign(new TextEncoder().encode(`${timestamp}.${body}`), hexToBytes(key.privateKey));
  return {
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [WEBHOOK_SIGNATURE_HEADER]: p256.Signature.fromBytes(compact, 'compact').toHex('der'),
    [WEBHOOK_KEY_ID_HEADER]: key.keyId,
  };
}

/** The WebhookSigningKey schema's shape. */
export function webhookSigningKeyView(key: WebhookSigningKeyRecord) {
  return { keyId: key.keyId, algorithm: spec.algorithm, publicKey: key.publicKey, createdAt: toTimestamp(key.createdAtMs) };
}
