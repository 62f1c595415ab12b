import type { Outcome, Policy, PolicyRequest } from './engine.js';

export interface PolicyExampleCase {
  name: string;
  request: PolicyRequest;
  expected: Outcome;
}

export interface PolicyExample {
  /** kebab-case, unique; usable as an anchor on the examples page. */
  id: string;
  group: PolicyExampleGroup;
  title: string;
  description: string;
  policy: Policy;
  /** Each case is evaluated with this policy alone; the tests run every one. */
  cases: PolicyExampleCase[];
}

export const POLICY_EXAMPLE_GROUPS = [
  'Restrict signing',
  'Ethereum limits',
  'Recipient allow-lists',
  'Approvals',
  'Solana',
  'Administration',
  'Credentials',
] as const;
export type PolicyExampleGroup = (typeof POLICY_EXAMPLE_GROUPS)[number];

// Sample identifiers, kept short so the examples stay readable.
const TREASURY = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
const PAYROLL = '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2';
const STRANGER = '0x000000000000000000000000000000000000dead';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const TRANSFER_SELECTOR = '0xa9059cbb';
const ONE_ETH = '1000000000000000000';
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SOL_PAYEE = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const SOL_HOT = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

const sign = (extra: Omit<PolicyRequest, 'activity'> = {}): PolicyRequest => ({
  activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION' },
  ...extra,
});
const ethTx = (tx: Record<string, unknown>, extra: Omit<PolicyRequest, 'activity'> = {}): PolicyRequest =>
  sign({ eth: { tx: { chain_id: 1, data: '0x', ...tx } }, ...extra });
