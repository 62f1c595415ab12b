/** What an activity acts on. `activity.resource` takes one of these values. */
export const ACTIVITY_RESOURCES = [
  'ACTIVITY',
  'API_KEY',
  'AUTH',
  'AUTHENTICATOR',
  'FEATURE',
  'INVITATION',
  'OAUTH_PROVIDER',
  'ORGANIZATION',
  'PAYMENT_METHOD',
  'POLICY',
  'PRIVATE_KEY',
  'PRIVATE_KEY_TAG',
  'RECOVERY',
  'ROOT_QUORUM',
  'SESSION',
  'USER',
  'USER_TAG',
  'WALLET',
  'WALLET_ACCOUNT',
] as const;
export type ActivityResource = (typeof ACTIVITY_RESOURCES)[number];

/** What an activity does. `activity.action` takes one of these values. */
export const ACTIVITY_ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'SIGN', 'EXPORT', 'IMPORT', 'APPROVE', 'REJECT'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export interface ActivityTypeInfo {
  type: string;
  resource: ActivityResource;
  action: ActivityAction;
  /** Decided by the root quorum; policies do not apply. */
  rootQuorum: boolean;
}

const row = (type: string, resource: ActivityResource, action: ActivityAction, rootQuorum = false): ActivityTypeInfo => ({
  type: `ACTIVITY_TYPE_${type}`,
  resource,
  action,
  rootQuorum,
});

/**
 * Every activity type with the resource and action it implies. When a request names only
 * `activity.type`, the engine fills in `activity.resource` and `activity.action` from here.
 */
export const ACTIVITY_TYPES: readonly ActivityTypeInfo[] = [
  row('APPROVE_ACTIVITY', 'ACTIVITY', 'APPROVE'),
  row('REJECT_ACTIVITY', 'ACTIVITY', 'REJECT'),
  row('CREATE_API_KEYS_V2', 'API_KEY', 'CREATE'),
  row('DELETE_API_KEYS', 'API_KEY', 'DELETE'),
  row('EMAIL_AUTH', 'AUTH', 'CREATE'),
  row('INIT_OTP_AUTH', 'AUTH', 'CREATE'),
  row('OTP_AUTH', 'AUTH', 'CREATE'),
  row('OAUTH', 'AUTH', 'CREATE'),
  row('CREATE_AUTHENTICATORS_V2', 'AUTHENTICATOR', 'CREATE'),
  row('DELETE_AUTHENTICATORS', 'AUTHENTICATOR', 'DELETE'),
  row('SET_ORGANIZATION_FEATURE', 'FEATURE', 'UPDATE', true),
  row('REMOVE_ORGANIZATION_FEATURE', 'FEATURE', 'DELETE', true),
  row('CREATE_INVITATIONS', 'INVITATION', 'CREATE'),
  row('DELETE_INVITATION', 'INVITATION', 'DELETE'),
  row('CREATE_OAUTH_PROVIDERS', 'OAUTH_PROVIDER', 'CREATE'),
  row('DELETE_OAUTH_PROVIDERS', 'OAUTH_PROVIDER', 'DELETE'),
  row('CREATE_SUB_ORGANIZATION_V7', 'ORGANIZATION', 'CREATE'),
  row('DELETE_SUB_ORGANIZATION', 'ORGANIZATION', 'DELETE'),
  row('DELETE_ORGANIZATION', 'ORGANIZATION', 'DELETE'),
  row('UPDATE_ALLOWED_ORIGINS', 'ORGANIZATION', 'UPDATE'),
  row('SET_PAYMENT_METHOD', 'PAYMENT_METHOD', 'UPDATE'),
  row('DELETE_PAYMENT_METHOD', 'PAYMENT_METHOD', 'DELETE'),
  row('CREATE_POLICY_V3', 'POLICY', 'CREATE'),
  row('CREATE_POLICIES', 'POLICY', 'CREATE'),
  row('UPDATE_POLICY', 'POLICY', 'UPDATE'),
  row('DELETE_POLICY', 'POLICY', 'DELETE'),
  row('CREATE_PRIVATE_KEYS', 'PRIVATE_KEY', 'CREATE'),
  row('DELETE_PRIVATE_KEYS', 'PRIVATE_KEY', 'DELETE'),
  row('DISABLE_PRIVATE_KEY', 'PRIVATE_KEY', 'UPDATE'),
  row('EXPORT_PRIVATE_KEY', 'PRIVATE_KEY', 'EXPORT'),
  row('INIT_IMPORT_PRIVATE_KEY', 'PRIVATE_KEY', 'IMPORT'),
  row('IMPORT_PRIVATE_KEY', 'PRIVATE_KEY', 'IMPORT'),
  row('SIGN_RAW_PAYLOAD', 'PRIVATE_KEY', 'SIGN'),
  row('SIGN_RAW_PAYLOADS', 'PRIVATE_KEY', 'SIGN'),
  row('SIGN_TRANSACTION', 'PRIVATE_KEY', 'SIGN'),
  row('CREATE_PRIVATE_KEY_TAG', 'PRIVATE_KEY_TAG', 'CREATE'),
  row('UPDATE_PRIVATE_KEY_TAG', 'PRIVATE_KEY_TAG', 'UPDATE'),
  row('DELETE_PRIVATE_KEY_TAGS', 'PRIVATE_KEY_TAG', 'DELETE'),
  row('INIT_USER_EMAIL_RECOVERY', 'RECOVERY', 'CREATE'),
  row('RECOVER_USER', 'RECOVERY', 'UPDATE'),
  row('UPDATE_ROOT_QUORUM', 'ROOT_QUORUM', 'UPDATE', true),
  row('CREATE_READ_ONLY_SESSION', 'SESSION', 'CREATE'),
  row('CREATE_READ_WRITE_SESSION_V2', 'SESSION', 'CREATE'),
  row('CREATE_USERS', 'USER', 'CREATE'),
  row('UPDATE_USER', 'USER', 'UPDATE'),
  row('DELETE_USERS', 'USER', 'DELETE'),
  row('CREATE_USER_TAG', 'USER_TAG', 'CREATE'),
  row('UPDATE_USER_TAG', 'USER_TAG', 'UPDATE'),
  row('DELETE_USER_TAGS', 'USER_TAG', 'DELETE'),
  row('CREATE_WALLET', 'WALLET', 'CREATE'),
  row('UPDATE_WALLET', 'WALLET', 'UPDATE'),
  row('DELETE_WALLETS', 'WALLET', 'DELETE'),
  row('EXPORT_WALLET', 'WALLET', 'EXPORT'),
  row('INIT_IMPORT_WALLET', 'WALLET', 'IMPORT'),
  row('IMPORT_WALLET', 'WALLET', 'IMPORT'),
  row('CREATE_WALLET_ACCOUNTS', 'WALLET_ACCOUNT', 'CREATE'),
  row('EXPORT_WALLET_ACCOUNT', 'WALLET_ACCOUNT', 'EXPORT'),
];

export const ACTIVITY_TYPE_NAMES: readonly string[] = ACTIVITY_TYPES.map((t) => t.type);

/** Activity types that only the root quorum decides (spec §6): policies are not consulted. */
export const ROOT_QUORUM_ACTIVITY_TYPES: readonly string[] = ACTIVITY_TYPES.filter((t) => t.rootQuorum).map((t) => t.type);

export function activityTypeInfo(type: string): ActivityTypeInfo | undefined {
  return ACTIVITY_TYPES.find((t) => t.type === type);
}
