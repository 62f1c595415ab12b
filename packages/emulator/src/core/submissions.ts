// Submission handlers of part 1: organizations, sub-organizations, features, users, credentials,
// OAuth providers, invitations, policies, tags and read-only sessions. Each runs inside the request's
// transaction; throwing an ApiError refuses the request and undoes its writes.
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { PolicyError, compile } from '@sigil/policy';
import { exhausted, exists, invalid, notFound, precondition } from './errors.js';
import { limit } from './document.js';
import { bytesToBase64url, uuid } from './encoding.js';
import { readAttestation } from './attestation.js';
import { verifyIdToken } from './oauth-issuer.js';
import {
  C,
  dropExpiredApiKeys,
  type ApiKeyRecord,
  type AuthenticatorRecord,
  type InvitationRecord,
  type OauthProviderRecord,
  type OrganizationRecord,
  type PolicyRecord,
  type SessionRecord,
  type TagRecord,
  type UserRecord,
} from './model.js';
import type { ExecutionContext, Submission } from './activities.js';
import type { Database } from './store.js';
import { createWebhookSigningKey } from './webhook-signing.js';
import { SIGNIN_SUBMISSIONS } from './signin.js';
import { SIGNING_SUBMISSIONS } from './signing/handlers.js';
import { EXPORT_IMPORT_SUBMISSIONS } from './wallets/export-import.js';
import { WALLET_SUBMISSIONS, createWallet, deleteOrganizationKeys, type AccountParams } from './wallets/handlers.js';

type Params = Record<string, unknown>;

/** The answer for an operation of the document that has no handler (emulator.test.ts shows there is none). */
export function unimplementedMessage(name: string): string {
  return `${name} is not implemented in this version of the Sigil emulator: the API document lists an operation it has no handler for`;
}

const USERS_MAX = limit<number>('users-per-organization');
const POLICIES_MAX = limit<number>('policies-per-organization');
const TAGS_MAX = limit<number>('tags-per-organization');
const API_KEYS_MAX = limit<number>('api-keys-per-user');
const AUTHENTICATORS_MAX = limit<number>('authenticators-per-user');
const OAUTH_MAX = limit<number>('oauth-providers-per-user');
const SUB_ORGS_MAX = limit<number>('sub-organizations-per-organization');
const READ_ONLY_SESSION_SECONDS = limit<number>('read-only-session-lifetime');

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

const org = (context: ExecutionContext) => context.organization.organizationId;

function userIn(context: ExecutionContext, userId: string, field: string): UserRecord {
  const user = context.db.get<UserRecord>(C.users, userId);
  if (!user || user.organizationId !== org(context)) throw notFound(`user ${userId} not found in organization ${org(context)}`, field);
  return user;
}

function usersOf(db: Database, organizationId: string): UserRecord[] {
  return db.lookupRecords<UserRecord>('usersByOrg', organizationId, C.users);
}

function checkUserTags(context: ExecutionContext, tagIds: string[], field: string): void {
  tagIds.forEach((tagId, i) => {
    const tag = context.db.get<TagRecord>(C.tags, tagId);
    if (!tag || tag.organizationId !== org(context) || tag.tagType !== 'TAG_TYPE_USER') throw notFound(`user tag ${tagId} not found`, `${field}[${i}]`);
  });
}

interface ApiKeyInput {
  apiKeyName: string;
  publicKey: string;
  curveType?: Curve;
  expirationSeconds?: string;
}

