// What a handler receives for one request. A module of its own so that the handlers (queries, activities,
// wallets) depend on this type and not on emulator.ts, which depends on them.
import type { Activities } from './activities.js';
import type { Caller } from './auth.js';
import type { OperationSpec } from './document.js';
import type { OrganizationRecord } from './model.js';
import type { Database } from './store.js';

/** Everything a handler can reach for one request. */
export interface RequestContext {
  db: Database;
  now: number;
  operation: OperationSpec;
  /** The exact body, as signed. */
  raw: string;
  body: Record<string, unknown>;
  caller: Caller;
  /** The organization named by the body's organizationId. */
  organization: OrganizationRecord;
  activities: Activities;
}
