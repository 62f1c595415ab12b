// User tags and private key tags: a tag names a group that policies can refer to. A user tag is stored
// on each user who carries it; a private key tag keeps the list of its keys.
import { exhausted, exists, notFound } from '../errors.js';
import { limit } from '../document.js';
import { uuid } from '../encoding.js';
import { C, type TagRecord, type UserRecord } from '../model.js';
import { userIn, usersOf } from '../organization-scope.js';
import type { ExecutionContext, SubmissionHandlers } from '../handler-types.js';

const TAGS_MAX = limit<number>('tags-per-organization');

function tagIn(context: ExecutionContext, tagId: string, tagType: TagRecord['tagType'], field: string): TagRecord {
  const tag = context.db.get<TagRecord>(C.tags, tagId);
  if (!tag || tag.organizationId !== context.organization.organizationId || tag.tagType !== tagType) throw notFound(`${tagType === 'TAG_TYPE_USER' ? 'user' : 'private key'} tag ${tagId} not found`, field);
  return tag;
}

function createTag(context: ExecutionContext, name: string, tagType: TagRecord['tagType'], field: string): TagRecord {
  const tags = context.db.lookupRecords<TagRecord>('tagsByOrg', context.organization.organizationId, C.tags).filter((t) => t.tagType === tagType);
  if (tags.length >= TAGS_MAX) throw exhausted(`an organization holds at most ${TAGS_MAX} tags of each kind (x-limits tags-per-organization)`, field);
  if (tags.some((t) => t.tagName === name)) throw exists(`a tag named ${name} already exists`, field);
  const tag: TagRecord = { tagId: uuid(), organizationId: context.organization.organizationId, tagName: name, tagType, privateKeyIds: [], createdAtMs: context.now, updatedAtMs: context.now };
  context.db.put(C.tags, tag.tagId, tag);
  return tag;
}

function checkPrivateKeys(context: ExecutionContext, ids: string[], field: string): void {
  ids.forEach((id, i) => {
    const key = context.db.get<{ organizationId: string }>('privateKeys', id);
    if (!key || key.organizationId !== context.organization.organizationId) throw notFound(`private key ${id} not found`, `${field}[${i}]`);
  });
}

function setUserTags(context: ExecutionContext, userId: string, tags: (current: string[]) => string[]): void {
  const user = context.db.get<UserRecord>(C.users, userId)!;
  context.db.put(C.users, userId, { ...user, userTags: tags(user.userTags), updatedAtMs: context.now });
}

export const TAG_SUBMISSIONS = {
  create_user_tag: {
    execute(context, p) {
      const userIds = p.userIds;
      userIds.forEach((id, i) => userIn(context, id, `parameters.userIds[${i}]`));
      const tag = createTag(context, p.userTagName, 'TAG_TYPE_USER', 'parameters.userTagName');
      for (const id of userIds) setUserTags(context, id, (tags) => [...tags.filter((t) => t !== tag.tagId), tag.tagId]);
      return { userTagId: tag.tagId, userIds };
    },
  },
  update_user_tag: {
    execute(context, p) {
      const tag = tagIn(context, p.userTagId, 'TAG_TYPE_USER', 'parameters.userTagId');
      const add = p.addUserIds;
      const remove = p.removeUserIds;
      add.forEach((id, i) => userIn(context, id, `parameters.addUserIds[${i}]`));
      remove.forEach((id, i) => userIn(context, id, `parameters.removeUserIds[${i}]`));
      if (p.newUserTagName !== undefined && p.newUserTagName !== tag.tagName) {
        const clash = context.db.lookupRecords<TagRecord>('tagsByOrg', context.organization.organizationId, C.tags).some((t) => t.tagType === tag.tagType && t.tagName === p.newUserTagName);
        if (clash) throw exists(`a tag named ${String(p.newUserTagName)} already exists`, 'parameters.newUserTagName');
      }
      context.db.put(C.tags, tag.tagId, { ...tag, tagName: p.newUserTagName ?? tag.tagName, updatedAtMs: context.now });
      for (const id of add) setUserTags(context, id, (tags) => [...tags.filter((t) => t !== tag.tagId), tag.tagId]);
      for (const id of remove) setUserTags(context, id, (tags) => tags.filter((t) => t !== tag.tagId));
      return { userTagId: tag.tagId };
    },
  },
  delete_user_tags: {
    execute(context, p) {
      const ids = p.userTagIds;
      const affected = new Set<string>();
      ids.forEach((id, i) => {
        tagIn(context, id, 'TAG_TYPE_USER', `parameters.userTagIds[${i}]`);
        for (const user of usersOf(context.db, context.organization.organizationId)) {
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
      const ids = p.privateKeyIds;
      checkPrivateKeys(context, ids, 'parameters.privateKeyIds');
      const tag = createTag(context, p.privateKeyTagName, 'TAG_TYPE_PRIVATE_KEY', 'parameters.privateKeyTagName');
      context.db.put(C.tags, tag.tagId, { ...tag, privateKeyIds: ids });
      return { privateKeyTagId: tag.tagId, privateKeyIds: ids };
    },
  },
  update_private_key_tag: {
    execute(context, p) {
      const tag = tagIn(context, p.privateKeyTagId, 'TAG_TYPE_PRIVATE_KEY', 'parameters.privateKeyTagId');
      const add = p.addPrivateKeyIds;
      const remove = p.removePrivateKeyIds;
      checkPrivateKeys(context, add, 'parameters.addPrivateKeyIds');
      checkPrivateKeys(context, remove, 'parameters.removePrivateKeyIds');
      if (p.newPrivateKeyTagName !== undefined && p.newPrivateKeyTagName !== tag.tagName) {
        const clash = context.db.lookupRecords<TagRecord>('tagsByOrg', context.organization.organizationId, C.tags).some((t) => t.tagType === tag.tagType && t.tagName === p.newPrivateKeyTagName);
        if (clash) throw exists(`a tag named ${String(p.newPrivateKeyTagName)} already exists`, 'parameters.newPrivateKeyTagName');
      }
      const keys = [...tag.privateKeyIds.filter((id) => !remove.includes(id) && !add.includes(id)), ...add];
      context.db.put(C.tags, tag.tagId, { ...tag, tagName: p.newPrivateKeyTagName ?? tag.tagName, privateKeyIds: keys, updatedAtMs: context.now });
      return { privateKeyTagId: tag.tagId };
    },
  },
  delete_private_key_tags: {
    execute(context, p) {
      const ids = p.privateKeyTagIds;
      const keys = new Set<string>();
      ids.forEach((id, i) => {
        const tag = tagIn(context, id, 'TAG_TYPE_PRIVATE_KEY', `parameters.privateKeyTagIds[${i}]`);
        for (const key of tag.privateKeyIds) keys.add(key);
        context.db.delete(C.tags, id);
      });
      return { privateKeyTagIds: ids, privateKeyIds: [...keys] };
    },
  },
} satisfies SubmissionHandlers;
