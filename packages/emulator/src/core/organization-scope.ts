// The organization tree, walked one way: from an organization up through its parents. Credentials of a
// parent reach its sub-organizations, and features set on a parent count below it; both read this chain.
// Also the lookups of an organization's users that every handler area shares.
import { notFound } from './errors.js';
import { C, type OrganizationRecord, type UserRecord } from './model.js';
import type { Database } from './store.js';

// Sub-organizations nest one level in practice; the bound only stops a damaged state from looping.
const MAX_DEPTH = 64;

/** `organization`, then its parent, its parent's parent, and so on up to a root organization. */
export function organizationAndAncestors(db: Database, organization: OrganizationRecord): OrganizationRecord[] {
  const chain: OrganizationRecord[] = [];
  let current: OrganizationRecord | undefined = organization;
  while (current && chain.length < MAX_DEPTH) {
    chain.push(current);
    current = current.parentOrganizationId ? db.get<OrganizationRecord>(C.organizations, current.parentOrganizationId) : undefined;
  }
  return chain;
}

/** How many levels above `organization` the organization `ancestorId` is: 0 for itself, -1 when it is not above it. */
export function levelsAbove(db: Database, ancestorId: string, organization: OrganizationRecord): number {
  return organizationAndAncestors(db, organization).findIndex((o) => o.organizationId === ancestorId);
}

/** Whether `ancestorId` is a parent (or a parent's parent…) of `organization`, not the organization itself. */
export function isAncestor(db: Database, ancestorId: string, organization: OrganizationRecord): boolean {
  return levelsAbove(db, ancestorId, organization) > 0;
}

/** The organization a handler works in, as both contexts (a query's, a submission's) carry it. */
export interface OrganizationScope {
  db: Database;
  organization: OrganizationRecord;
}

/** Every user of the organization `organizationId`. */
export function usersOf(db: Database, organizationId: string): UserRecord[] {
  return db.lookupRecords<UserRecord>('usersByOrg', organizationId, C.users);
}

/** The user `userId` of the scope's organization; NOT_FOUND naming `field` when there is none. */
export function userIn({ db, organization }: OrganizationScope, userId: string, field: string): UserRecord {
  const user = db.get<UserRecord>(C.users, userId);
  if (!user || user.organizationId !== organization.organizationId) throw notFound(`user ${userId} not found in organization ${organization.organizationId}`, field);
  return user;
}
