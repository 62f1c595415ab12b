// The organization itself: its root quorum, its features, and its sub-organizations (created with root
// users and optionally a first wallet; deleted with everything under them).
import { exhausted, invalid, notFound, precondition } from '../errors.js';
import { limit } from '../document.js';
import { uuid } from '../encoding.js';
import { C, type OrganizationRecord, type SignInSetting, type UserRecord } from '../model.js';
import { userIn, usersOf } from '../organization-scope.js';
import type { ExecutionContext, SubmissionHandlers } from '../handler-types.js';
import { createWebhookSigningKey } from '../webhook-signing.js';
import { createWallet, deleteOrganizationKeys } from '../wallets/handlers.js';
import { addApiKeys, addAuthenticators, addOauthProviders, deleteUser } from '../users/credentials.js';

// What create_sub_organization can switch off for the new sub-organization (signin.ts reads them back).
const SIGN_IN_SETTINGS: readonly SignInSetting[] = ['disableEmailRecovery', 'disableEmailAuth', 'disableSmsAuth', 'disableOtpEmailAuth'];

const USERS_MAX = limit<number>('users-per-organization');
const SUB_ORGS_MAX = limit<number>('sub-organizations-per-organization');

function checkQuorum(threshold: number, userIds: string[], field: string): void {
  if (threshold > userIds.length) throw invalid(`${field}`, `${field}: the threshold ${threshold} is above the number of root users (${userIds.length})`);
  if (new Set(userIds).size !== userIds.length) throw invalid(`${field}`, `${field}: root user IDs must be distinct`);
}

/** Stores `organization` with `features`; the result of both feature operations. */
function withFeatures(context: ExecutionContext, organization: OrganizationRecord, features: OrganizationRecord['features']): { features: OrganizationRecord['features'] } {
  context.db.put(C.organizations, organization.organizationId, { ...organization, features });
  return { features };
}

export const ORGANIZATION_SUBMISSIONS = {
  update_root_quorum: {
    execute(context, p) {
      const userIds = p.userIds;
      checkQuorum(p.threshold, userIds, 'parameters.threshold');
      userIds.forEach((id, i) => userIn(context, id, `parameters.userIds[${i}]`));
      context.db.put(C.organizations, context.organization.organizationId, { ...context.organization, rootQuorum: { threshold: p.threshold, userIds } });
      return {};
    },
  },
  set_organization_feature: {
    execute(context, p) {
      const value = p.value ?? '';
      if (p.name === 'FEATURE_NAME_WEBHOOK' && !URL.canParse(value)) throw invalid('parameters.value', 'parameters.value: FEATURE_NAME_WEBHOOK takes the URL Sigil posts to');
      const features = context.organization.features.filter((f) => f.name !== p.name);
      // The signing key is made once and kept, so a receiver's stored public key stays valid when the URL changes.
      const organization =
        p.name === 'FEATURE_NAME_WEBHOOK' && !context.organization.webhookSigningKey
          ? { ...context.organization, webhookSigningKey: createWebhookSigningKey(context.now) }
          : context.organization;
      return withFeatures(context, organization, [...features, { name: p.name, value }]);
    },
  },
  remove_organization_feature: {
    execute(context, p) {
      if (!context.organization.features.some((f) => f.name === p.name)) throw notFound(`feature ${String(p.name)} is not set`, 'parameters.name');
      return withFeatures(context, context.organization, context.organization.features.filter((f) => f.name !== p.name));
    },
  },
  create_sub_organization: {
    execute(context, p) {
      const { db, now } = context;
      const rootUsers = p.rootUsers;
      if (rootUsers.length === 0) throw invalid('parameters.rootUsers', 'parameters.rootUsers: at least one root user is required');
      if (rootUsers.length > USERS_MAX) throw exhausted(`an organization has at most ${USERS_MAX} users (x-limits users-per-organization)`, 'parameters.rootUsers');
      const threshold = p.rootQuorumThreshold;
      if (threshold < 1 || threshold > rootUsers.length) {
        throw invalid('parameters.rootQuorumThreshold', `parameters.rootQuorumThreshold: must be from 1 to the number of root users (${rootUsers.length})`);
      }
      if (db.lookup('subOrgsByParent', context.organization.organizationId).length >= SUB_ORGS_MAX) {
        throw exhausted(`a parent creates at most ${SUB_ORGS_MAX} sub-organizations (x-limits sub-organizations-per-organization)`, 'parameters');
      }
      const subOrganizationId = uuid();
      const rootUserIds = rootUsers.map(() => uuid());
      const features: OrganizationRecord['features'] = [];
      db.put(C.organizations, subOrganizationId, {
        organizationId: subOrganizationId,
        organizationName: p.subOrganizationName,
        parentOrganizationId: context.organization.organizationId,
        rootQuorum: { threshold, userIds: rootUserIds },
        features,
        createdAtMs: now,
        ...(SIGN_IN_SETTINGS.some((f) => p[f] !== undefined) ? { signInSettings: Object.fromEntries(SIGN_IN_SETTINGS.map((f) => [f, p[f] === true])) } : {}),
      } satisfies OrganizationRecord);
      rootUsers.forEach((input, i) => {
        const field = `parameters.rootUsers[${i}]`;
        const user: UserRecord = {
          userId: rootUserIds[i]!,
          organizationId: subOrganizationId,
          userName: input.userName,
          ...(input.userEmail !== undefined ? { userEmail: input.userEmail } : {}),
          ...(input.userPhoneNumber !== undefined ? { userPhoneNumber: input.userPhoneNumber } : {}),
          accessType: 'ACCESS_TYPE_ALL',
          userTags: [],
          createdAtMs: now,
          updatedAtMs: now,
        };
        db.put(C.users, user.userId, user);
        addApiKeys(db, subOrganizationId, user, input.apiKeys, `${field}.apiKeys`, now);
        addAuthenticators(db, subOrganizationId, user, input.authenticators, `${field}.authenticators`, now);
        addOauthProviders(db, subOrganizationId, user, input.oauthProviders, `${field}.oauthProviders`, now);
      });
      const wallet = p.wallet;
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
      remove(context.organization.organizationId);
      return { subOrganizationId: context.organization.organizationId };
    },
  },
} satisfies SubmissionHandlers;