function addApiKeys(db: Database, organizationId: string, user: UserRecord, keys: ApiKeyInput[], field: string, now: number): string[] {
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

function addOauthProviders(
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

function deleteUser(db: Database, user: UserRecord): void {
  for (const key of db.lookupRecords<ApiKeyRecord>('apiKeysByUser', user.userId, C.apiKeys)) db.delete(C.apiKeys, key.apiKeyId);
  for (const a of db.lookupRecords<AuthenticatorRecord>('authenticatorsByUser', user.userId, C.authenticators)) db.delete(C.authenticators, a.authenticatorId);
  for (const p of db.lookupRecords<OauthProviderRecord>('oauthProvidersByUser', user.userId, C.oauthProviders)) db.delete(C.oauthProviders, p.providerId);
  db.delete(C.users, user.userId);
}

function checkExpression(field: string, source: unknown): string {
  if (source === undefined) return '';
  try {
    compile(source as string);
  } catch (error) {
    // The position is in the message so that a client showing only the message still points at the mistake.
    if (error instanceof PolicyError) throw invalid(field, `${field}: line ${error.line}, column ${error.column}: ${error.code}: ${error.message}`);
    throw invalid(field, `${field}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return source as string;
}

function createPolicy(context: ExecutionContext, p: Params, field: string, pending = 0): string {
  const { db, now } = context;
  const policies = db.lookupRecords<PolicyRecord>('policiesByOrg', org(context), C.policies);
  if (policies.length + pending >= POLICIES_MAX) throw exhausted(`an organization holds at most ${POLICIES_MAX} policies (x-limits policies-per-organization)`, field);
  if (policies.some((existing) => existing.policyName === p.policyName)) throw exists(`a policy named ${String(p.policyName)} already exists`, `${field}.policyName`);
  const policyId = uuid();
  db.put(C.policies, policyId, {
    policyId,
    organizationId: org(context),
    policyName: p.policyName as string,
    effect: p.effect as PolicyRecord['effect'],
    condition: checkExpression(`${field}.condition`, p.condition),
    consensus: checkExpression(`${field}.consensus`, p.consensus),
    notes: (p.notes as string | undefined) ?? '',
    createdAtMs: now,
    updatedAtMs: now,
  } satisfies PolicyRecord);
  return policyId;
}

function tagIn(context: ExecutionContext, tagId: string, tagType: TagRecord['tagType'], field: string): TagRecord {
  const tag = context.db.get<TagRecord>(C.tags, tagId);
  if (!tag || tag.organizationId !== org(context) || tag.tagType !== tagType) throw notFound(`${tagType === 'TAG_TYPE_USER' ? 'user' : 'private key'} tag ${tagId} not found`, field);
  return tag;
}

function createTag(context: ExecutionContext, name: string, tagType: TagRecord['tagType'], field: string): TagRecord {
  const tags = context.db.lookupRecords<TagRecord>('tagsByOrg', org(context), C.tags).filter((t) => t.tagType === tagType);
  if (tags.length >= TAGS_MAX) throw exhausted(`an organization holds at most ${TAGS_MAX} tags of each kind (x-limits tags-per-organization)`, field);
  if (tags.some((t) => t.tagName === name)) throw exists(`a tag named ${name} already exists`, field);
  const tag: TagRecord = { tagId: uuid(), organizationId: org(context), tagName: name, tagType, privateKeyIds: [], createdAtMs: context.now, updatedAtMs: context.now };
  context.db.put(C.tags, tag.tagId, tag);
  return tag;
}

function checkPrivateKeys(context: ExecutionContext, ids: string[], field: string): void {
  ids.forEach((id, i) => {
    const key = context.db.get<{ organizationId: string }>('privateKeys', id);
    if (!key || key.organizationId !== org(context)) throw notFound(`private key ${id} not found`, `${field}[${i}]`);
  });
}

function setUserTags(context: ExecutionContext, userId: string, tags: (current: string[]) => string[]): void {
  const user = context.db.get<UserRecord>(C.users, userId)!;
  context.db.put(C.users, userId, { ...user, userTags: tags(user.userTags), updatedAtMs: context.now });
}

function checkQuorum(threshold: number, userIds: string[], field: string): void {
  if (threshold > userIds.length) throw invalid(`${field}`, `${field}: the threshold ${threshold} is above the number of root users (${userIds.length})`);
  if (new Set(userIds).size !== userIds.length) throw invalid(`${field}`, `${field}: root user IDs must be distinct`);
}

function withFeatures(context: ExecutionContext, features: OrganizationRecord['features']): { features: OrganizationRecord['features'] } {
  context.db.put(C.organizations, org(context), { ...context.organization, features });
  return { features };
}

export const SUBMISSIONS: Record<string, Submission> = {
  ...SIGNIN_SUBMISSIONS,
  ...WALLET_SUBMISSIONS,
  ...SIGNING_SUBMISSIONS,
  ...EXPORT_IMPORT_SUBMISSIONS,
  update_root_quorum: {
    execute(context, p) {
      const userIds = p.userIds as string[];
      checkQuorum(p.threshold as number, userIds, 'parameters.threshold');
      userIds.forEach((id, i) => userIn(context, id, `parameters.userIds[${i}]`));
      context.db.put(C.organizations, org(context), { ...context.organization, rootQuorum: { threshold: p.threshold as number, userIds } });
      return {};
    },
  },
  set_organization_feature: {
    execute(context, p) {
      const value = (p.value as string | undefined) ?? '';
      if (p.name === 'FEATURE_NAME_WEBHOOK' && !URL.canParse(value)) throw invalid('parameters.value', 'parameters.value: FEATURE_NAME_WEBHOOK takes the URL Sigil posts to');
      const features = context.organization.features.filter((f) => f.name !== p.name);
      // The signing key is made once and kept, so a receiver's stored public key stays valid when the URL changes.
      if (p.name === 'FEATURE_NAME_WEBHOOK' && !context.organization.webhookSigningKey) {
        context.organization = { ...context.organization, webhookSigningKey: createWebhookSigningKey(context.now) };
      }
      return withFeatures(context, [...features, { name: p.name as string, value }]);
    },
  },
  remove_organization_feature: {
    execute(context, p) {
      if (!context.organization.features.some((f) => f.name === p.name)) throw notFound(`feature ${String(p.name)} is not set`, 'parameters.name');
      return withFeatures(context, context.organization.features.filter((f) => f.name !== p.name));
    },
  },
  create_sub_organization: {
    execute(context, p) {
      const { db, now } = context;
      const rootUsers = p.rootUsers as Array<Params>;
      if (rootUsers.length === 0) throw invalid('parameters.rootUsers', 'parameters.rootUsers: at least one root user is required');
      if (rootUsers.length > USERS_MAX) throw exhausted(`an organization has at most ${USERS_MAX} users (x-limits users-per-organization)`, 'parameters.rootUsers');
      const threshold = p.rootQuorumThreshold as number;
      if (threshold < 1 || threshold > rootUsers.length) {
        throw invalid('parameters.rootQuorumThreshold', `parameters.rootQuorumThreshold: must be from 1 to the number of root users (${rootUsers.length})`);
      }
      if (db.lookup('subOrgsByParent', org(context)).length >= SUB_ORGS_MAX) {
        throw exhausted(`a parent creates at most ${SUB_ORGS_MAX} sub-organizations (x-limits sub-organizations-per-organization)`, 'parameters');
      }
      const subOrganizationId = uuid();
      const rootUserIds = rootUsers.map(() => uuid());
      const features: OrganizationRecord['features'] = [];
      db.put(C.organizations, subOrganizationId, {
        organizationId: subOrganizationId,
        organizationName: p.subOrganizationName as string,
        parentOrganizationId: org(context),
        rootQuorum: { threshold, userIds: rootUserIds },
        features,
        createdAtMs: now,
        ...(['disableEmailRecovery', 'disableEmailAuth', 'disableSmsAuth', 'disableOtpEmailAuth'].some((f) => p[f] !== undefined)
          ? { signInSettings: Object.fromEntries(['disableEmailRecovery', 'disableEmailAuth', 'disableSmsAuth', 'disableOtpEmailAuth'].map((f) => [f, p[f] === true])) }
          : {}),
      } satisfies OrganizationRecord & { signInSettings?: Record<string, boolean> });
      rootUsers.forEach((input, i) => {
        const field = `parameters.rootUsers[${i}]`;
        const user: UserRecord = {
          userId: rootUserIds[i]!,
          organizationId: subOrganizationId,
          userName: input.userName as string,
          ...(input.userEmail !== undefined ? { userEmail: input.userEmail as string } : {}),
          ...(input.userPhoneNumber !== undefined ? { userPhoneNumber: input.userPhoneNumber as string } : {}),
          accessType: 'ACCESS_TYPE_ALL',
          userTags: [],
          createdAtMs: now,
          updatedAtMs: now,
        };
        db.put(C.users, user.userId, user);
        addApiKeys(db, subOrganizationId, user, input.apiKeys as ApiKeyInput[], `${field}.apiKeys`, now);
        addAuthenticators(db, subOrganizationId, user, input.authenticators as AuthenticatorInput[], `${field}.authenticators`, now);
        addOauthProviders(db, subOrganizationId, user, input.oauthProviders as Array<{ providerName: string; oidcToken: string }>, `${field}.oauthProviders`, now);
      });
      const wallet = p.wallet as { walletName: string; accounts: AccountParams[]; mnemonicLength?: number } | undefined;
      return { subOrganizationId, rootUserIds, ...(wallet ? { wallet: createWallet(db, subOrganizationId, wallet, 'parameters.wallet', now) } : {}) };
    },
  },
  delete_sub_organization: {
    execute(context, p) {
      const { db } = context;
      if (context.organization.parentOrganizationId === null) {
        throw precondition('delete_sub_organization deletes a sub-organization; this organization has no parent', 'organizationId');
      }
      const remove = (organizationId: string): void => {
        for (const child of db.lookup('subOrgsByParent', organizationId)) remove(child);
        deleteOrganizationKeys(db, organizationId, p.deleteWithoutExport === true, context.now);
        for (const user of usersOf(db, organizationId)) deleteUser(db, user);
        for (const id of db.lookup('policiesByOrg', organizationId)) db.delete(C.policies, id);
        for (const id of db.lookup('tagsByOrg', organizationId)) db.delete(C.tags, id);
        for (const id of db.lookup('invitationsByOrg', organizationId)) db.delete(C.invitations, id);
        for (const id of db.lookup('activitiesByOrg', organizationId)) if (id !== context.activityId) db.delete(C.activities, id);
        db.delete(C.organizations, organizationId);
      };
      remove(org(context));
      return { subOrganizationId: org(context) };
    },
  },
  create_users: {
    execute(context, p) {
      const { db, now } = context;
      const users = (p.users as Params[]).map((u): Params & { api: boolean } => ({ ...u, api: false }));
      const apiOnly = ((p.apiOnlyUsers as Params[] | undefined) ?? []).map((u): Params & { api: boolean } => ({ ...u, api: true }));
      const all = [...users, ...apiOnly];
      if (usersOf(db, org(context)).length + all.length > USERS_MAX) {
        throw exhausted(`an organization has at most ${USERS_MAX} users (x-limits users-per-organization)`, 'parameters.users');
      }
      return {
        userIds: all.map((input, i) => {
          const field = input.api ? `parameters.apiOnlyUsers[${i - users.length}]` : `parameters.users[${i}]`;
          checkUserTags(context, input.userTags as string[], `${field}.userTags`);
          const user: UserRecord = {
            userId: uuid(),
            organizationId: org(context),
            userName: input.userName as string,
            ...(input.userEmail !== undefined ? { userEmail: input.userEmail as string } : {}),
            ...(input.userPhoneNumber !== undefined ? { userPhoneNumber: input.userPhoneNumber as string } : {}),
            accessType: input.api ? 'ACCESS_TYPE_API' : (input.accessType as string),
            userTags: input.userTags as string[],
            createdAtMs: now,
            updatedAtMs: now,
          };
          db.put(C.users, user.userId, user);
          addApiKeys(db, org(context), user, input.apiKeys as ApiKeyInput[], `${field}.apiKeys`, now);
          if (!input.api) addAuthenticators(db, org(context), user, input.authenticators as AuthenticatorInput[], `${field}.authenticators`, now);
          return user.userId;
        }),
      };
    },
  },
  update_user: {
    execute(context, p) {
      const user = userIn(context, p.userId as string, 'parameters.userId');
      if (p.userTagIds !== undefined) checkUserTags(context, p.userTagIds as string[], 'parameters.userTagIds');
      context.db.put(C.users, user.userId, {
        ...user,
        ...(p.userName !== undefined ? { userName: p.userName } : {}),
        ...(p.userEmail !== undefined ? { userEmail: p.userEmail } : {}),
        ...(p.userPhoneNumber !== undefined ? { userPhoneNumber: p.userPhoneNumber } : {}),
        // A new address has not been proven yet.
        ...(p.userEmail !== undefined && p.userEmail !== user.userEmail ? { emailVerified: false } : {}),
        ...(p.userPhoneNumber !== undefined && p.userPhoneNumber !== user.userPhoneNumber ? { phoneVerified: false } : {}),
        ...(p.userTagIds !== undefined ? { userTags: p.userTagIds } : {}),
        updatedAtMs: context.now,
      });
      return { userId: user.userId };
    },
  },
  delete_users: {
    execute(context, p) {
      const userIds = p.userIds as string[];
      const rootUsers = new Set(context.organization.rootQuorum.userIds);
      userIds.forEach((id, i) => {
        const user = userIn(context, id, `parameters.userIds[${i}]`);
        if (rootUsers.has(id)) throw precondition(`user ${id} is a root user; remove them from the root quorum with update_root_quorum first`, `parameters.userIds[${i}]`);
        deleteUser(context.db, user);
      });
      return { userIds };
    },
  },
  create_api_keys: {
    execute(context, p) {
      const user = userIn(context, p.userId as string, 'parameters.userId');
      return { apiKeyIds: addApiKeys(context.db, org(context), user, p.apiKeys as ApiKeyInput[], 'parameters.apiKeys', context.now) };
    },
  },
  delete_api_keys: {
    execute(context, p) {
      const user = userIn(context, p.userId as string, 'parameters.userId');
      const ids = p.apiKeyIds as string[];
      ids.forEach((id, i) => {
        const key = context.db.get<ApiKeyRecord>(C.apiKeys, id);
        if (!key || key.userId !== user.userId) throw notFound(`API key ${id} of user ${user.userId} not found`, `parameters.apiKeyIds[${i}]`);
        context.db.delete(C.apiKeys, id);
      });
      return { apiKeyIds: ids };
    },
  },
  create_authenticators: {
    execute(context, p) {
      const user = userIn(context, p.userId as string, 'parameters.userId');
      return { authenticatorIds: addAuthenticators(context.db, org(context), user, p.authenticators as AuthenticatorInput[], 'parameters.authenticators', context.now) };
    },
  },
  delete_authenticators: {
    execute(context, p) {
      const user = userIn(context, p.userId as string, 'parameters.userId');
      const ids = p.authenticatorIds as string[];
      ids.forEach((id, i) => {
        const record = context.db.get<AuthenticatorRecord>(C.authenticators, id);
        if (!record || record.userId !== user.userId) throw notFound(`authenticator ${id} of user ${user.userId} not found`, `parameters.authenticatorIds[${i}]`);
        context.db.delete(C.authenticators, id);
      });
      return { authenticatorIds: ids };
    },
  },
  create_oauth_providers: {
    execute(context, p) {
      const user = userIn(context, p.userId as string, 'parameters.userId');
      return {
        providerIds: addOauthProviders(context.db, org(context), user, p.oauthProviders as Array<{ providerName: string; oidcToken: string }>, 'parameters.oauthProviders', context.now),
      };
    },
  },
  delete_oauth_providers: {
    execute(context, p) {
      const user = userIn(context, p.userId as string, 'parameters.userId');
      const ids = p.providerIds as string[];
      ids.forEach((id, i) => {
        const record = context.db.get<OauthProviderRecord>(C.oauthProviders, id);
        if (!record || record.userId !== user.userId) throw notFound(`OAuth provider ${id} of user ${user.userId} not found`, `parameters.providerIds[${i}]`);
        context.db.delete(C.oauthProviders, id);
      });
      return { providerIds: ids };
    },
  },
  create_invitations: {
    execute(context, p) {
      const invitations = p.invitations as Params[];
      if (usersOf(context.db, org(context)).length + invitations.length > USERS_MAX) {
        throw exhausted(`an organization has at most ${USERS_MAX} users (x-limits users-per-organization)`, 'parameters.invitations');
      }
      return {
        invitationIds: invitations.map((input, i) => {
          const field = `parameters.invitations[${i}]`;
          userIn(context, input.senderUserId as string, `${field}.senderUserId`);
          checkUserTags(context, input.receiverUserTags as string[], `${field}.receiverUserTags`);
          const invitationId = uuid();
          context.db.put(C.invitations, invitationId, {
            invitationId,
            organizationId: org(context),
            receiverUserName: input.receiverUserName as string,
            receiverUserEmail: input.receiverUserEmail as string,
            receiverUserTags: input.receiverUserTags as string[],
            accessType: input.accessType as string,
            senderUserId: input.senderUserId as string,
            createdAtMs: context.now,
          } satisfies InvitationRecord);
          return invitationId;
        }),
      };
    },
  },
  delete_invitation: {
    execute(context, p) {
      const id = p.invitationId as string;
      const record = context.db.get<InvitationRecord>(C.invitations, id);
      if (!record || record.organizationId !== org(context)) throw notFound(`invitation ${id} not found`, 'parameters.invitationId');
      context.db.delete(C.invitations, id);
      return { invitationId: id };
    },
  },
  create_policy: {
    execute: (context, p) => ({ policyId: createPolicy(context, p, 'parameters') }),
  },
  create_policies: {
    execute(context, p) {
      const policies = p.policies as Params[];
      const names = new Set<string>();
      policies.forEach((policy, i) => {
        if (names.has(policy.policyName as string)) throw exists(`two policies are named ${String(policy.policyName)}`, `parameters.policies[${i}].policyName`);
        names.add(policy.policyName as string);
      });
      return { policyIds: policies.map((policy, i) => createPolicy(context, policy, `parameters.policies[${i}]`)) };
    },
  },
  update_policy: {
    execute(context, p) {
      const id = p.policyId as string;
      const policy = context.db.get<PolicyRecord>(C.policies, id);
      if (!policy || policy.organizationId !== org(context)) throw notFound(`policy ${id} not found`, 'parameters.policyId');
      if (p.policyName !== undefined && p.policyName !== policy.policyName) {
        const clash = context.db.lookupRecords<PolicyRecord>('policiesByOrg', org(context), C.policies).some((other) => other.policyName === p.policyName);
        if (clash) throw exists(`a policy named ${String(p.policyName)} already exists`, 'parameters.policyName');
      }
      context.db.put(C.policies, id, {
        ...policy,
        ...(p.policyName !== undefined ? { policyName: p.policyName } : {}),
        ...(p.policyEffect !== undefined ? { effect: p.policyEffect } : {}),
        ...(p.policyCondition !== undefined ? { condition: checkExpression('parameters.policyCondition', p.policyCondition) } : {}),
        ...(p.policyConsensus !== undefined ? { consensus: checkExpression('parameters.policyConsensus', p.policyConsensus) } : {}),
        ...(p.policyNotes !== undefined ? { notes: p.policyNotes } : {}),
        updatedAtMs: context.now,
      });
      return { policyId: id };
    },
  },
  delete_policy: {
    execute(context, p) {
      const id = p.policyId as string;
      const policy = context.db.get<PolicyRecord>(C.policies, id);
      if (!policy || policy.organizationId !== org(context)) throw notFound(`policy ${id} not found`, 'parameters.policyId');
      context.db.delete(C.policies, id);
      return { policyId: id };
    },
  },
  create_user_tag: {
    execute(context, p) {
      const userIds = p.userIds as string[];
      userIds.forEach((id, i) => userIn(context, id, `parameters.userIds[${i}]`));
      const tag = createTag(context, p.userTagName as string, 'TAG_TYPE_USER', 'parameters.userTagName');
      for (const id of userIds) setUserTags(context, id, (tags) => [...tags.filter((t) => t !== tag.tagId), tag.tagId]);
      return { userTagId: tag.tagId, userIds };
    },
  },
  update_user_tag: {
    execute(context, p) {
      const tag = tagIn(context, p.userTagId as string, 'TAG_TYPE_USER', 'parameters.userTagId');
      const add = p.addUserIds as string[];
      const remove = p.removeUserIds as string[];
      add.forEach((id, i) => userIn(context, id, `parameters.addUserIds[${i}]`));
      remove.forEach((id, i) => userIn(context, id, `parameters.removeUserIds[${i}]`));
      if (p.newUserTagName !== undefined && p.newUserTagName !== tag.tagName) {
        const clash = context.db.lookupRecords<TagRecord>('tagsByOrg', org(context), C.tags).some((t) => t.tagType === tag.tagType && t.tagName === p.newUserTagName);
        if (clash) throw exists(`a tag named ${String(p.newUserTagName)} already exists`, 'parameters.newUserTagName');
      }
      context.db.put(C.tags, tag.tagId, { ...tag, tagName: (p.newUserTagName as string | undefined) ?? tag.tagName, updatedAtMs: context.now });
      for (const id of add) setUserTags(context, id, (tags) => [...tags.filter((t) => t !== tag.tagId), tag.tagId]);
      for (const id of remove) setUserTags(context, id, (tags) => tags.filter((t) => t !== tag.tagId));
      return { userTagId: tag.tagId };
    },
  },
  delete_user_tags: {
    execute(context, p) {
      const ids = p.userTagIds as string[];
      const affected = new Set<string>();
      ids.forEach((id, i) => {
        tagIn(context, id, 'TAG_TYPE_USER', `parameters.userTagIds[${i}]`);
        for (const user of usersOf(context.db, org(context))) {
          if (user.userTags.includes(id)) {
            affected.add(user.userId);
            setUserTags(context, user.userId, (tags) => tags.filter((t) => t !== id));
          }
        }
        context.db.delete(C.tags, id);
      });
      return { userTagIds: ids, userIds: [...affected] };
    },
  },
  create_private_key_tag: {
    execute(context, p) {
      const ids = p.privateKeyIds as string[];
      checkPrivateKeys(context, ids, 'parameters.privateKeyIds');
      const tag = createTag(context, p.privateKeyTagName as string, 'TAG_TYPE_PRIVATE_KEY', 'parameters.privateKeyTagName');
      context.db.put(C.tags, tag.tagId, { ...tag, privateKeyIds: ids });
      return { privateKeyTagId: tag.tagId, privateKeyIds: ids };
    },
  },
  update_private_key_tag: {
    execute(context, p) {
      const tag = tagIn(context, p.privateKeyTagId as string, 'TAG_TYPE_PRIVATE_KEY', 'parameters.privateKeyTagId');
      const add = p.addPrivateKeyIds as string[];
      const remove = p.removePrivateKeyIds as string[];
      checkPrivateKeys(context, add, 'parameters.addPrivateKeyIds');
      checkPrivateKeys(context, remove, 'parameters.removePrivateKeyIds');
      if (p.newPrivateKeyTagName !== undefined && p.newPrivateKeyTagName !== tag.tagName) {
        const clash = context.db.lookupRecords<TagRecord>('tagsByOrg', org(context), C.tags).some((t) => t.tagType === tag.tagType && t.tagName === p.newPrivateKeyTagName);
        if (clash) throw exists(`a tag named ${String(p.newPrivateKeyTagName)} already exists`, 'parameters.newPrivateKeyTagName');
      }
      const keys = [...tag.privateKeyIds.filter((id) => !remove.includes(id) && !add.includes(id)), ...add];
      context.db.put(C.tags, tag.tagId, { ...tag, tagName: (p.newPrivateKeyTagName as string | undefined) ?? tag.tagName, privateKeyIds: keys, updatedAtMs: context.now });
      return { privateKeyTagId: tag.tagId };
    },
  },
  delete_private_key_tags: {
    execute(context, p) {
      const ids = p.privateKeyTagIds as string[];
      const keys = new Set<string>();
      ids.forEach((id, i) => {
        const tag = tagIn(context, id, 'TAG_TYPE_PRIVATE_KEY', `parameters.privateKeyTagIds[${i}]`);
        for (const key of tag.privateKeyIds) keys.add(key);
        context.db.delete(C.tags, id);
      });
      return { privateKeyTagIds: ids, privateKeyIds: [...keys] };
    },
  },
  create_read_only_session: {
    execute(context) {
      const bytes = new Uint8Array(32);
      globalThis.crypto.getRandomValues(bytes);
      const session = bytesToBase64url(bytes);
      const expiresAtMs = context.now + READ_ONLY_SESSION_SECONDS * 1000;
      context.db.put(C.sessions, session, { session, userId: context.user.userId, organizationId: org(context), expiresAtMs } satisfies SessionRecord);
      return {
        organizationId: org(context),
        organizationName: context.organization.organizationName,
        userId: context.user.userId,
        username: context.user.userName,
        session,
        sessionExpiry: String(Math.floor(expiresAtMs / 1000)),
      };
    },
  },
};
