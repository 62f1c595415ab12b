// A ready-made root organization with one root user and an API key: what `sigil emulator start` and
// the tests begin from.
import { invalid } from './errors.js';
import { uuid } from './encoding.js';
import { C, type ApiKeyRecord, type OrganizationRecord, type UserRecord } from './model.js';
import type { Database } from './store.js';
import { checkApiPublicKey } from './users/credentials.js';
import type { BootstrapInput, BootstrapResult } from './types.js';

export function bootstrapOrganization(db: Database, input: BootstrapInput, now: number): BootstrapResult {
  const curve = input.curve ?? 'API_KEY_CURVE_P256';
  if (typeof input.organizationName !== 'string' || input.organizationName === '') throw invalid('organizationName', 'organizationName: is required');
  if (typeof input.userName !== 'string' || input.userName === '') throw invalid('userName', 'userName: is required');
  checkApiPublicKey('apiPublicKey', input.apiPublicKey, curve);
  const organizationId = uuid();
  const userId = uuid();
  const apiKeyId = uuid();
  const organization: OrganizationRecord = {
    organizationId,
    organizationName: input.organizationName,
    parentOrganizationId: null,
    rootQuorum: { threshold: 1, userIds: [userId] },
    features: [],
    createdAtMs: now,
  };
  const user: UserRecord = { userId, organizationId, userName: input.userName, accessType: 'ACCESS_TYPE_API', userTags: [], createdAtMs: now, updatedAtMs: now };
  const key: ApiKeyRecord = { apiKeyId, userId, organizationId, apiKeyName: `${input.userName} key`, publicKey: input.apiPublicKey, curveType: curve, createdAtMs: now };
  db.put(C.organizations, organizationId, organization);
  db.put(C.users, userId, user);
  db.put(C.apiKeys, apiKeyId, key);
  return { organizationId, organizationName: input.organizationName, userId, userName: input.userName, apiKeyId };
}
