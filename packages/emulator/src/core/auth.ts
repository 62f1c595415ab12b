// Authentication in two steps. `verifyRequestSignature` does the (possibly asynchronous) cryptography
// and touches no state; `resolveCaller` then runs synchronously inside the request's transaction: it
// finds the credential registered in the target organization (or an ancestor), checks expiry and the
// passkey sign counter, and returns who is calling.
import { p256 } from '@noble/curves/nist.js';
import { ApiError, Code, unauthenticated } from './errors.js';
import type { OperationSpec } from './document.js';
import { hexToBytes } from './encoding.js';
import { C, CREDENTIAL_TYPE_BY_CURVE, apiKeyIsLive, credentialTypeOf, type ApiKeyRecord, type AuthenticatorRecord, type OrganizationRecord, type SessionRecord, type UserRecord } from './model.js';
import type { Database } from './store.js';
import { levelsAbove } from './organization-scope.js';
import {
  decodeApiKeyStamp,
  decodeWebauthnStamp,
  verifyApiKeySignature,
  checkWebauthnState,
  verifyWebauthnSignature,
  type DecodedApiKeyStamp,
  type DecodedWebauthnStamp,
} from './stamps.js';

export interface Caller {
  kind: 'apiKey' | 'passkey' | 'session';
  user: UserRecord;
  /** What the policy context's `credentials` and a vote record show. */
  credential: { type: string; publicKey: string };
  /** The stamp's signature and scheme, recorded on votes; empty for sessions. */
  signature: string;
  scheme: string;
}

export type VerifiedRequest =
  | { kind: 'apiKey'; stamp: DecodedApiKeyStamp }
  | { kind: 'passkey'; stamp: DecodedWebauthnStamp; verifiedKeys: Set<string> }
  | { kind: 'session'; token: string };

// WebCrypto verifies P-256 natively (much faster than a JavaScript implementation); imported keys are
// cached by public key. Where WebCrypto is missing, @noble/curves does the work.
const keyCache = new Map<string, Promise<CryptoKey | null>>();
function webCryptoKey(compressedHex: string): Promise<CryptoKey | null> {
  let key = keyCache.get(compressedHex);
  if (!key) {
    if (keyCache.size > 50_000) keyCache.clear();
    const subtle = globalThis.crypto?.subtle;
    key = subtle
      ? subtle
          .importKey('raw', p256.Point.fromHex(compressedHex).toBytes(false) as Uint8Array<ArrayBuffer>, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify'])
          .catch(() => null)
      : Promise.resolve(null);
    keyCache.set(compressedHex, key);
  }
  return key;
}

async function verifyP256(stamp: DecodedApiKeyStamp, body: string): Promise<boolean> {
  let key: CryptoKey | null;
  let raw: Uint8Array;
  try {
    key = await webCryptoKey(stamp.publicKey);
    raw = p256.Signature.fromBytes(hexToBytes(stamp.signature), 'der').toBytes('compact');
  } catch {
    return false;
  }
  if (!key) return verifyApiKeySignature(stamp, body);
  return globalThis.crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    raw as Uint8Array<ArrayBuffer>,
    new TextEncoder().encode(body),
  );
}

export async function verifyRequestSignature(
  db: Database,
  input: { operation: OperationSpec; raw: string; stamp?: string; webauthn?: string; session?: string },
): Promise<VerifiedRequest> {
  const present = [input.stamp, input.webauthn, input.session].filter((h) => h !== undefined).length;
  if (present === 0) throw unauthenticated('missing stamp: send X-Stamp or X-Stamp-WebAuthn (queries also accept X-Session)');
  if (present > 1) throw unauthenticated('send exactly one of X-Stamp, X-Stamp-WebAuthn and X-Session');
  if (input.session !== undefined) {
    if (input.operation.kind !== 'query' || !input.operation.acceptsSession) {
      throw unauthenticated(`${input.operation.name} does not accept X-Session; stamp it with X-Stamp or X-Stamp-WebAuthn`);
    }
    return { kind: 'session', token: input.session };
  }
  if (input.stamp !== undefined) {
    const stamp = decodeApiKeyStamp(input.stamp);
    const valid =
      stamp.scheme === 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256' ? await verifyP256(stamp, input.raw) : verifyApiKeySignature(stamp, input.raw);
    if (!valid) throw unauthenticated('X-Stamp signature does not verify against the request body');
    return { kind: 'apiKey', stamp };
  }
  const stamp = decodeWebauthnStamp(input.webauthn!);
  const candidates = db.lookupRecords<AuthenticatorRecord>('authenticatorsByCredentialId', stamp.credentialId, C.authenticators);
  if (candidates.length === 0) throw unauthenticated(`passkey ${stamp.credentialId} is not registered`);
  const verifiedKeys = new Set<string>();
  let lastError: unknown;
  for (const candidate of candidates) {
    if (verifiedKeys.has(candidate.publicKey)) continue;
    try {
      verifyWebauthnSignature(stamp, input.raw, candidate);
      verifiedKeys.add(candidate.publicKey);
    } catch (error) {
      lastError = error;
    }
  }
  if (verifiedKeys.size === 0) throw lastError instanceof ApiError ? lastError : unauthenticated('X-Stamp-WebAuthn does not verify');
  return { kind: 'passkey', stamp, verifiedKeys };
}

