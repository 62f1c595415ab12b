import {existsSync} from 'node:fs';
import {join} from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

type Item = Extract<SidebarsConfig[string], unknown[]>[number];

const docsDir = join(__dirname, 'docs');

/**
 * The sidebars declare the whole site map of spec §2 once. Content lands in
 * stages (one issue per section), so a doc that is not written yet is left
 * out instead of breaking the build; the route-inventory test is what holds
 * every written page to its route.
 */
function written(id: string): boolean {
  return ['.md', '.mdx'].some((ext) => existsSync(join(docsDir, id + ext)));
}

function docs(...ids: string[]): Item[] {
  return ids.filter(written);
}

function category(
  label: string,
  items: Item[],
  link?: {slug: string; description?: string} | {doc: string},
): Item[] {
  if (items.length === 0 && !(link && 'doc' in link && written(link.doc))) {
    return [];
  }
  // Collapsed until the reader is on one of its pages: Docusaurus opens the current page's categories,
  // and opening one never closes another (themeConfig.docs.sidebar.autoCollapseCategories is false).
  const base = {type: 'category' as const, label, items, collapsed: true};
  if (!link) return [base];
  if ('doc' in link) return [{...base, link: {type: 'doc', id: link.doc}}];
  return [
    {
      ...base,
      link: {type: 'generated-index', slug: link.slug, description: link.description},
    },
  ];
}

const sidebars: SidebarsConfig = {
  documentation: [
    ...docs('overview'),
    ...category(
      'Getting started',
      docs(
        'getting-started/quickstart',
        'getting-started/local-development',
        'getting-started/ai-assistants',
        'getting-started/embedded-wallet-quickstart',
        'getting-started/signing-automation-quickstart',
        'getting-started/examples',
        'getting-started/launch-checklist',
        'getting-started/resource-limits',
      ),
      {
        slug: '/category/getting-started',
        description: 'From an empty account to a first signature, then what to check before launch.',
      },
    ),
    ...category(
      'API overview',
      docs(
        'api-overview/introduction',
        'api-overview/queries',
        'api-overview/submissions',
        'api-overview/stamps',
        'api-overview/errors',
      ),
      {
        slug: '/category/api-overview',
        description: 'How the Sigil API works: queries, submissions, activities, stamps and errors.',
      },
    ),
    ...category('Concepts', [
      ...docs(
        'concepts/introduction',
        'concepts/organizations',
        'concepts/sub-organizations',
        'concepts/wallets',
      ),
      ...category(
        'Policies',
        docs(
          'concepts/policies/overview',
          'concepts/policies/language',
          'concepts/policies/examples',
          'concepts/policies/quickstart',
        ),
      ),
      ...category(
        'Users',
        docs(
          'concepts/users/introduction',
          'concepts/users/credentials',
          'concepts/users/root-quorum',
          'concepts/users/best-practices',
        ),
      ),
    ]),
    ...category(
      'Features',
      docs(
        'features/delegated-access',
        'features/email-auth',
        'features/email-recovery',
        'features/export-wallets',
        'features/import-wallets',
        'features/oauth',
        'features/otp-auth',
        'features/pregenerated-wallets',
        'features/sessions',
        'features/webhooks',
      ),
    ),
    ...category(
      'Passkeys',
      docs(
        'passkeys/introduction',
        'passkeys/integration',
        'passkeys/options',
        'passkeys/discoverable-vs-non-discoverable',
        'passkeys/native',
      ),
    ),
    ...category(
      'Ecosystems',
      docs('ecosystems/ethereum', 'ecosystems/solana', 'ecosystems/bitcoin', 'ecosystems/others'),
      {doc: 'documentation/ecosystem-integrations/index'},
    ),
    ...category(
      'Security',
      docs(
        'security/our-approach',
        'security/non-custodial-key-mgmt',
        'security/secure-enclaves',
        'security/enclave-secure-channels',
        'security/quorum-deployments',
        'security/verifiable-data',
        'security/disaster-recovery',
        'security/reporting-a-vulnerability',
        'security/whitepaper',
      ),
      {
        slug: '/category/security',
        description: 'How Sigil keeps keys non-custodial, and what you prepare for the day something goes wrong.',
      },
    ),
    ...docs('faq'),
  ],
  sdks: [
    ...docs(
      'sdks/introduction',
      'sdks/javascript-browser',
      'sdks/javascript-server',
      'sdks/react',
      'sdks/react-native',
      'sdks/cli',
      'sdks/migration-path',
      'sdks/golang',
      'sdks/rust',
      'sdks/Ruby',
      'sdks/flutter',
    ),
    ...category('Swift', docs('sdks/swift/proxy-middleware', 'sdks/swift/register-passkey'), {
      doc: 'sdks/swift/index',
    }),
    ...category(
      'Advanced',
      docs(
        'sdks/advanced/sigil-client',
        'sdks/advanced/api-key-stamper',
        'sdks/advanced/webauthn-stamper',
        'sdks/advanced/iframe-stamper',
        'sdks/advanced/wallet-stamper',
      ),
      {
        slug: '/category/advanced',
        description: 'The building blocks under the SDKs: the API client and the stampers that sign requests.',
      },
    ),
    ...category(
      'Web3 libraries',
      docs('sdks/web3/viem', 'sdks/web3/ethers', 'sdks/web3/solana', 'sdks/web3/cosmjs', 'sdks/web3/eip-1193'),
      {
        slug: '/category/web3-libraries',
        description: 'Use Sigil keys as signers in the Ethereum, Solana and Cosmos libraries you already use.',
      },
    ),
  ],
  solutions: [
    ...category('Embedded wallets', [
      ...docs(
        'embedded-wallets/overview',
        'embedded-wallets/sub-organizations-as-wallets',
        'embedded-wallets/sub-organization-auth',
        'embedded-wallets/sub-organization-recovery',
      ),
      ...category(
        'Code examples',
        docs(
          'embedded-wallets/code-examples/create-sub-org-passkey',
          'embedded-wallets/code-examples/authenticate-user-passkey',
          'embedded-wallets/code-examples/create-passkey-session',
          'embedded-wallets/code-examples/create-user-email',
          'embedded-wallets/code-examples/authenticate-user-email',
          'embedded-wallets/code-examples/email-recovery',
          'embedded-wallets/code-examples/add-credential',
          'embedded-wallets/code-examples/wallet-auth',
          'embedded-wallets/code-examples/signing-transactions',
          'embedded-wallets/code-examples/import',
          'embedded-wallets/code-examples/export',
        ),
        {
          slug: '/category/code-examples',
          description: 'Complete embedded-wallet examples, each split into its backend and browser parts.',
        },
      ),
    ]),
    ...category('Signing automation', [
      ...docs('signing-automation/overview'),
      ...category('Code examples', docs('signing-automation/code-examples/signing-transactions'), {
        slug: '/category/code-examples-1',
        description: 'Server-side signing examples with policies that limit what the key may sign.',
      }),
    ]),
    ...category('Reference', docs('reference/aa-wallets', 'reference/embedded-wallet-kit', 'reference/behavior-rules')),
  ],
};

export default sidebars;
