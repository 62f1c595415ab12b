// The credentials a user holds (API keys, passkeys, OAuth identities): the checks a new one passes and the
// per-user limits, shared by every operation that adds one (create_users, create_sub_organization, the
// create_* credential operations, sign-in and recovery) and by bootstrap.
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { exhausted, exists, invalid } from '../errors.js';
import { limit } from '../document.js';
import { uuid } from '../encoding.js';
import { readAttestation } from '../attestation.js';
import { verifyIdToken } from '../oauth-issuer.js';
import { C, dropExpiredApiKeys, type ApiKeyRecord, type AuthenticatorRecord, type OauthProviderRecord, type UserRecord } from '../model.js';
import type { Database } from '../store.js';

const API_KEYS_MAX = limit<number>('api-keys-per-user');
const AUTHENTICATORS_MAX = limit<number>('authenticators-per-user');
const OAUTH_MAX = limit<number>('oauth-providers-per-user');

type Curve = ApiKeyRecord['curveType'];

/** Checks an API public key's encoding and that it is a point of its curve. */
export function checkApiPublicKey(field: string, publicKey: unknown, curve: Curve): asserts publicKey is string {
  const text = typeof publicKey === 'string' ? publicKey : '';
  try {
    if (curve === 'API_KEY_CURVE_ED25519') {
      if (!/^[0-9a-f]{64}$/.test(text)) throw new Error('must be 64 lowercase hex characters (32 bytes)');
      ed25519.Point.fromHex(text);
    } else {
      if (!/^0[23][0-9a-f]{64}$/.test(text)) throw new Error('must be a compressed point, 66 lowercase hex characters starting 02 or 03');
      (curve === 'API_KEY_CURVE_P256' ? p256 : secp256k1).Point.fromHex(text);
    }
  } catch (error) {
    const why = error instanceof Error && error.message.startsWith('must') ? error.message : `is not a point of ${curve}`;
    throw invalid(field, `${field}: ${why}`);
  }
}

interface ApiKeyInput {
  apiKeyName: string;
  publicKey: string;
  curveType?: Curve;
  expirationSeconds?: string;
}

export function addApiKeys(db: Database, organizationId: string, user: UserRecord, keys: ApiKeyInput[], field: string, now: number): string[] {
  dropExpiredApiKeys(db, user.userId, now);
  const existing = db.lookupRecords<ApiKeyRecord>('apiKeysByUser', user.userId, C.apiKeys);
  if (existing.length + keys.length > API_KEYS_MAX) throw exhausted(`a user holds at most ${API_KEYS_MAX} API keys (x-limits api-keys-per-user)`, field);
  return keys.map((key, i) => {
    const curve = key.curveType ?? 'API_KEY_CURVE_P256';
    const publicKey = key.publicKey.toLowerCase();
    checkApiPublicKey(`${field}[${i}].publicKey`, publicKey, curve);
    const clash = db.lookupRecords<ApiKeyRecord>('apiKeysByPublicKey', publicKey, C.apiKeys).some((k) => k.organizationId === organizationId);
    if (clash) throw exists(`API key ${publicKey} is already registered in organization ${organizationId}`, `${field}[${i}].publicKey`);
    const apiKeyId = uuid();
    db.put(C.apiKeys, apiKeyId, {
      apiKeyId,
      userId: user.userId,
      organizationId,
      apiKeyName: key.apiKeyName,
      publicKey,
      curveType: curve,
      ...(key.expirationSeconds !== undefined ? { expirationSeconds: key.expirationSeconds } : {}),
      createdAtMs: now,
    } satisfies ApiKeyRecord);
    return apiKeyId;
  });
}

interface AuthenticatorInput {
  authenticatorName: string;
  challenge: string;
  attestation: { credentialId: string; clientDataJson: string; attestationObject: string; transports: string[] };
}

export function addAuthenticators(db: Database, organizationId: string, user: UserRecord, inputs: AuthenticatorInput[], field: string, now: number): string[] {
  const existing = db.lookupRecords<AuthenticatorRecord>('authenticatorsByUser', user.userId, C.authenticators);
  if (existing.length + inputs.length > AUTHENTICATORS_MAX) {
    throw exhausted(`a user registers at most ${AUTHENTICATORS_MAX} passkeys (x-limits authenticators-per-user)`, field);
  }
  return inputs.map((input, i) => {
    const passkey = readAttestation(`${field}[${i}]`, input);
    try {
      p256.Point.fromHex(passkey.publicKey);
    } catch {
      throw invalid(`${field}[${i}].attestation.attestationObject`, `${field}[${i}].attestation.attestationObject: the credential public key is not a P-256 point`);
    }
    const clash = db
      .lookupRecords<AuthenticatorRecord>('authenticatorsByCredentialId', passkey.credentialId, C.authenticators)
      .some((a) => a.organizationId === organizationId);
    if (clash) throw exists(`passkey ${passkey.credentialId} is already registered in organization ${organizationId}`, `${field}[${i}].attestation.credentialId`);
    const authenticatorId = uuid();
    db.put(C.authenticators, authenticatorId, {
      authenticatorId,
      userId: user.userId,
      organizationId,
      authenticatorName: input.authenticatorName,
      ...passkey,
      transports: input.attestation.transports,
      createdAtMs: now,
    } satisfies AuthenticatorRecord);
    return authenticatorId;
  });
}

export function addOauthProviders(
  db: Database,
  organizationId: string,
  user: UserRecord,
  inputs: Array<{ providerName: string; oidcToken: string }>,
  field: string,
  now: number,
): string[] {
  const existing = db.lookupRecords<OauthProviderRecord>('oauthProvidersByUser', user.userId, C.oauthProviders);
  if (existing.length + inputs.length > OAUTH_MAX) throw exhausted(`a user links at most ${OAUTH_MAX} OAuth identities (x-limits oauth-providers-per-user)`, field);
  return inputs.map((input, i) => {
    // Checked as oauth checks it (signature of the test issuer, exp), so a linked identity can sign in.
    const claims = verifyIdToken(db, input.oidcToken, `${field}[${i}].oidcToken`, now);
    const providerId = uuid();
    db.put(C.oauthProviders, providerId, {
      providerId,
      userId: user.userId,
      organizationId,
      providerName: input.providerName,
      issuer: claims.iss,
      audience: claims.aud,
      subject: claims.sub,
      createdAtMs: now,
    } satisfies OauthProviderRecord);
    return providerId;
  });
}

/** Deletes a user and every credential they hold. */
export function deleteUser(db: Database, user: UserRecord): void {
  for (const key of db.lookupRecords<ApiKeyRecord>('apiKeysByUser', user.userId, C.apiKeys)) db.delete(C.apiKeys, key.apiKeyId);
  for (const a of db.lookupRecords<AuthenticatorRecord>('authenticatorsByUser', user.userId, C.authenticators)) db.delete(C.authenticators, a.authenticatorId);
  for (const p of db.lookupRecords<OauthProviderRecord>('oauthProvidersByUser', user.userId, C.oauthProviders)) db.delete(C.oauthProviders, p.providerId);
  db.delete(C.users, user.userId);
}
