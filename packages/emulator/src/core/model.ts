// Stored records (what exportState holds) and their API views (what responses show).
import { toTimestamp, type Timestamp } from './encoding.js';
import type { Database } from './store.js';
import type { WebhookSigningKeyRecord } from './webhook-signing.js';
import { defineWalletIndexes } from './wallets/records.js';

export const C = {
  organizations: 'organizations',
  users: 'users',
  apiKeys: 'apiKeys',
  authenticators: 'authenticators',
  oauthProviders: 'oauthProviders',
  policies: 'policies',
  tags: 'tags',
  invitations: 'invitations',
  activities: 'activities',
  sessions: 'sessions',
  meta: 'meta',
} as const;

export interface Feature {
  name: string;
  value: string;
}
export interface OrganizationRecord {
  organizationId: string;
  organizationName: string;
  parentOrganizationId: string | null;
  rootQuorum: { threshold: number; userIds: string[] };
  features: Feature[];
  /** Made when FEATURE_NAME_WEBHOOK is first set; signs every webhook post. */
  webhookSigningKey?: WebhookSigningKeyRecord;
  /** The sign-in channels create_sub_organization switched off (true) for a sub-organization; absent when none was named. */
  signInSettings?: Partial<Record<SignInSetting, boolean>>;
  createdAtMs: number;
}

/** A sign-in channel a sub-organization can be created without. */
export type SignInSetting = 'disableEmailAuth' | 'disableEmailRecovery' | 'disableSmsAuth' | 'disableOtpEmailAuth';
export interface UserRecord {
  userId: string;
  organizationId: string;
  userName: string;
  userEmail?: string;
  userPhoneNumber?: string;
  /**
   * Set once the user proves they read `userEmail` (otp_auth accepts a code sent there, or a key email_auth or
   * init_user_email_recovery mailed there stamps a request) or `userPhoneNumber` (otp_auth accepts an SMS code);
   * cleared when the address changes. list_verified_suborgs matches only verified addresses.
   */
  emailVerified?: boolean;
  phoneVerified?: boolean;
  accessType?: string;
  userTags: string[];
  createdAtMs: number;
  updatedAtMs: number;
}
export interface ApiKeyRecord {
  apiKeyId: string;
  userId: string;
  organizationId: string;
  apiKeyName: string;
  publicKey: string;
  curveType: 'API_KEY_CURVE_P256' | 'API_KEY_CURVE_SECP256K1' | 'API_KEY_CURVE_ED25519';
  expirationSeconds?: string;
  createdAtMs: number;
  /** The sign-in flow that issued the key, for keys Sigil issues rather than ones a caller registers. */
  issuedBy?: string;
}
export interface AuthenticatorRecord {
  authenticatorId: string;
  userId: string;
  organizationId: string;
  authenticatorName: string;
  credentialId: string;
  /** Compressed P-256 point (02/03 || x), hex: the form the API document's examples and API keys use. */
  publicKey: string;
  rpIdHash: string;
  signCount: number;
  aaguid: string;
  attestationType: string;
  transports: string[];
  createdAtMs: number;
}
export interface OauthProviderRecord {
  providerId: string;
  userId: string;
  organizationId: string;
  providerName: string;
  issuer: string;
  audience: string;
  subject: string;
  createdAtMs: number;
}
export interface PolicyRecord {
  policyId: string;
  organizationId: string;
  policyName: string;
  effect: 'EFFECT_ALLOW' | 'EFFECT_DENY';
  condition: string;
  consensus: string;
  notes: string;
  createdAtMs: number;
  updatedAtMs: number;
}
export interface TagRecord {
  tagId: string;
  organizationId: string;
  tagName: string;
  tagType: 'TAG_TYPE_USER' | 'TAG_TYPE_PRIVATE_KEY';
  /** Private keys carrying the tag (user tags live on the user record). */
  privateKeyIds: string[];
  createdAtMs: number;
  updatedAtMs: number;
}
export interface InvitationRecord {
  invitationId: string;
  organizationId: string;
  receiverUserName: string;
  receiverUserEmail: string;
  receiverUserTags: string[];
  accessType: string;
  senderUserId: string;
  createdAtMs: number;
}
export interface VoteRecord {
  id: string;
  userId: string;
  selection: 'VOTE_SELECTION_APPROVED' | 'VOTE_SELECTION_REJECTED';
  message: string;
  publicKey: string;
  signature: string;
  scheme: string;
  createdAtMs: number;
}
export interface ActivityRecord {
  id: string;
  seq: number;
  organizationId: string;
  status: string;
  type: string;
  operation: string;
  intent: Record<string, unknown>;
  result: Record<string, unknown>;
  votes: VoteRecord[];
  fingerprint: string;
  failure?: { code: number; message: string; details: unknown[] };
  /** ACTIVITY_STATUS_PENDING only (the pendingPolls option): get_activity reads left before it runs. */
  pendingReads?: number;
  /** Who submitted it, and with which credential. */
  userId: string;
  credential: { type: string; publicKey: string };
  /** The submission that created it, as replay.ts identifies one: an identical resend answers this activity. */
  requestDigest?: string;
  createdAtMs: number;
  updatedAtMs: number;
}
export interface SessionRecord {
  session: string;
  userId: string;
  organizationId: string;
  expiresAtMs: number;
}

