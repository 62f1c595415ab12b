/**
 * The route inventory of spec §2: every route the site must answer, with the
 * page title it must carry and the sidebar it must show. Content issues add
 * their routes here as their pages land; the e2e inventory test checks each.
 */
export type SidebarName = 'documentation' | 'sdks' | 'solutions';

export interface RouteExpectation {
  path: string;
  /** The page's own title; the document title is `${title} | Sigil docs`. */
  title: string;
  /** The docs sidebar the page shows, or null for pages without one. */
  sidebar: SidebarName | null;
}

export const siteTitle = 'Sigil docs';

export const routes: RouteExpectation[] = [
  // Home and misc
  {path: '/', title: 'Sigil documentation', sidebar: 'documentation'},
  {path: '/api/', title: 'API reference', sidebar: null},
  // API reference pages (plugins/api-reference): one per operation and per schema, with their own API sidebar.
  {path: '/api/wallets/create-wallet', title: 'Create a wallet (create_wallet)', sidebar: null},
  {path: '/api/organizations/whoami', title: 'Identify the caller (whoami)', sidebar: null},
  {path: '/api/schemas/', title: 'API schemas', sidebar: null},
  {path: '/api/schemas/wallet', title: 'Wallet schema', sidebar: null},
  {path: '/api/schemas/activity-status', title: 'ActivityStatus schema', sidebar: null},
  {path: '/markdown-page', title: 'Markdown and MDX showcase', sidebar: null},
  {path: '/changelog', title: 'Changelog', sidebar: null},
  {path: '/search', title: 'Search the documentation', sidebar: null},
  {path: '/faq', title: 'Frequently asked questions', sidebar: 'documentation'},
  {path: '/documentation/ecosystem-integrations/', title: 'Ecosystem integrations', sidebar: 'documentation'},
  // Getting started
  {path: '/category/getting-started', title: 'Getting started', sidebar: 'documentation'},
  {path: '/getting-started/quickstart', title: 'Quickstart', sidebar: 'documentation'},
  {path: '/getting-started/local-development', title: 'Local development', sidebar: 'documentation'},
  {path: '/getting-started/ai-assistants', title: 'AI assistants (MCP)', sidebar: 'documentation'},
  {path: '/getting-started/embedded-wallet-quickstart', title: 'Embedded wallet quickstart', sidebar: 'documentation'},
  {path: '/getting-started/signing-automation-quickstart', title: 'Signing automation quickstart', sidebar: 'documentation'},
  {path: '/getting-started/examples', title: 'Examples', sidebar: 'documentation'},
  {path: '/getting-started/launch-checklist', title: 'Launch checklist', sidebar: 'documentation'},
  {path: '/getting-started/resource-limits', title: 'Resource limits', sidebar: 'documentation'},
  // API overview
  {path: '/category/api-overview', title: 'API overview', sidebar: 'documentation'},
  {path: '/api-overview/introduction', title: 'API introduction', sidebar: 'documentation'},
  {path: '/api-overview/queries', title: 'Queries', sidebar: 'documentation'},
  {path: '/api-overview/submissions', title: 'Submissions', sidebar: 'documentation'},
  {path: '/api-overview/stamps', title: 'Stamps', sidebar: 'documentation'},
  {path: '/api-overview/errors', title: 'Errors', sidebar: 'documentation'},
  // Ecosystems
  {path: '/ecosystems/ethereum', title: 'Ethereum', sidebar: 'documentation'},
  {path: '/ecosystems/solana', title: 'Solana', sidebar: 'documentation'},
  {path: '/ecosystems/bitcoin', title: 'Bitcoin', sidebar: 'documentation'},
  {path: '/ecosystems/others', title: 'Other chains', sidebar: 'documentation'},
  // Security
  {path: '/category/security', title: 'Security', sidebar: 'documentation'},
  {path: '/security/our-approach', title: 'Our approach to security', sidebar: 'documentation'},
  {path: '/security/non-custodial-key-mgmt', title: 'Non-custodial key management', sidebar: 'documentation'},
  {path: '/security/secure-enclaves', title: 'Secure enclaves', sidebar: 'documentation'},
  {path: '/security/enclave-secure-channels', title: 'Enclave secure channels', sidebar: 'documentation'},
  {path: '/security/quorum-deployments', title: 'Quorum deployments', sidebar: 'documentation'},
  {path: '/security/verifiable-data', title: 'Verifiable data', sidebar: 'documentation'},
  {path: '/security/disaster-recovery', title: 'Disaster recovery', sidebar: 'documentation'},
  {path: '/security/reporting-a-vulnerability', title: 'Reporting a vulnerability', sidebar: 'documentation'},
  {path: '/security/whitepaper', title: 'Security whitepaper', sidebar: 'documentation'},
  // Concepts
  {path: '/concepts/introduction', title: 'Concepts introduction', sidebar: 'documentation'},
  {path: '/concepts/organizations', title: 'Organizations', sidebar: 'documentation'},
  {path: '/concepts/sub-organizations', title: 'Sub-organizations', sidebar: 'documentation'},
  {path: '/concepts/wallets', title: 'Wallets', sidebar: 'documentation'},
  {path: '/concepts/policies/overview', title: 'Policies overview', sidebar: 'documentation'},
  {path: '/concepts/policies/language', title: 'Policy language', sidebar: 'documentation'},
  {path: '/concepts/policies/examples', title: 'Policy examples', sidebar: 'documentation'},
  {path: '/concepts/policies/quickstart', title: 'Policy quickstart', sidebar: 'documentation'},
  {path: '/concepts/users/introduction', title: 'Users introduction', sidebar: 'documentation'},
  {path: '/concepts/users/credentials', title: 'Credentials', sidebar: 'documentation'},
  {path: '/concepts/users/root-quorum', title: 'Root quorum', sidebar: 'documentation'},
  {path: '/concepts/users/best-practices', title: 'Users best practices', sidebar: 'documentation'},
  // Features
  {path: '/features/email-auth', title: 'Email auth', sidebar: 'documentation'},
  {path: '/features/email-recovery', title: 'Email recovery', sidebar: 'documentation'},
  {path: '/features/oauth', title: 'OAuth', sidebar: 'documentation'},
  {path: '/features/otp-auth', title: 'OTP auth', sidebar: 'documentation'},
  {path: '/features/delegated-access', title: 'Delegated access', sidebar: 'documentation'},
  {path: '/features/export-wallets', title: 'Export wallets', sidebar: 'documentation'},
  {path: '/features/import-wallets', title: 'Import wallets', sidebar: 'documentation'},
  {path: '/features/pregenerated-wallets', title: 'Pregenerated wallets', sidebar: 'documentation'},
  {path: '/features/sessions', title: 'Sessions', sidebar: 'documentation'},
  {path: '/features/webhooks', title: 'Webhooks', sidebar: 'documentation'},
  // Passkeys
  {path: '/passkeys/introduction', title: 'Passkeys introduction', sidebar: 'documentation'},
  {path: '/passkeys/integration', title: 'Passkey integration', sidebar: 'documentation'},
  {path: '/passkeys/options', title: 'Passkey options', sidebar: 'documentation'},
  {path: '/passkeys/discoverable-vs-non-discoverable', title: 'Discoverable and non-discoverable passkeys', sidebar: 'documentation'},
  {path: '/passkeys/native', title: 'Passkeys in native apps', sidebar: 'documentation'},
  // SDKs
  {path: '/sdks/introduction', title: 'SDK introduction', sidebar: 'sdks'},
  {path: '/sdks/javascript-browser', title: 'JavaScript browser SDK', sidebar: 'sdks'},
  {path: '/sdks/javascript-server', title: 'JavaScript server SDK', sidebar: 'sdks'},
  {path: '/sdks/react', title: 'React', sidebar: 'sdks'},
  {path: '/sdks/react-native', title: 'React Native SDK', sidebar: 'sdks'},
  {path: '/sdks/cli', title: 'Sigil CLI', sidebar: 'sdks'},
  {path: '/sdks/migration-path', title: 'Migrating to the current SDKs', sidebar: 'sdks'},
  {path: '/sdks/golang', title: 'Go SDK', sidebar: 'sdks'},
  {path: '/sdks/rust', title: 'Rust SDK', sidebar: 'sdks'},
  {path: '/sdks/Ruby', title: 'Ruby SDK', sidebar: 'sdks'},
  {path: '/sdks/flutter', title: 'Call Sigil from Flutter', sidebar: 'sdks'},
  {path: '/sdks/swift/', title: 'Call Sigil from Swift', sidebar: 'sdks'},
  {path: '/sdks/swift/proxy-middleware', title: 'Proxy Swift calls through your backend', sidebar: 'sdks'},
  {path: '/sdks/swift/register-passkey', title: 'Register a passkey in Swift', sidebar: 'sdks'},
  {path: '/category/advanced', title: 'Advanced', sidebar: 'sdks'},
  {path: '/sdks/advanced/sigil-client', title: 'Sigil API client', sidebar: 'sdks'},
  {path: '/sdks/advanced/api-key-stamper', title: 'API key stamper', sidebar: 'sdks'},
  {path: '/sdks/advanced/webauthn-stamper', title: 'WebAuthn stamper', sidebar: 'sdks'},
  {path: '/sdks/advanced/iframe-stamper', title: 'Iframe stamper', sidebar: 'sdks'},
  {path: '/sdks/advanced/wallet-stamper', title: 'Wallet stamper', sidebar: 'sdks'},
  {path: '/category/web3-libraries', title: 'Web3 libraries', sidebar: 'sdks'},
  {path: '/sdks/web3/viem', title: 'Viem adapter', sidebar: 'sdks'},
  {path: '/sdks/web3/ethers', title: 'Ethers adapter', sidebar: 'sdks'},
  {path: '/sdks/web3/solana', title: 'Solana adapter', sidebar: 'sdks'},
  {path: '/sdks/web3/cosmjs', title: 'CosmJS adapter', sidebar: 'sdks'},
  {path: '/sdks/web3/eip-1193', title: 'EIP-1193 provider', sidebar: 'sdks'},
  // Solutions
  {path: '/embedded-wallets/overview', title: 'Embedded wallets overview', sidebar: 'solutions'},
  {path: '/embedded-wallets/sub-organizations-as-wallets', title: 'Sub-organizations as wallets', sidebar: 'solutions'},
  {path: '/embedded-wallets/sub-organization-auth', title: 'Sub-organization auth', sidebar: 'solutions'},
  {path: '/embedded-wallets/sub-organization-recovery', title: 'Sub-organization recovery', sidebar: 'solutions'},
  {path: '/category/code-examples', title: 'Code examples', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/create-sub-org-passkey', title: 'Create a sub-organization with a passkey', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/authenticate-user-passkey', title: 'Authenticate a user with a passkey', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/create-passkey-session', title: 'Create a passkey session', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/create-user-email', title: 'Create a user with email', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/authenticate-user-email', title: 'Authenticate a user by email', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/email-recovery', title: 'Email recovery', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/add-credential', title: 'Add a credential', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/wallet-auth', title: 'Authenticate with a wallet', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/signing-transactions', title: 'Sign transactions in an embedded wallet', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/import', title: 'Import a wallet into an embedded wallet', sidebar: 'solutions'},
  {path: '/embedded-wallets/code-examples/export', title: 'Export an embedded wallet', sidebar: 'solutions'},
  {path: '/signing-automation/overview', title: 'Signing automation overview', sidebar: 'solutions'},
  {path: '/category/code-examples-1', title: 'Code examples', sidebar: 'solutions'},
  {path: '/signing-automation/code-examples/signing-transactions', title: 'Sign and broadcast transactions from a backend', sidebar: 'solutions'},
  {path: '/reference/aa-wallets', title: 'Account abstraction wallets', sidebar: 'solutions'},
  {path: '/reference/embedded-wallet-kit', title: 'Embedded wallet kit', sidebar: 'solutions'},
];

/** A link that only the given sidebar contains: how a test tells sidebars apart. */
export const sidebarSignature: Record<SidebarName, string> = {
  documentation: '/category/getting-started',
  sdks: '/sdks/introduction',
  solutions: '/embedded-wallets/overview',
};
