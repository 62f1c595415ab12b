import { describe, expect, it } from 'vitest';
import { C, type OrganizationRecord } from './model.js';
import { isAncestor, levelsAbove, organizationAndAncestors } from './organization-scope.js';
import { Database } from './store.js';

function organization(db: Database, organizationId: string, parentOrganizationId: string | null): OrganizationRecord {
  const record = { organizationId, organizationName: organizationId, parentOrganizationId, features: [], rootQuorum: { threshold: 1, userIds: [] } } as unknown as OrganizationRecord;
  db.put(C.organizations, organizationId, record);
  return record;
}

describe('organization scope', () => {
  it('walks from an organization up to its root, and measures how far above one organization another is', () => {
    const db = new Database();
    organization(db, 'root', null);
    const child = organization(db, 'child', 'root');
    const grandchild = organization(db, 'grandchild', 'child');
    const other = organization(db, 'other', null);
    expect(organizationAndAncestors(db, grandchild).map((o) => o.organizationId)).toEqual(['grandchild', 'child', 'root']);
    expect([levelsAbove(db, 'grandchild', grandchild), levelsAbove(db, 'root', grandchild), levelsAbove(db, 'other', child)]).toEqual([0, 2, -1]);
    expect([isAncestor(db, 'root', child), isAncestor(db, 'child', child), isAncestor(db, 'child', other)]).toEqual([true, false, false]);
  });

  it('stops on a parent cycle in a damaged state instead of looping', () => {
    const db = new Database();
    const a = organization(db, 'a', 'b');
    organization(db, 'b', 'a');
    expect(organizationAndAncestors(db, a)).toHaveLength(64);
  });
});
