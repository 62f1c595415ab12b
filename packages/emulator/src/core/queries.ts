// Query handlers: read-only answers in the document's response shapes. Lists that page do so in the
// documented order, with positional cursors (see paging.ts).
import { webhookSigningKeyView } from './webhook-signing.js';
import { invalid, notFound } from './errors.js';
import type { QueryHandlers, RequestContext } from './handler-types.js';
import { userIn, usersOf } from './organization-scope.js';
import {
  C,
  apiKeyView,
  authenticatorView,
  oauthProviderView,
  policyView,
  tagView,
  apiKeyIsLive,
  liveApiKeysOf,
  userView,
  type ActivityRecord,
  type ApiKeyRecord,
  type AuthenticatorRecord,
  type OauthProviderRecord,
  type OrganizationRecord,
  type PolicyRecord,
  type TagRecord,
  type UserRecord,
} from './model.js';
import { page } from './paging.js';

/**
 * The user a per-user list reads: `userId` when given, otherwise the calling user, as the document says. A caller
 * from a parent organization is no user of the organization they read, so they must name one.
 */
function userOrCaller(context: RequestContext, userId: string | undefined): UserRecord {
  if (userId !== undefined) return userIn(context, userId, 'userId');
  if (context.caller.user.organizationId !== context.organization.organizationId) {
    throw invalid(
      'userId',
      `userId: is required when the caller is not a user of organization ${context.organization.organizationId} (a parent organization reads a sub-organization's users by ID)`,
    );
  }
  return context.caller.user;
}

function owned<T extends { organizationId: string }>(context: RequestContext, collection: string, id: string, what: string, field: string): T {
  const record = context.db.get<T>(collection, id);
  if (!record || record.organizationId !== context.organization.organizationId) throw notFound(`${what} ${id} not found in organization ${context.organization.organizationId}`, field);
  return record;
}

function subOrganizations(context: RequestContext): OrganizationRecord[] {
  return context.db.lookupRecords<OrganizationRecord>('subOrgsByParent', context.organization.organizationId, C.organizations);
}

function matchesSubOrganization(context: RequestContext, org: OrganizationRecord, filterType: string, value: string): boolean {
  const users = usersOf(context.db, org.organizationId);
  const { db } = context;
  switch (filterType) {
    case 'NAME':
      return org.organizationName === value;
    case 'USERNAME':
      return users.some((u) => u.userName === value);
    case 'EMAIL':
      return users.some((u) => u.userEmail?.toLowerCase() === value.toLowerCase());
    case 'PHONE_NUMBER':
      return users.some((u) => u.userPhoneNumber === value);
    case 'CREDENTIAL_ID':
      return users.some((u) => db.lookupRecords<AuthenticatorRecord>('authenticatorsByUser', u.userId, C.authenticators).some((a) => a.credentialId === value));
    case 'PUBLIC_KEY':
      return users.some(
        (u) =>
          liveApiKeysOf(db, u.userId, context.now).some((k) => k.publicKey === value) ||
          db.lookupRecords<AuthenticatorRecord>('authenticatorsByUser', u.userId, C.authenticators).some((a) => a.publicKey === value),
      );
    case 'OIDC_TOKEN': {
      const claims = decodeJwtClaims(value);
      if (!claims) return false;
      return users.some((u) =>
        db.lookupRecords<OauthProviderRecord>('oauthProvidersByUser', u.userId, C.oauthProviders).some((p) => p.issuer === claims.iss && p.subject === claims.sub),
      );
    }
    default:
      return false;
  }
}

function decodeJwtClaims(token: string): { iss: string; sub: string; aud: string; exp?: number } | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    const aud = Array.isArray(json.aud) ? json.aud[0] : json.aud;
    if (typeof json.iss !== 'string' || typeof json.sub !== 'string' || typeof aud !== 'string') return undefined;
    return { iss: json.iss, sub: json.sub, aud, ...(typeof json.exp === 'number' ? { exp: json.exp } : {}) };
  } catch {
    return undefined;
  }
}

