/**
 * The relevance set of site search (tests/e2e/search-relevance.spec.ts): the
 * site's own vocabulary as readers type it, each query with the page that
 * answers it. Precision at 1: the first result is the page (or one of the
 * pages) expected; precision at 3: it is among the first three. Nonsense
 * queries expect no result at all.
 *
 * To extend it: add a row with a query a reader would type and the page that
 * answers it, first the page whose subject is the query (its title, a name it
 * is the reference for), then any page that answers equally well. Run the
 * spec; a miss prints what came first instead.
 */
export type QueryKind =
  | 'operation: snake_case'
  | 'operation: camelCase'
  | 'operation: words'
  | 'operation: alias'
  | 'operation: activity type'
  | 'schema'
  | 'enum value'
  | 'error'
  | 'concept'
  | 'sdk'
  | 'policy'
  | 'typo'
  | 'nonsense';

export interface RelevanceCase {
  query: string;
  kind: QueryKind;
  /** Site paths (or `folder/*`) that answer the query; empty for nonsense, which must find nothing. */
  expect: string[];
}

/** Targets (issue 22), asserted in CI. */
export const RELEVANCE_TARGETS = {atOne: 0.85, atThree: 0.95};

const op = (area: string, slug: string): string => `/api/${area}/${slug}`;
const schema = (slug: string): string => `/api/schemas/${slug}`;
const ERRORS = ['/api-overview/errors', '/api'];