export const ts = (ms: number): Timestamp => toTimestamp(ms);

/** An API key with an `expirationSeconds` stops working once that time has passed since its creation. */
export function apiKeyIsLive(key: Pick<ApiKeyRecord, 'expirationSeconds' | 'createdAtMs'>, now: number): boolean {
  return key.expirationSeconds === undefined || key.createdAtMs + Number(key.expirationSeconds) * 1000 > now;
}

/**
 * The user's API keys that still work at `now`. An expired key is neither listed nor counted toward
 * `api-keys-per-user`: it can never stamp again, so it takes no room.
 */
export function liveApiKeysOf(db: Database, userId: string, now: number): ApiKeyRecord[] {
  return db.lookupRecords<ApiKeyRecord>('apiKeysByUser', userId, C.apiKeys).filter((key) => apiKeyIsLive(key, now));
}

/**
 * Deletes the user's expired API keys before a new key is counted or checked for a clash: an expired key is
 * invisible (liveApiKeysOf), so it must not fill the limit or clash with a key registered again.
 */
export function dropExpiredApiKeys(db: Database, userId: string, now: number): void {
  for (const key of db.lookupRecords<ApiKeyRecord>('apiKeysByUser', userId, C.apiKeys)) if (!apiKeyIsLive(key, now)) db.delete(C.apiKeys, key.apiKeyId);
}

export function apiKeyView(key: ApiKeyRecord) {
  return {
    credential: { publicKey: key.publicKey, type: credentialTypeOf(key) },
    apiKeyId: key.apiKeyId,
    apiKeyName: key.apiKeyName,
    createdAt: ts(key.createdAtMs),
    updatedAt: ts(key.createdAtMs),
    ...(key.expirationSeconds !== undefined ? { expirationSeconds: key.expirationSeconds } : {}),
  };
}

export const CREDENTIAL_TYPE_BY_CURVE = {
  API_KEY_CURVE_P256: 'CREDENTIAL_TYPE_API_KEY_P256',
  API_KEY_CURVE_SECP256K1: 'CREDENTIAL_TYPE_API_KEY_SECP256K1',
  API_KEY_CURVE_ED25519: 'CREDENTIAL_TYPE_API_KEY_ED25519',
} as const;