export const QUERIES = {
  whoami: ({ organization, caller }) => ({
    organizationId: organization.organizationId,
    organizationName: organization.organizationName,
    userId: caller.user.userId,
    username: caller.user.userName,
  }),
  get_organization_configs: ({ organization }) => ({
    configs: {
      features: organization.features,
      quorum: { threshold: organization.rootQuorum.threshold, userIds: organization.rootQuorum.userIds },
      ...(organization.webhookSigningKey ? { webhookSigningKey: webhookSigningKeyView(organization.webhookSigningKey) } : {}),
    },
  }),
  list_suborgs: (context) => {
    const { filterType, filterValue } = context.body;
    let orgs = subOrganizations(context);
    if (filterType !== undefined) {
      if (filterValue === undefined) throw notFound('filterValue is required with filterType', 'filterValue');
      orgs = orgs.filter((o) => matchesSubOrganization(context, o, filterType, filterValue));
    }
    return { organizationIds: page(orgs.map((o) => o.organizationId), (id) => id, context.body.paginationOptions) };
  },
  list_verified_suborgs: (context) => {
    // Contact details become verified through email auth and one-time codes; until a sign-in flow has
    // proven one, nothing matches.
    const { filterType, filterValue } = context.body;
    const orgs = subOrganizations(context).filter((o) =>
      usersOf(context.db, o.organizationId).some((u) =>
        filterType === 'EMAIL'
          ? u.emailVerified === true && u.userEmail?.toLowerCase() === filterValue.toLowerCase()
          : u.phoneVerified === true && u.userPhoneNumber === filterValue,
      ),
    );
    return { organizationIds: page(orgs.map((o) => o.organizationId), (id) => id, context.body.paginationOptions) };
  },
  get_user: (context) => ({ user: userView(context.db, userIn(context, context.body.userId, 'userId'), context.now) }),
  list_users: (context) => ({ users: usersOf(context.db, context.organization.organizationId).map((u) => userView(context.db, u, context.now)) }),
  get_api_key: (context) => {
    const apiKeyId = context.body.apiKeyId;
    const key = owned<ApiKeyRecord>(context, C.apiKeys, apiKeyId, 'API key', 'apiKeyId');
    if (!apiKeyIsLive(key, context.now)) throw notFound(`API key ${apiKeyId} has expired`, 'apiKeyId');
    return { apiKey: apiKeyView(key) };
  },
  get_api_keys: (context) => {
    const user = userOrCaller(context, context.body.userId);
    return { apiKeys: liveApiKeysOf(context.db, user.userId, context.now).map(apiKeyView) };
  },
  get_authenticator: (context) => ({
    authenticator: authenticatorView(owned<AuthenticatorRecord>(context, C.authenticators, context.body.authenticatorId, 'authenticator', 'authenticatorId')),
  }),
  get_authenticators: (context) => ({
    authenticators: context.db
      .lookupRecords<AuthenticatorRecord>('authenticatorsByUser', userIn(context, context.body.userId, 'userId').userId, C.authenticators)
      .map(authenticatorView),
  }),
  get_oauth_providers: (context) => {
    const user = userOrCaller(context, context.body.userId);
    return { providers: context.db.lookupRecords<OauthProviderRecord>('oauthProvidersByUser', user.userId, C.oauthProviders).map(oauthProviderView) };
  },
  get_policy: (context) => ({ policy: policyView(owned<PolicyRecord>(context, C.policies, context.body.policyId, 'policy', 'policyId')) }),
  list_policies: (context) => ({
    policies: context.db.lookupRecords<PolicyRecord>('policiesByOrg', context.organization.organizationId, C.policies).map(policyView),
  }),
  list_user_tags: (context) => ({
    userTags: context.db
      .lookupRecords<TagRecord>('tagsByOrg', context.organization.organizationId, C.tags)
      .filter((t) => t.tagType === 'TAG_TYPE_USER')
      .map(tagView),
  }),
  list_private_key_tags: (context) => ({
    privateKeyTags: context.db
      .lookupRecords<TagRecord>('tagsByOrg', context.organization.organizationId, C.tags)
      .filter((t) => t.tagType === 'TAG_TYPE_PRIVATE_KEY')
      .map(tagView),
  }),
  get_activity: (context) => {
    const activity = owned<ActivityRecord>(context, C.activities, context.body.activityId, 'activity', 'activityId');
    return { activity: context.activities.view(context.activities.read(activity, context.now), context.caller.user) };
  },
  list_activities: (context) => {
    const { filterByStatus, filterByType } = context.body;
    const statuses = filterByStatus?.length ? new Set<string>(filterByStatus) : undefined;
    const types = filterByType?.length ? new Set<string>(filterByType) : undefined;
    // Newest first: the index holds activities in creation order.
    const newestFirst = context.db
      .lookupRecords<ActivityRecord>('activitiesByOrg', context.organization.organizationId, C.activities)
      .reverse()
      .filter((a) => (!statuses || statuses.has(a.status)) && (!types || types.has(a.type)));
    return {
      activities: page(newestFirst, (a) => a.id, context.body.paginationOptions).map((a) => context.activities.view(a, context.caller.user)),
    };
  },
} satisfies QueryHandlers;
