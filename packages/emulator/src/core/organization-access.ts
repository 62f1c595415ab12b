// Which organization a caller may address. A credential works in its own user's organization; a parent
// organization's credential also reaches its sub-organizations, to read them and to start the sign-in and
// recovery flows the document lists under "From a parent organization". A read-only session reaches only
// its own organization.
import type { Caller } from './auth.js';
import type { OperationSpec } from './document.js';
import { unauthenticated } from './errors.js';
import type { OrganizationRecord } from './model.js';
import { isAncestor } from './organization-scope.js';
import type { Database } from './store.js';

/** Operations a parent organization's user may send for one of its sub-organizations (the document's "From a parent organization"). */
const PARENT_MAY_SUBMIT: ReadonlySet<string> = new Set(['email_auth', 'init_otp_auth', 'otp_auth', 'oauth', 'init_user_email_recovery']);

/** Throws UNAUTHENTICATED when `caller` may not send `operation` for `organization`. */
export function checkOrganizationAccess(db: Database, operation: OperationSpec, caller: Caller, organization: OrganizationRecord): void {
  if (caller.user.organizationId === organization.organizationId) return;
  const parentMay =
    ((operation.kind === 'query' && caller.kind !== 'session') || (operation.kind === 'submission' && caller.kind !== 'session' && PARENT_MAY_SUBMIT.has(operation.name))) &&
    isAncestor(db, caller.user.organizationId, organization);
  if (!parentMay) {
    throw unauthenticated(
      `the credential is not registered to a user of organization ${organization.organizationId}` +
        (operation.kind === 'submission' ? ' (a parent organization may only read its sub-organizations)' : ''),
    );
  }
}