export function authenticatorView(a: AuthenticatorRecord) {
  return {
    transports: a.transports,
    attestationType: a.attestationType,
    aaguid: a.aaguid,
    credentialId: a.credentialId,
    model: a.aaguid === '00000000-0000-0000-0000-000000000000' ? 'Unknown authenticator' : `Authenticator ${a.aaguid}`,
    credential: { publicKey: a.publicKey, type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
    authenticatorId: a.authenticatorId,
    authenticatorName: a.authenticatorName,
    createdAt: ts(a.createdAtMs),
    updatedAt: ts(a.createdAtMs),
  };
}

export function oauthProviderView(p: OauthProviderRecord) {
  return {
    providerId: p.providerId,
    providerName: p.providerName,
    issuer: p.issuer,
    audience: p.audience,
    subject: p.subject,
    createdAt: ts(p.createdAtMs),
    updatedAt: ts(p.createdAtMs),
  };
}

export function userView(db: Database, user: UserRecord, now: number) {
  return {
    userId: user.userId,
    userName: user.userName,
    ...(user.userEmail !== undefined ? { userEmail: user.userEmail } : {}),
    ...(user.userPhoneNumber !== undefined ? { userPhoneNumber: user.userPhoneNumber } : {}),
    authenticators: db.lookupRecords<AuthenticatorRecord>('authenticatorsByUser', user.userId, C.authenticators).map(authenticatorView),
    apiKeys: liveApiKeysOf(db, user.userId, now).map(apiKeyView),
    userTags: user.userTags,
    oauthProviders: db.lookupRecords<OauthProviderRecord>('oauthProvidersByUser', user.userId, C.oauthProviders).map(oauthProviderView),
    createdAt: ts(user.createdAtMs),
    updatedAt: ts(user.updatedAtMs),
  };
}

export function policyView(p: PolicyRecord) {
  return {
    policyId: p.policyId,
    policyName: p.policyName,
    effect: p.effect,
    createdAt: ts(p.createdAtMs),
    updatedAt: ts(p.updatedAtMs),
    notes: p.notes,
    consensus: p.consensus,
    condition: p.condition,
  };
}

export function tagView(t: TagRecord) {
  return { tagId: t.tagId, tagName: t.tagName, tagType: t.tagType, createdAt: ts(t.createdAtMs), updatedAt: ts(t.updatedAtMs) };
}

export function defineIndexes(db: Database): void {
  const one = (key: string | null | undefined): string[] => (key ? [key] : []);
  db.defineIndex('usersByOrg', C.users, (u: UserRecord) => [u.organizationId]);
  db.defineIndex('apiKeysByUser', C.apiKeys, (k: ApiKeyRecord) => [k.userId]);
  db.defineIndex('apiKeysByPublicKey', C.apiKeys, (k: ApiKeyRecord) => [k.publicKey]);
  db.defineIndex('authenticatorsByUser', C.authenticators, (a: AuthenticatorRecord) => [a.userId]);
  db.defineIndex('authenticatorsByCredentialId', C.authenticators, (a: AuthenticatorRecord) => [a.credentialId]);
  db.defineIndex('oauthProvidersByUser', C.oauthProviders, (p: OauthProviderRecord) => [p.userId]);
  db.defineIndex('policiesByOrg', C.policies, (p: PolicyRecord) => [p.organizationId]);
  db.defineIndex('tagsByOrg', C.tags, (t: TagRecord) => [t.organizationId]);
  db.defineIndex('invitationsByOrg', C.invitations, (i: InvitationRecord) => [i.organizationId]);
  db.defineIndex('activitiesByOrg', C.activities, (a: ActivityRecord) => [a.organizationId]);
  db.defineIndex('activitiesByFingerprint', C.activities, (a: ActivityRecord) => [a.fingerprint]);
  db.defineIndex('activitiesByRequest', C.activities, (a: ActivityRecord) => (a.requestDigest ? [a.requestDigest] : []));
  db.defineIndex('subOrgsByParent', C.organizations, (o: OrganizationRecord) => one(o.parentOrganizationId));
  defineWalletIndexes(db);
}

/**
 * The credential type a key shows to policies (`credentials[0].type`) and in answers: keys issued by email auth,
 * one-time codes and recovery carry the types the document defines for them; others follow their curve.
 */
const CREDENTIAL_TYPE_BY_ISSUER: Readonly<Record<string, string>> = {
  email_auth: 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
  otp_auth: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
  email_recovery: 'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256',
};
export function credentialTypeOf(key: Pick<ApiKeyRecord, 'curveType' | 'issuedBy'>): string {
  return (key.issuedBy && CREDENTIAL_TYPE_BY_ISSUER[key.issuedBy]) || CREDENTIAL_TYPE_BY_CURVE[key.curveType];
}