const solTx = (tx: Record<string, unknown>): PolicyRequest =>
  sign({ solana: { tx: { recent_blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N', ...tx } } });
const user = (id: string, tags: string[] = []) => ({ id, name: id.replace(/^usr-/, ''), tags });

export const POLICY_EXAMPLES: readonly PolicyExample[] = [
  // Restrict signing
  {
    id: 'allow-signing-with-one-key',
    group: 'Restrict signing',
    title: 'Allow signing with one private key',
    description: 'Lets anyone in the organization sign, but only with the key pk-hot-1. Other keys stay locked.',
    policy: {
      policyName: 'Sign with pk-hot-1',
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'SIGN' && private_key.id == 'pk-hot-1'",
    },
    cases: [
      { name: 'signing with pk-hot-1', request: sign({ private_key: { id: 'pk-hot-1', tags: [] } }), expected: 'ALLOW' },
      { name: 'signing with another key', request: sign({ private_key: { id: 'pk-cold-1', tags: [] } }), expected: 'DENY' },
      {
        name: 'exporting pk-hot-1 is not signing',
        request: { activity: { type: 'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY' }, private_key: { id: 'pk-hot-1', tags: [] } },
        expected: 'DENY',
      },
    ],
  },
  {
    id: 'allow-signing-with-tagged-keys',
    group: 'Restrict signing',
    title: 'Allow signing with keys tagged "hot"',
    description: 'Tags group keys, so new hot keys are covered without editing the policy.',
    policy: {
      policyName: 'Sign with hot keys',
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'SIGN' && private_key.tags.contains('hot')",
    },
    cases: [
      { name: 'hot key', request: sign({ private_key: { id: 'pk-7', tags: ['hot', 'eth'] } }), expected: 'ALLOW' },
      { name: 'untagged key', request: sign({ private_key: { id: 'pk-8', tags: [] } }), expected: 'DENY' },
    ],
  },
  {
    id: 'deny-raw-payload-signing',
    group: 'Restrict signing',
    title: 'Users never sign raw payloads',
    description:
      'Raw payload signing skips transaction parsing, so no transaction rule can inspect it. This deny blocks it for every user but the root quorum, which stands above policies.',
    policy: {
      policyName: 'No raw payloads',
      effect: 'EFFECT_DENY',
      condition: "activity.type in ['ACTIVITY_TYPE_SIGN_RAW_PAYLOAD', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS']",
    },
    cases: [
      { name: 'raw payload', request: { activity: { type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD' } }, expected: 'DENY' },
      { name: 'batch of raw payloads', request: { activity: { type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS' } }, expected: 'DENY' },
      { name: 'transaction (not allowed by this policy alone either)', request: sign(), expected: 'DENY' },
    ],
  },
  {
    id: 'allow-ops-users-to-sign-with-wallet',
    group: 'Restrict signing',
    title: 'Let the ops team sign with the treasury wallet',
    description: 'Only users tagged "ops" may sign with wallet wal-treasury; anyone else is refused.',
    policy: {
      policyName: 'Ops sign for treasury',
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'SIGN' && wallet.id == 'wal-treasury' && user.tags.contains('ops')",
    },
    cases: [
      { name: 'ops user', request: sign({ wallet: { id: 'wal-treasury' }, user: user('usr-alice', ['ops']) }), expected: 'ALLOW' },
      { name: 'other user', request: sign({ wallet: { id: 'wal-treasury' }, user: user('usr-eve', ['sales']) }), expected: 'DENY' },
    ],
  },
  // Ethereum limits
  {
    id: 'cap-eth-value',
    group: 'Ethereum limits',
    title: 'Allow Ethereum transfers up to 1 ETH',
    description: 'Values are in wei and compared exactly as big integers, so 1 ETH is 1000000000000000000.',
    policy: {
      policyName: 'Up to 1 ETH',
      effect: 'EFFECT_ALLOW',
      condition: `activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION' && eth.tx.value <= ${ONE_ETH}`,
    },
    cases: [
      { name: 'exactly 1 ETH', request: ethTx({ to: PAYROLL, value: ONE_ETH }), expected: 'ALLOW' },
      { name: 'one wei above 1 ETH', request: ethTx({ to: PAYROLL, value: '1000000000000000001' }), expected: 'DENY' },
      { name: 'a Solana transaction has no eth.tx', request: solTx({ program_keys: [SYSTEM_PROGRAM] }), expected: 'DENY' },
    ],
  },
  {
    id: 'deny-large-eth-transfers',
    group: 'Ethereum limits',
    title: 'Block transfers above 100 ETH',
    description: 'A deny wins over every allow, so this cap holds whatever other policies say.',
    policy: {
      policyName: 'Block > 100 ETH',
      effect: 'EFFECT_DENY',
      condition: 'eth.tx.value > 100000000000000000000',
    },
    cases: [
      { name: '101 ETH', request: ethTx({ to: PAYROLL, value: '101000000000000000000' }), expected: 'DENY' },
      // With only a deny policy nothing is allowed; the case shows the deny deciding.
      { name: '1 ETH is not denied by this policy (but nothing allows it)', request: ethTx({ to: PAYROLL, value: ONE_ETH }), expected: 'DENY' },
    ],
  },
  {
    id: 'mainnet-only',
    group: 'Ethereum limits',
    title: 'Sign only for Ethereum mainnet and Base',
    description: 'Restricts the EIP-155 chain ID, so a signature cannot be replayed on another chain.',
    policy: {
      policyName: 'Mainnet and Base',
      effect: 'EFFECT_ALLOW',
      condition: 'eth.tx.chain_id in [1, 8453]',
    },
    cases: [
      { name: 'mainnet', request: ethTx({ to: PAYROLL, value: '0', chain_id: 1 }), expected: 'ALLOW' },
      { name: 'Base', request: ethTx({ to: PAYROLL, value: '0', chain_id: 8453 }), expected: 'ALLOW' },
      { name: 'Sepolia', request: ethTx({ to: PAYROLL, value: '0', chain_id: 11155111 }), expected: 'DENY' },
    ],
  },
  {
    id: 'erc20-transfers-only',
    group: 'Ethereum limits',
    title: 'Allow only USDC transfer calls',
    description: 'The call data must start with the ERC-20 transfer selector and the transaction must go to the USDC contract.',
    policy: {
      policyName: 'USDC transfers',
      effect: 'EFFECT_ALLOW',
      condition: `eth.tx.to == '${USDC}' && eth.tx.data.startsWith('${TRANSFER_SELECTOR}') && eth.tx.value == 0`,
    },
    cases: [
      { name: 'USDC transfer', request: ethTx({ to: USDC, value: '0', data: `${TRANSFER_SELECTOR}000000000000` }), expected: 'ALLOW' },
      { name: 'USDC approve', request: ethTx({ to: USDC, value: '0', data: '0x095ea7b3000000000000' }), expected: 'DENY' },
      { name: 'ETH sent to the contract', request: ethTx({ to: USDC, value: ONE_ETH, data: TRANSFER_SELECTOR }), expected: 'DENY' },
    ],
  },
  {
    id: 'cap-gas-limit',
    group: 'Ethereum limits',
    title: 'Refuse transactions with a gas limit above 500,000',
    description: 'Guards against a runaway fee from a mistaken gas estimate.',
    policy: {
      policyName: 'Gas limit cap',
      effect: 'EFFECT_DENY',
      condition: 'eth.tx.gas > 500000',
    },
    cases: [
      { name: 'gas 900000', request: ethTx({ to: PAYROLL, value: '0', gas: 900000 }), expected: 'DENY' },
      { name: 'root quorum actions are not affected', request: { activity: { type: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM' } }, expected: 'ROOT_QUORUM' },
    ],
  },
  // Recipient allow-lists
  {
    id: 'eth-recipient-allow-list',
    group: 'Recipient allow-lists',
    title: 'Send ETH only to known addresses',
    description: 'Lists the treasury and payroll addresses. Hex case differs between tools, so the address is lower-cased first.',
    policy: {
      policyName: 'Known recipients',
      effect: 'EFFECT_ALLOW',
      condition: `eth.tx.to.lower() in ['${TREASURY}', '${PAYROLL}']`,
    },
    cases: [
      { name: 'payroll (checksummed case)', request: ethTx({ to: '0x9F8F72aA9304c8B593d555F12eF6589cC3A579A2', value: ONE_ETH }), expected: 'ALLOW' },
      { name: 'unknown address', request: ethTx({ to: STRANGER, value: '1' }), expected: 'DENY' },
    ],
  },
  {
    id: 'eth-recipient-block-list',
    group: 'Recipient allow-lists',
    title: 'Block a known bad address',
    description: 'A deny with `in` blocks listed addresses even when another policy allows the transfer.',
    policy: {
      policyName: 'Blocked recipients',
      effect: 'EFFECT_DENY',
      condition: `eth.tx.to.lower() in ['${STRANGER}']`,
    },
    cases: [{ name: 'blocked address', request: ethTx({ to: STRANGER, value: '1' }), expected: 'DENY' }],
  },
  {
    id: 'solana-recipient-allow-list',
    group: 'Recipient allow-lists',
    title: 'Send SOL only to the payee account',
    description: 'Every native transfer must go to the payee, and there must be at least one transfer.',
    policy: {
      policyName: 'SOL payee only',
      effect: 'EFFECT_ALLOW',
      condition: `solana.tx.transfers.count() > 0 && solana.tx.transfers.all(t, t.to == '${SOL_PAYEE}')`,
    },
    cases: [
      {
        name: 'one transfer to the payee',
        request: solTx({ program_keys: [SYSTEM_PROGRAM], transfers: [{ from: SOL_HOT, to: SOL_PAYEE, amount: 5000000 }] }),
        expected: 'ALLOW',
      },
      {
        name: 'one of two transfers elsewhere',
        request: solTx({
          program_keys: [SYSTEM_PROGRAM],
          transfers: [
            { from: SOL_HOT, to: SOL_PAYEE, amount: 5000000 },
            { from: SOL_HOT, to: SOL_HOT, amount: 1 },
          ],
        }),
        expected: 'DENY',
      },
      { name: 'no transfers at all', request: solTx({ program_keys: [SYSTEM_PROGRAM], transfers: [] }), expected: 'DENY' },
    ],
  },
  // Approvals
  {
    id: 'two-approvals-for-large-transfers',
    group: 'Approvals',
    title: 'Large transfers need two approvals',
    description: 'Transfers above 10 ETH are allowed once two users have approved; until then the activity waits for consensus.',
    policy: {
      policyName: 'Two approvals above 10 ETH',
      effect: 'EFFECT_ALLOW',
      condition: 'eth.tx.value > 10000000000000000000',
      consensus: 'approvers.count() >= 2',
    },
    cases: [
      { name: 'no approvals yet', request: ethTx({ to: PAYROLL, value: '20000000000000000000' }), expected: 'CONSENSUS_NEEDED' },
      {
        name: 'two approvals',
        request: ethTx({ to: PAYROLL, value: '20000000000000000000' }, { approvers: [user('usr-bob'), user('usr-carol')] }),
        expected: 'ALLOW',
      },
    ],
  },
  {
    id: 'finance-approval',
    group: 'Approvals',
    title: 'Two people from finance approve payroll',
    description: 'Counts only approvers tagged "finance"; approvals from other teams do not count.',
    policy: {
      policyName: 'Finance approves payroll',
      effect: 'EFFECT_ALLOW',
      condition: "wallet.id == 'wal-payroll'",
      consensus: "approvers.filter(u, u.tags.contains('finance')).count() >= 2",
    },
    cases: [
      {
        name: 'one finance and one ops approval',
        request: sign({ wallet: { id: 'wal-payroll' }, approvers: [user('usr-fin1', ['finance']), user('usr-ops1', ['ops'])] }),
        expected: 'CONSENSUS_NEEDED',
      },
      {
        name: 'two finance approvals',
        request: sign({ wallet: { id: 'wal-payroll' }, approvers: [user('usr-fin1', ['finance']), user('usr-fin2', ['finance'])] }),
        expected: 'ALLOW',
      },
    ],
  },
  {
    id: 'named-approver',
    group: 'Approvals',
    title: 'The security lead must approve exports',
    description: 'Wallet exports wait until the user usr-sec-lead has approved.',
    policy: {
      policyName: 'Security lead approves exports',
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'EXPORT'",
      consensus: "approvers.any(u, u.id == 'usr-sec-lead')",
    },
    cases: [
      { name: 'not approved yet', request: { activity: { type: 'ACTIVITY_TYPE_EXPORT_WALLET' }, wallet: { id: 'wal-1' } }, expected: 'CONSENSUS_NEEDED' },
      {
        name: 'approved by the security lead',
        request: { activity: { type: 'ACTIVITY_TYPE_EXPORT_WALLET' }, wallet: { id: 'wal-1' }, approvers: [user('usr-sec-lead', ['security'])] },
        expected: 'ALLOW',
      },
    ],
  },
  {
    id: 'all-approvers-from-ops',
    group: 'Approvals',
    title: 'Only ops approvals count for hot-key signing',
    description: 'Needs at least one approval, and every approver must be tagged "ops".',
    policy: {
      policyName: 'Ops-only approvals',
      effect: 'EFFECT_ALLOW',
      condition: "private_key.tags.contains('hot')",
      consensus: "approvers.count() >= 1 && approvers.all(u, u.tags.contains('ops'))",
    },
    cases: [
      { name: 'approved by ops', request: sign({ private_key: { id: 'pk-1', tags: ['hot'] }, approvers: [user('usr-a', ['ops'])] }), expected: 'ALLOW' },
      {
        name: 'an outsider also approved',
        request: sign({ private_key: { id: 'pk-1', tags: ['hot'] }, approvers: [user('usr-a', ['ops']), user('usr-x', ['sales'])] }),
        expected: 'CONSENSUS_NEEDED',
      },
    ],
  },
  // Solana
  {
    id: 'solana-system-program-only',
    group: 'Solana',
    title: 'Allow only System Program instructions',
    description: 'Every program the transaction invokes must be the System Program, which rules out token and custom programs.',
    policy: {
      policyName: 'System Program only',
      effect: 'EFFECT_ALLOW',
      condition: `solana.tx.program_keys.count() > 0 && solana.tx.program_keys.all(p, p == '${SYSTEM_PROGRAM}')`,
    },
    cases: [
      { name: 'plain SOL transfer', request: solTx({ program_keys: [SYSTEM_PROGRAM], transfers: [] }), expected: 'ALLOW' },
      { name: 'token program call', request: solTx({ program_keys: [SYSTEM_PROGRAM, TOKEN_PROGRAM], transfers: [] }), expected: 'DENY' },
    ],
  },
  {
    id: 'solana-transfer-cap',
    group: 'Solana',
    title: 'Cap each SOL transfer at 1 SOL',
    description: 'Amounts are in lamports; 1 SOL is 1,000,000,000 lamports.',
    policy: {
      policyName: 'Max 1 SOL per transfer',
      effect: 'EFFECT_DENY',
      condition: 'solana.tx.transfers.any(t, t.amount > 1000000000)',
    },
    cases: [
      {
        name: '2 SOL transfer',
        request: solTx({ program_keys: [SYSTEM_PROGRAM], transfers: [{ from: SOL_HOT, to: SOL_PAYEE, amount: 2000000000 }] }),
        expected: 'DENY',
      },
    ],
  },
  {
    id: 'solana-block-program',
    group: 'Solana',
    title: 'Block the token program for one key',
    description: 'Combines a key tag with the program list: keys tagged "sol-native" may not touch SPL tokens.',
    policy: {
      policyName: 'No SPL for native keys',
      effect: 'EFFECT_DENY',
      condition: `private_key.tags.contains('sol-native') && solana.tx.program_keys.contains('${TOKEN_PROGRAM}')`,
    },
    cases: [
      {
        name: 'token call from a native key',
        request: { ...solTx({ program_keys: [TOKEN_PROGRAM], transfers: [] }), private_key: { id: 'pk-s', tags: ['sol-native'] } },
        expected: 'DENY',
      },
    ],
  },
  // Administration
  {
    id: 'admins-manage-policies',
    group: 'Administration',
    title: 'Only admins change policies',
    description: 'Creating, updating and deleting policies is allowed to users tagged "admin".',
    policy: {
      policyName: 'Admins manage policies',
      effect: 'EFFECT_ALLOW',
      condition: "activity.resource == 'POLICY' && user.tags.contains('admin')",
    },
    cases: [
      { name: 'admin creates a policy', request: { activity: { type: 'ACTIVITY_TYPE_CREATE_POLICY_V3' }, user: user('usr-root', ['admin']) }, expected: 'ALLOW' },
      { name: 'developer deletes a policy', request: { activity: { type: 'ACTIVITY_TYPE_DELETE_POLICY' }, user: user('usr-dev', ['dev']) }, expected: 'DENY' },
    ],
  },
  {
    id: 'deny-wallet-deletion',
    group: 'Administration',
    title: 'Users do not delete wallets or keys',
    description:
      'Deletion is final, so it is denied to every user; the root quorum stands above policies, so it can still delete, and it can remove this policy when needed.',
    policy: {
      policyName: 'No deletions',
      effect: 'EFFECT_DENY',
      condition: "activity.action == 'DELETE' && activity.resource in ['WALLET', 'PRIVATE_KEY']",
    },
    cases: [
      { name: 'delete wallets', request: { activity: { type: 'ACTIVITY_TYPE_DELETE_WALLETS' } }, expected: 'DENY' },
      { name: 'delete private keys', request: { activity: { type: 'ACTIVITY_TYPE_DELETE_PRIVATE_KEYS' } }, expected: 'DENY' },
    ],
  },
  {
    id: 'allow-wallet-creation',
    group: 'Administration',
    title: 'Let the provisioning bot create wallets',
    description: 'The API-only user named provisioning-bot may create wallets and wallet accounts, nothing else.',
    policy: {
      policyName: 'Bot creates wallets',
      effect: 'EFFECT_ALLOW',
      condition: "user.name == 'provisioning-bot' && activity.action == 'CREATE' && activity.resource in ['WALLET', 'WALLET_ACCOUNT']",
    },
    cases: [
      { name: 'create wallet', request: { activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' }, user: { id: 'usr-bot', name: 'provisioning-bot', tags: [] } }, expected: 'ALLOW' },
      { name: 'create users', request: { activity: { type: 'ACTIVITY_TYPE_CREATE_USERS' }, user: { id: 'usr-bot', name: 'provisioning-bot', tags: [] } }, expected: 'DENY' },
    ],
  },
  {
    id: 'root-quorum-bypass',
    group: 'Administration',
    title: 'Root quorum actions ignore policies',
    description: 'Even a deny-everything policy does not apply to root quorum updates or organization features: the root quorum decides those.',
    policy: { policyName: 'Deny everything', effect: 'EFFECT_DENY' },
    cases: [
      { name: 'update root quorum', request: { activity: { type: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM' } }, expected: 'ROOT_QUORUM' },
      { name: 'set organization feature', request: { activity: { type: 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE' } }, expected: 'ROOT_QUORUM' },
      { name: 'create wallet', request: { activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' } }, expected: 'DENY' },
    ],
  },
  // Credentials
  {
    id: 'passkey-only-exports',
    group: 'Credentials',
    title: 'Exports need a passkey',
    description: 'API keys on servers may sign, but exporting key material requires a request stamped by a passkey.',
    policy: {
      policyName: 'Export with passkey',
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'EXPORT' && credentials.any(c, c.type == 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR')",
    },
    cases: [
      {
        name: 'passkey stamp',
        request: { activity: { type: 'ACTIVITY_TYPE_EXPORT_WALLET' }, credentials: [{ type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR', public_key: '04ab' }] },
        expected: 'ALLOW',
      },
      {
        name: 'API key stamp',
        request: { activity: { type: 'ACTIVITY_TYPE_EXPORT_WALLET' }, credentials: [{ type: 'CREDENTIAL_TYPE_API_KEY_P256', public_key: '02cd' }] },
        expected: 'DENY',
      },
    ],
  },
  {
    id: 'deny-email-auth-signing',
    group: 'Credentials',
    title: 'Email-auth sessions cannot sign large transfers',
    description: 'Credentials from email auth are weaker than passkeys, so transfers above 0.1 ETH stamped with them are refused.',
    policy: {
      policyName: 'No large email-auth signing',
      effect: 'EFFECT_DENY',
      condition: "credentials.any(c, c.type == 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256') && eth.tx.value > 100000000000000000",
    },
    cases: [
      {
        name: '1 ETH with an email-auth key',
        request: ethTx({ to: PAYROLL, value: ONE_ETH }, { credentials: [{ type: 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256', public_key: '03ef' }] }),
        expected: 'DENY',
      },
    ],
  },
  {
    id: 'pinned-api-key',
    group: 'Credentials',
    title: 'Only the signing server may sign',
    description: 'Pins one API key by its public key, so a leaked key of another user cannot sign.',
    policy: {
      policyName: 'Pinned signer key',
      effect: 'EFFECT_ALLOW',
      condition:
        "activity.action == 'SIGN' && credentials.any(c, c.public_key == '02f3a1c7d5e9b2a4c6e8f0a2b4c6d8e0f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4')",
    },
    cases: [
      {
        name: 'the pinned key',
        request: sign({ credentials: [{ type: 'CREDENTIAL_TYPE_API_KEY_P256', public_key: '02f3a1c7d5e9b2a4c6e8f0a2b4c6d8e0f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4' }] }),
        expected: 'ALLOW',
      },
      {
        name: 'another key',
        request: sign({ credentials: [{ type: 'CREDENTIAL_TYPE_API_KEY_P256', public_key: '0211' }] }),
        expected: 'DENY',
      },
    ],
  },
];