export const relevanceCases: RelevanceCase[] = [
  // Operations by their API name
  {query: 'create_sub_organization', kind: 'operation: snake_case', expect: [op('sub-organizations', 'create-sub-organization')]},
  {query: 'sign_raw_payload', kind: 'operation: snake_case', expect: [op('signing', 'sign-raw-payload')]},
  {query: 'sign_raw_payloads', kind: 'operation: snake_case', expect: [op('signing', 'sign-raw-payloads')]},
  {query: 'get_activity', kind: 'operation: snake_case', expect: [op('activities', 'get-activity')]},
  {query: 'list_suborgs', kind: 'operation: snake_case', expect: [op('sub-organizations', 'list-suborgs')]},
  {query: 'whoami', kind: 'operation: snake_case', expect: [op('organizations', 'whoami')]},
  {query: 'create_read_write_session', kind: 'operation: snake_case', expect: [op('sessions', 'create-read-write-session')]},
  {query: 'init_import_wallet', kind: 'operation: snake_case', expect: [op('import-and-export', 'init-import-wallet')]},
  {query: 'create_wallet', kind: 'operation: snake_case', expect: [op('wallets', 'create-wallet')]},
  {query: 'create_wallet_accounts', kind: 'operation: snake_case', expect: [op('wallets', 'create-wallet-accounts')]},
  {query: 'export_wallet_account', kind: 'operation: snake_case', expect: [op('import-and-export', 'export-wallet-account')]},
  {query: 'update_root_quorum', kind: 'operation: snake_case', expect: [op('organizations', 'update-root-quorum')]},
  {query: 'list_verified_suborgs', kind: 'operation: snake_case', expect: [op('sub-organizations', 'list-verified-suborgs')]},
  {query: 'delete_private_key_tags', kind: 'operation: snake_case', expect: [op('tags', 'delete-private-key-tags')]},
  {query: 'email_auth', kind: 'operation: snake_case', expect: [op('authentication', 'email-auth'), '/features/email-auth']},
  {query: 'get_organization_configs', kind: 'operation: snake_case', expect: [op('organizations', 'get-organization-configs')]},
  {query: '/public/v1/submit/sign_transaction', kind: 'operation: snake_case', expect: [op('signing', 'sign-transaction')]},

  // Operations by their SDK method
  {query: 'createWallet', kind: 'operation: camelCase', expect: [op('wallets', 'create-wallet')]},
  {query: 'createSubOrganization', kind: 'operation: camelCase', expect: [op('sub-organizations', 'create-sub-organization')]},
  {query: 'signTransaction', kind: 'operation: camelCase', expect: [op('signing', 'sign-transaction')]},
  {query: 'getActivity', kind: 'operation: camelCase', expect: [op('activities', 'get-activity')]},
  {query: 'listWallets', kind: 'operation: camelCase', expect: [op('wallets', 'list-wallets')]},
  {query: 'exportWallet', kind: 'operation: camelCase', expect: [op('import-and-export', 'export-wallet')]},
  {query: 'createPolicy', kind: 'operation: camelCase', expect: [op('policies', 'create-policy')]},
  {query: 'approveActivity', kind: 'operation: camelCase', expect: [op('activities', 'approve-activity')]},
  {query: 'createApiKeys', kind: 'operation: camelCase', expect: [op('api-keys', 'create-api-keys')]},
  {query: 'getWalletAccount', kind: 'operation: camelCase', expect: [op('wallets', 'get-wallet-account')]},

  // Operations in plain words, as titled or as readers say it
  {query: 'create wallet', kind: 'operation: words', expect: [op('wallets', 'create-wallet')]},
  {query: 'Create a wallet', kind: 'operation: words', expect: [op('wallets', 'create-wallet')]},
  {query: 'export wallet', kind: 'operation: words', expect: [op('import-and-export', 'export-wallet')]},
  {query: 'sign transaction', kind: 'operation: words', expect: [op('signing', 'sign-transaction')]},
  {query: 'list wallets', kind: 'operation: words', expect: [op('wallets', 'list-wallets')]},
  {query: 'delete users', kind: 'operation: words', expect: [op('users', 'delete-users')]},
  {query: 'import private key', kind: 'operation: words', expect: [op('import-and-export', 'import-private-key')]},
  {query: 'create read only session', kind: 'operation: words', expect: [op('sessions', 'create-read-only-session')]},
  {query: 'Identify the caller', kind: 'operation: words', expect: [op('organizations', 'whoami')]},
  {query: 'approve activity', kind: 'operation: words', expect: [op('activities', 'approve-activity')]},
  {query: 'list activities', kind: 'operation: words', expect: [op('activities', 'list-activities')]},
  {query: 'update policy', kind: 'operation: words', expect: [op('policies', 'update-policy')]},
  {query: 'create user tag', kind: 'operation: words', expect: [op('tags', 'create-user-tag')]},
  {query: 'sign raw payload', kind: 'operation: words', expect: [op('signing', 'sign-raw-payload')]},
  {query: 'Send a one-time code', kind: 'operation: words', expect: [op('authentication', 'init-otp-auth')]},

  // Operations by an alias from the API document (x-search-aliases)
  {query: 'who am i', kind: 'operation: alias', expect: [op('organizations', 'whoami')]},
  {query: 'current user', kind: 'operation: alias', expect: [op('organizations', 'whoami')]},
  {query: 'sign message', kind: 'operation: alias', expect: [op('signing', 'sign-raw-payload')]},
  {query: 'new wallet', kind: 'operation: alias', expect: [op('wallets', 'create-wallet')]},
  {query: 'export seed phrase', kind: 'operation: alias', expect: [op('import-and-export', 'export-wallet')]},
  {query: 'revoke api key', kind: 'operation: alias', expect: [op('api-keys', 'delete-api-keys')]},
  {query: 'register passkey', kind: 'operation: alias', expect: [op('authenticators', 'create-authenticators')]},
  {query: 'invite user', kind: 'operation: alias', expect: [op('invitations', 'create-invitations')]},
  {query: 'magic link', kind: 'operation: alias', expect: [op('authentication', 'email-auth'), '/features/email-auth']},
  {query: 'audit log', kind: 'operation: alias', expect: [op('activities', 'list-activities')]},

  // Operations by activity type
  {query: 'ACTIVITY_TYPE_CREATE_WALLET', kind: 'operation: activity type', expect: [op('wallets', 'create-wallet')]},
  {query: 'ACTIVITY_TYPE_SIGN_TRANSACTION', kind: 'operation: activity type', expect: [op('signing', 'sign-transaction')]},
  {query: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7', kind: 'operation: activity type', expect: [op('sub-organizations', 'create-sub-organization')]},
  {query: 'ACTIVITY_TYPE_CREATE_POLICY', kind: 'operation: activity type', expect: [op('policies', 'create-policy')]},

  // Schemas by name (the query names the schema, so the schema comes first)
  {query: 'WalletAccount', kind: 'schema', expect: [schema('wallet-account')]},
  {query: 'CreateWalletIntent', kind: 'schema', expect: [schema('create-wallet-intent')]},
  {query: 'ActivityStatus', kind: 'schema', expect: [schema('activity-status')]},
  {query: 'AddressFormat', kind: 'schema', expect: [schema('address-format')]},
  {query: 'WhoamiResponse', kind: 'schema', expect: [schema('whoami-response')]},
  {query: 'ApiKeyParamsV2', kind: 'schema', expect: [schema('api-key-params-v2')]},

  // Enumeration values
  {query: 'ADDRESS_FORMAT_ETHEREUM', kind: 'enum value', expect: [schema('address-format'), '/ecosystems/ethereum']},
  {query: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', kind: 'enum value', expect: [schema('activity-status')]},
  {query: 'CURVE_SECP256K1', kind: 'enum value', expect: [schema('curve')]},
  {query: 'PATH_FORMAT_BIP32', kind: 'enum value', expect: [schema('path-format')]},
  {query: 'API_KEY_CURVE_ED25519', kind: 'enum value', expect: [schema('api-key-curve')]},
  {query: 'AUTHENTICATOR_TRANSPORT_HYBRID', kind: 'enum value', expect: [schema('authenticator-transport')]},
  {query: 'FEATURE_NAME_EMAIL_AUTH', kind: 'enum value', expect: [schema('feature-name')]},

  // Errors by code name, by number and in words
  {query: 'INVALID_ARGUMENT', kind: 'error', expect: ERRORS},
  {query: 'PERMISSION_DENIED', kind: 'error', expect: ERRORS},
  {query: 'UNAUTHENTICATED', kind: 'error', expect: ERRORS},
  {query: 'RESOURCE_EXHAUSTED', kind: 'error', expect: [...ERRORS, '/getting-started/resource-limits']},
  {query: 'error codes', kind: 'error', expect: ERRORS},
  {query: 'errors', kind: 'error', expect: ERRORS},
  {query: 'Status body', kind: 'error', expect: ERRORS},

  // Concepts and guides
  {query: 'wallet', kind: 'concept', expect: ['/concepts/wallets']},
  {query: 'wallets', kind: 'concept', expect: ['/concepts/wallets']},
  {query: 'passkey', kind: 'concept', expect: ['/passkeys/introduction', '/passkeys/*']},
  {query: 'policies', kind: 'concept', expect: ['/concepts/policies/overview', '/concepts/policies/*']},
  {query: 'root quorum', kind: 'concept', expect: ['/concepts/users/root-quorum']},
  {query: 'sessions', kind: 'concept', expect: ['/features/sessions']},
  {query: 'solana', kind: 'concept', expect: ['/ecosystems/solana']},
  {query: 'ethereum', kind: 'concept', expect: ['/ecosystems/ethereum']},
  {query: 'bitcoin', kind: 'concept', expect: ['/ecosystems/bitcoin']},
  {query: 'quickstart', kind: 'concept', expect: ['/getting-started/quickstart']},
  {query: 'credentials', kind: 'concept', expect: ['/concepts/users/credentials']},
  {query: 'whitepaper', kind: 'concept', expect: ['/security/whitepaper']},
  {query: 'vulnerability', kind: 'concept', expect: ['/security/reporting-a-vulnerability']},
  {query: 'secure enclaves', kind: 'concept', expect: ['/security/secure-enclaves']},
  {query: 'stamps', kind: 'concept', expect: ['/api-overview/stamps']},
  {query: 'X-Stamp', kind: 'concept', expect: ['/api-overview/stamps']},
  {query: 'sub-organizations', kind: 'concept', expect: ['/concepts/sub-organizations']},
  {query: 'resource limits', kind: 'concept', expect: ['/getting-started/resource-limits']},
  {query: 'launch checklist', kind: 'concept', expect: ['/getting-started/launch-checklist']},
  {query: 'disaster recovery', kind: 'concept', expect: ['/security/disaster-recovery']},
  {query: 'non-custodial key management', kind: 'concept', expect: ['/security/non-custodial-key-mgmt']},
  {query: 'email recovery', kind: 'concept', expect: ['/features/email-recovery']},
  {query: 'webhooks', kind: 'concept', expect: ['/features/webhooks']},
  {query: 'delegated access', kind: 'concept', expect: ['/features/delegated-access']},
  {query: 'pregenerated wallets', kind: 'concept', expect: ['/features/pregenerated-wallets']},
  {query: 'embedded wallet quickstart', kind: 'concept', expect: ['/getting-started/embedded-wallet-quickstart']},
  {query: 'changelog', kind: 'concept', expect: ['/changelog', '/changelog/*']},

  // SDK functions and packages
  {query: 'createServerClient', kind: 'sdk', expect: ['/sdks/javascript-server']},
  {query: 'createPasskeyClient', kind: 'sdk', expect: ['/sdks/javascript-browser']},
  {query: 'ApiKeyStamper', kind: 'sdk', expect: ['/sdks/advanced/api-key-stamper']},
  {query: 'WebauthnStamper', kind: 'sdk', expect: ['/sdks/advanced/webauthn-stamper']},
  {query: 'IframeStamper', kind: 'sdk', expect: ['/sdks/advanced/iframe-stamper']},
  {query: 'viem', kind: 'sdk', expect: ['/sdks/web3/viem']},
  {query: 'ethers', kind: 'sdk', expect: ['/sdks/web3/ethers']},
  {query: 'sigil cli', kind: 'sdk', expect: ['/sdks/cli']},

  // Policy language
  {query: 'policy language', kind: 'policy', expect: ['/concepts/policies/language']},
  {query: 'consensus', kind: 'policy', expect: ['/concepts/policies/overview', '/concepts/policies/language', '/concepts/policies/examples']},
  {query: 'policy examples', kind: 'policy', expect: ['/concepts/policies/examples']},
  {query: 'approvers', kind: 'policy', expect: ['/concepts/policies/language', '/concepts/policies/examples', '/concepts/policies/overview']},
  {query: 'EFFECT_DENY', kind: 'policy', expect: [schema('effect'), '/concepts/policies/overview']},

  // Misspellings
  {query: 'walet', kind: 'typo', expect: ['/concepts/wallets']},
  {query: 'etherum', kind: 'typo', expect: ['/ecosystems/ethereum']},
  {query: 'sesions', kind: 'typo', expect: ['/features/sessions']},
  {query: 'whitepapr', kind: 'typo', expect: ['/security/whitepaper']},
  {query: 'organisations', kind: 'typo', expect: ['/concepts/organizations']},
  {query: 'pasky', kind: 'typo', expect: ['/passkeys/introduction', '/passkeys/*']},
  {query: 'create_sub_organisation', kind: 'typo', expect: [op('sub-organizations', 'create-sub-organization')]},
  {query: 'webhoks', kind: 'typo', expect: ['/features/webhooks']},

  // Nonsense: nothing on the site answers these
  {query: 'zzqxvplm', kind: 'nonsense', expect: []},
  {query: 'qwxzjv', kind: 'nonsense', expect: []},
  {query: 'blorptangle', kind: 'nonsense', expect: []},
  {query: 'xkcdqqq vvmmz', kind: 'nonsense', expect: []},
  {query: 'fnordwibble', kind: 'nonsense', expect: []},
  {query: 'jjjjjjjj', kind: 'nonsense', expect: []},
  {query: 'zyxwvut', kind: 'nonsense', expect: []},
  {query: 'grumbleworth', kind: 'nonsense', expect: []},
  {query: 'qqpl zzmr vvxx', kind: 'nonsense', expect: []},
  {query: 'plinkerdoodle', kind: 'nonsense', expect: []},
];

export function matchesExpectation(path: string, expectation: string): boolean {
  const clean = path.replace(/[?#].*$/, '').replace(/\/$/, '') || '/';
  return expectation.endsWith('/*') ? clean.startsWith(expectation.slice(0, -1)) : clean === expectation;
}
