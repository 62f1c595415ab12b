// The organization tree, walked one way: from an organization up through its parents. Credentials of a
// parent reach its sub-organizations, and features set on a parent count below it; both read this chain.
import { C, type OrganizationRecord } from './model.js';
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