function isInScope(db: Database, credentialOrganizationId: string, target: OrganizationRecord | undefined): number {
  // 0 = the target itself, n = n levels above it, -1 = unrelated.
  return target ? levelsAbove(db, credentialOrganizationId, target) : -1;
}

function nearest<T extends { organizationId: string }>(db: Database, records: T[], target: OrganizationRecord | undefined): T | undefined {
  let best: T | undefined;
  let bestDepth = Infinity;
  for (const record of records) {
    const depth = isInScope(db, record.organizationId, target);
    if (depth >= 0 && depth < bestDepth) [best, bestDepth] = [record, depth];
  }
  return best;
}

/** Synchronous: must run inside the request's transaction. */
export function resolveCaller(db: Database, verified: VerifiedRequest, organizationId: string | undefined, now: number): Caller {
  const target = organizationId ? db.get<OrganizationRecord>(C.organizations, organizationId) : undefined;
  const userOf = (userId: string): UserRecord => {
    const user = db.get<UserRecord>(C.users, userId);
    if (!user) throw unauthenticated('the credential belongs to a deleted user');
    return user;
  };
  if (verified.kind === 'session') {
    const session = db.get<SessionRecord>(C.sessions, verified.token);
    if (!session || session.expiresAtMs <= now) throw unauthenticated('X-Session is unknown or expired; create a new read-only session');
    return { kind: 'session', user: userOf(session.userId), credential: { type: 'CREDENTIAL_TYPE_READ_ONLY_SESSION', publicKey: '' }, signature: '', scheme: '' };
  }
  if (verified.kind === 'apiKey') {
    const { stamp } = verified;
    const keys = db
      .lookupRecords<ApiKeyRecord>('apiKeysByPublicKey', stamp.publicKey, C.apiKeys)
      .filter((key) => CREDENTIAL_TYPE_BY_CURVE[key.curveType] && stampSchemeMatches(key, stamp.scheme));
    const live = keys.filter((key) => apiKeyIsLive(key, now));
    const key = nearest(db, live, target) ?? (target ? undefined : live[0]);
    if (!key) {
      if (keys.length > live.length && nearest(db, keys, target)) throw unauthenticated(`API key ${stamp.publicKey} has expired`);
      throw unauthenticated(
        keys.length === 0
          ? `API key ${stamp.publicKey} is not registered (on the curve its scheme names)`
          : `API key ${stamp.publicKey} is not registered to a user of organization ${organizationId ?? '(none given)'}`,
      );
    }
    let user = userOf(key.userId);
    // A key that was emailed to the user stamping a request proves they read that address (list_verified_suborgs).
    const issuedBy = (key as ApiKeyRecord & { issuedBy?: string }).issuedBy;
    if ((issuedBy === 'email_auth' || issuedBy === 'email_recovery') && user.userEmail && user.emailVerified !== true) {
      user = { ...user, emailVerified: true };
      db.put(C.users, user.userId, user);
    }
    return {
      kind: 'apiKey',
      user,
      credential: { type: credentialTypeOf(key), publicKey: key.publicKey },
      signature: stamp.signature,
      scheme: stamp.scheme,
    };
  }
  const { stamp } = verified;
  const records = db
    .lookupRecords<AuthenticatorRecord>('authenticatorsByCredentialId', stamp.credentialId, C.authenticators)
    .filter((record) => verified.verifiedKeys.has(record.publicKey));
  const record = nearest(db, records, target) ?? (target ? undefined : records[0]);
  if (!record) throw unauthenticated(`passkey ${stamp.credentialId} is not registered to a user of organization ${organizationId ?? '(none given)'}`);
  const owner = db.get<OrganizationRecord>(C.organizations, record.organizationId);
  const origins = owner?.features.find((f) => f.name === 'FEATURE_NAME_WEBAUTHN_ORIGINS')?.value;
  const allowed = origins ? origins.split(',').map((o) => o.trim()).filter(Boolean) : undefined;
  const signCount = checkWebauthnState(stamp, record.signCount, allowed);
  if (signCount !== 0 || record.signCount !== 0) db.put(C.authenticators, record.authenticatorId, { ...record, signCount });
  return {
    kind: 'passkey',
    user: userOf(record.userId),
    credential: { type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR', publicKey: record.publicKey },
    signature: Array.from(stamp.signature, (b) => b.toString(16).padStart(2, '0')).join(''),
    scheme: 'SIGNATURE_SCHEME_SIGIL_WEBAUTHN',
  };
}

function stampSchemeMatches(key: ApiKeyRecord, scheme: string): boolean {
  const expected = {
    API_KEY_CURVE_P256: 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256',
    API_KEY_CURVE_SECP256K1: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256',
    API_KEY_CURVE_ED25519: 'SIGNATURE_SCHEME_SIGIL_ED25519',
  }[key.curveType];
  return expected === scheme;
}

export { Code };
