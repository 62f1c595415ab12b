// Users, their credentials, invitations and read-only sessions: the submissions that add, change and remove
// them. Each runs inside the request's transaction; throwing an ApiError refuses the request and undoes its writes.
import { exhausted, notFound, precondition } from '../errors.js';
import { limit } from '../document.js';
import { bytesToBase64url, uuid } from '../encoding.js';
import { C, type ApiKeyRecord, type AuthenticatorRecord, type InvitationRecord, type OauthProviderRecord, type SessionRecord, type TagRecord, type UserRecord } from '../model.js';
import { userIn, usersOf } from '../organization-scope.js';
import type { ExecutionContext, SubmissionHandlers } from '../handler-types.js';
import { addApiKeys, addAuthenticators, addOauthProviders, deleteUser } from './credentials.js';

const USERS_MAX = limit<number>('users-per-organization');
const READ_ONLY_SESSION_SECONDS = limit<number>('read-only-session-lifetime');

function checkUserTags(context: ExecutionContext, tagIds: string[], field: string): void {
  tagIds.forEach((tagId, i) => {
    const tag = context.db.get<TagRecord>(C.tags, tagId);
    if (!tag || tag.organizationId !== context.organization.organizationId || tag.tagType !== 'TAG_TYPE_USER') throw notFound(`user tag ${tagId} not found`, `${field}[${i}]`);
  });
}

export const USER_SUBMISSIONS = {
  create_users: {
    execute(context, p) {
      const { db, now } = context;
      const users = p.users.map((u) => ({ ...u, api: false as const }));
      const apiOnly = (p.apiOnlyUsers ?? []).map((u) => ({ ...u, api: true as const }));
      const all = [...users, ...apiOnly];
      if (usersOf(db, context.organization.organizationId).length + all.length > USERS_MAX) {
        throw exhausted(`an organization has at most ${USERS_MAX} users (x-limits users-per-organization)`, 'parameters.users');
      }
      return {
        userIds: all.map((input, i) => {
          const field = input.api ? `parameters.apiOnlyUsers[${i - users.length}]` : `parameters.users[${i}]`;
          checkUserTags(context, input.userTags, `${field}.userTags`);
          const user: UserRecord = {
            userId: uuid(),
            organizationId: context.organization.organizationId,
            userName: input.userName,
            ...(input.userEmail !== undefined ? { userEmail: input.userEmail } : {}),
            ...(!input.api && input.userPhoneNumber !== undefined ? { userPhoneNumber: input.userPhoneNumber } : {}),
            accessType: input.api ? 'ACCESS_TYPE_API' : input.accessType,
            userTags: input.userTags,
            createdAtMs: now,
            updatedAtMs: now,
          };
          db.put(C.users, user.userId, user);
          addApiKeys(db, context.organization.organizationId, user, input.apiKeys, `${field}.apiKeys`, now);
          if (!input.api) addAuthenticators(db, context.organization.organizationId, user, input.authenticators, `${field}.authenticators`, now);
          return user.userId;
        }),
      };
    },
  },
  update_user: {
    execute(context, p) {
      const user = userIn(context, p.userId, 'parameters.userId');
      if (p.userTagIds !== undefined) checkUserTags(context, p.userTagIds, 'parameters.userTagIds');
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
      const userIds = p.userIds;
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
      const user = userIn(context, p.userId, 'parameters.userId');
      return { apiKeyIds: addApiKeys(context.db, context.organization.organizationId, user, p.apiKeys, 'parameters.apiKeys', context.now) };
    },
  },
  delete_api_keys: {
    execute(context, p) {
      const user = userIn(context, p.userId, 'parameters.userId');
      const ids = p.apiKeyIds;
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
      const user = userIn(context, p.userId, 'parameters.userId');
      return { authenticatorIds: addAuthenticators(context.db, context.organization.organizationId, user, p.authenticators, 'parameters.authenticators', context.now) };
    },
  },
  delete_authenticators: {
    execute(context, p) {
      const user = userIn(context, p.userId, 'parameters.userId');
      const ids = p.authenticatorIds;
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
      const user = userIn(context, p.userId, 'parameters.userId');
      return {
        providerIds: addOauthProviders(context.db, context.organization.organizationId, user, p.oauthProviders, 'parameters.oauthProviders', context.now),
      };
    },
  },
  delete_oauth_providers: {
    execute(context, p) {
      const user = userIn(context, p.userId, 'parameters.userId');
      const ids = p.providerIds;
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
      const invitations = p.invitations;
      if (usersOf(context.db, context.organization.organizationId).length + invitations.length > USERS_MAX) {
        throw exhausted(`an organization has at most ${USERS_MAX} users (x-limits users-per-organization)`, 'parameters.invitations');
      }
      return {
        invitationIds: invitations.map((input, i) => {
          const field = `parameters.invitations[${i}]`;
          userIn(context, input.senderUserId, `${field}.senderUserId`);
          checkUserTags(context, input.receiverUserTags, `${field}.receiverUserTags`);
          const invitationId = uuid();
          context.db.put(C.invitations, invitationId, {
            invitationId,
            organizationId: context.organization.organizationId,
            receiverUserName: input.receiverUserName,
            receiverUserEmail: input.receiverUserEmail,
            receiverUserTags: input.receiverUserTags,
            accessType: input.accessType,
            senderUserId: input.senderUserId,
            createdAtMs: context.now,
          } satisfies InvitationRecord);
          return invitationId;
        }),
      };
    },
  },
  delete_invitation: {
    execute(context, p) {
      const id = p.invitationId;
      const record = context.db.get<InvitationRecord>(C.invitations, id);
      if (!record || record.organizationId !== context.organization.organizationId) throw notFound(`invitation ${id} not found`, 'parameters.invitationId');
      context.db.delete(C.invitations, id);
      return { invitationId: id };
    },
  },
  create_read_only_session: {
    execute(context) {
      const bytes = new Uint8Array(32);
      globalThis.crypto.getRandomValues(bytes);
      const session = bytesToBase64url(bytes);
      const expiresAtMs = context.now + READ_ONLY_SESSION_SECONDS * 1000;
      context.db.put(C.sessions, session, { session, userId: context.user.userId, organizationId: context.organization.organizationId, expiresAtMs } satisfies SessionRecord);
      return {
        organizationId: context.organization.organizationId,
        organizationName: context.organization.organizationName,
        userId: context.user.userId,
        username: context.user.userName,
        session,
        sessionExpiry: String(Math.floor(expiresAtMs / 1000)),
      };
    },
  },
} satisfies SubmissionHandlers;
