/**
 * The relevance table of site search (tests/e2e/search-relevance.spec.ts):
 * each query with the page(s) a reader expects among the first three
 * results. A query passes when any of its top three pages matches any
 * expectation; `/*` at the end of an expectation matches a whole folder.
 *
 * To extend it: add a row with a query a reader would type and the page that
 * answers it, preferring pages whose subject is the query (their title or a
 * heading says it) over pages that merely mention it, so the row stays true
 * as more pages are written. Run the spec; a miss prints what came first.
 */
export type QueryKind = 'api name' | 'everyday' | 'typo' | 'multi-word';

export interface RelevanceCase {
  query: string;
  kind: QueryKind;
  /** Site paths (or `folder/*`); any of them in the top three passes. */
  expect: string[];
}

/** Share of queries that must pass. */
export const RELEVANCE_THRESHOLD = 0.9;

export const relevanceCases: RelevanceCase[] = [
  // Exact API names, as written in code and in the reference
  {query: 'create_sub_organization', kind: 'api name', expect: ['/api/sub-organizations/create-sub-organization']},
  {query: 'sign_raw_payload', kind: 'api name', expect: ['/api/signing/sign-raw-payload']},
  {query: 'get_activity', kind: 'api name', expect: ['/api/activities/get-activity']},
  {query: 'list_suborgs', kind: 'api name', expect: ['/api/sub-organizations/list-suborgs']},
  {query: 'whoami', kind: 'api name', expect: ['/api/organizations/whoami', '/api-overview/introduction']},
  {query: 'create_read_write_session', kind: 'api name', expect: ['/api/sessions/create-read-write-session', '/features/sessions']},
  {query: 'init_import_wallet', kind: 'api name', expect: ['/api/import-and-export/init-import-wallet', '/features/import-wallets']},
  {query: 'ADDRESS_FORMAT_ETHEREUM', kind: 'api name', expect: ['/api/schemas/address-format', '/ecosystems/ethereum']},
  {query: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', kind: 'api name', expect: ['/api/schemas/activity-status', '/concepts/users/root-quorum', '/api-overview/submissions']},
  {query: 'createSubOrganization', kind: 'api name', expect: ['/api/sub-organizations/create-sub-organization', '/sdks/advanced/sigil-client', '/concepts/sub-organizations']},
  {query: 'X-Stamp', kind: 'api name', expect: ['/api-overview/stamps']},
  {
    query: 'deleteWithoutExport',
    kind: 'api name',
    expect: [
      '/api/wallets/delete-wallets',
      '/api/private-keys/delete-private-keys',
      '/api/sub-organizations/delete-sub-organization',
      '/api/schemas/delete-wallets-intent',
      '/api/schemas/delete-private-keys-intent',
      '/api/schemas/delete-sub-organization-intent',
      '/features/export-wallets',
    ],
  },

  // Everyday words
  {query: 'wallet', kind: 'everyday', expect: ['/concepts/wallets']},
  {query: 'passkey', kind: 'everyday', expect: ['/passkeys/*', '/embedded-wallets/code-examples/create-sub-org-passkey', '/embedded-wallets/code-examples/authenticate-user-passkey', '/embedded-wallets/code-examples/create-passkey-session']},
  {query: 'policies', kind: 'everyday', expect: ['/concepts/policies/*']},
  {query: 'root quorum', kind: 'everyday', expect: ['/concepts/users/root-quorum']},
  {query: 'sessions', kind: 'everyday', expect: ['/features/sessions']},
  {query: 'errors', kind: 'everyday', expect: ['/api-overview/errors']},
  {query: 'solana', kind: 'everyday', expect: ['/ecosystems/solana']},
  {query: 'ethereum', kind: 'everyday', expect: ['/ecosystems/ethereum']},
  {query: 'quickstart', kind: 'everyday', expect: ['/getting-started/quickstart']},
  {query: 'credentials', kind: 'everyday', expect: ['/concepts/users/credentials']},
  {query: 'whitepaper', kind: 'everyday', expect: ['/security/whitepaper']},
  {query: 'vulnerability', kind: 'everyday', expect: ['/security/reporting-a-vulnerability']},
  {query: 'enclave', kind: 'everyday', expect: ['/security/secure-enclaves', '/security/enclave-secure-channels']},
  {query: 'oauth', kind: 'everyday', expect: ['/features/oauth', '/api/authentication/oauth']},
  {query: 'stamps', kind: 'everyday', expect: ['/api-overview/stamps']},

  // Typos (one or two edits away from a word of the site)
  {query: 'pasky', kind: 'typo', expect: ['/passkeys/*', '/embedded-wallets/code-examples/create-sub-org-passkey', '/embedded-wallets/code-examples/authenticate-user-passkey', '/embedded-wallets/code-examples/create-passkey-session']},
  {query: 'walet', kind: 'typo', expect: ['/concepts/wallets']},
  {query: 'etherum', kind: 'typo', expect: ['/ecosystems/ethereum']},
  {query: 'sesions', kind: 'typo', expect: ['/features/sessions']},
  {query: 'whitepapr', kind: 'typo', expect: ['/security/whitepaper']},
  {query: 'organisations', kind: 'typo', expect: ['/concepts/organizations']},
  {query: 'create_sub_organisation', kind: 'typo', expect: ['/api/sub-organizations/create-sub-organization', '/concepts/sub-organizations']},

  // Several words
  {query: 'resource limits', kind: 'multi-word', expect: ['/getting-started/resource-limits']},
  {query: 'launch checklist', kind: 'multi-word', expect: ['/getting-started/launch-checklist']},
  {query: 'disaster recovery', kind: 'multi-word', expect: ['/security/disaster-recovery']},
  {query: 'non-custodial key management', kind: 'multi-word', expect: ['/security/non-custodial-key-mgmt']},
  {query: 'export a wallet', kind: 'multi-word', expect: ['/features/export-wallets', '/api/import-and-export/export-wallet', '/embedded-wallets/code-examples/export']},
  {query: 'sign a transaction', kind: 'multi-word', expect: ['/api/signing/sign-transaction', '/embedded-wallets/code-examples/signing-transactions']},
  {query: 'policy language', kind: 'multi-word', expect: ['/concepts/policies/language']},
  {query: 'email recovery', kind: 'multi-word', expect: ['/features/email-recovery', '/embedded-wallets/code-examples/email-recovery', '/embedded-wallets/sub-organization-recovery']},
  {query: 'embedded wallet quickstart', kind: 'multi-word', expect: ['/getting-started/embedded-wallet-quickstart']},
  {query: 'api v1', kind: 'multi-word', expect: ['/changelog/api-v1']},
  {query: 'changelog', kind: 'everyday', expect: ['/changelog', '/changelog/*']},
];

export function matchesExpectation(path: string, expectation: string): boolean {
  const clean = path.replace(/[?#].*$/, '').replace(/\/$/, '') || '/';
  return expectation.endsWith('/*') ? clean.startsWith(expectation.slice(0, -1)) : clean === expectation;
}
