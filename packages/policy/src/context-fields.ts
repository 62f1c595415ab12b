import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCES, ACTIVITY_TYPE_NAMES } from './activities.js';

/** Types a context field can have. `list<object>` elements are described by `<path>[].<field>` rows. */
export type FieldType =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'object'
  | 'list<string>'
  | 'list<integer>'
  | 'list<object>';

export interface ContextField {
  /** Dotted path; `[]` stands for "each element of the list", e.g. `approvers[].tags`. */
  path: string;
  type: FieldType;
  description: string;
  /** An example value, written as it would appear in an expression. */
  example: string;
  /** When set, the only values the field takes; string literals compared with it are checked. */
  values?: readonly string[];
}

/**
 * The request context an expression can read. `check()` rejects any other name.
 * Keep in step with the README table (a test compares them).
 */
export const CONTEXT_FIELDS: readonly ContextField[] = [
  { path: 'activity', type: 'object', description: 'The activity being requested.', example: '' },
  {
    path: 'activity.type',
    type: 'string',
    description: 'Activity type constant.',
    example: "'ACTIVITY_TYPE_SIGN_TRANSACTION'",
    values: ACTIVITY_TYPE_NAMES,
  },
  {
    path: 'activity.resource',
    type: 'string',
    description: 'What the activity acts on; derived from the type when the request omits it.',
    example: "'PRIVATE_KEY'",
    values: ACTIVITY_RESOURCES,
  },
  {
    path: 'activity.action',
    type: 'string',
    description: 'What the activity does; derived from the type when the request omits it.',
    example: "'SIGN'",
    values: ACTIVITY_ACTIONS,
  },
  { path: 'user', type: 'object', description: 'The user who submitted the request (whose stamp signed it).', example: '' },
  { path: 'user.id', type: 'string', description: 'ID of the requesting user.', example: "'4b894565-fa04-4e6d-9e3a-1f2a3b4c5d6e'" },
  { path: 'user.name', type: 'string', description: 'Name of the requesting user.', example: "'alice'" },
  { path: 'user.tags', type: 'list<string>', description: 'User tag IDs of the requesting user.', example: "['ops']" },
  { path: 'wallet', type: 'object', description: 'The wallet the activity uses, if any.', example: '' },
  { path: 'wallet.id', type: 'string', description: 'Wallet ID.', example: "'wal-treasury'" },
  { path: 'wallet.name', type: 'string', description: 'Wallet name.', example: "'Treasury'" },
  { path: 'wallet_account', type: 'object', description: 'The wallet account that signs, if any.', example: '' },
  {
    path: 'wallet_account.address',
    type: 'string',
    description: 'Address of the signing wallet account.',
    example: "'0x7c1a3b…'",
  },
  { path: 'private_key', type: 'object', description: 'The private key the activity uses, if any.', example: '' },
  { path: 'private_key.id', type: 'string', description: 'Private key ID.', example: "'pk-hot-1'" },
  { path: 'private_key.tags', type: 'list<string>', description: 'Private key tag IDs.', example: "['hot']" },
  { path: 'eth', type: 'object', description: 'Ethereum data; present only for Ethereum transactions.', example: '' },
  { path: 'eth.tx', type: 'object', description: 'The unsigned Ethereum transaction.', example: '' },
  { path: 'eth.tx.to', type: 'string', description: 'Recipient address, 0x-prefixed hex.', example: "'0x1111…'" },
  { path: 'eth.tx.value', type: 'integer', description: 'Amount in wei.', example: '1000000000000000000' },
  { path: 'eth.tx.chain_id', type: 'integer', description: 'EIP-155 chain ID.', example: '1' },
  { path: 'eth.tx.data', type: 'string', description: "Call data, 0x-prefixed hex ('0x' when empty).", example: "'0xa9059cbb…'" },
  { path: 'eth.tx.gas', type: 'integer', description: 'Gas limit.', example: '21000' },
  { path: 'eth.tx.nonce', type: 'integer', description: 'Sender nonce.', example: '7' },
  { path: 'solana', type: 'object', description: 'Solana data; present only for Solana transactions.', example: '' },
  { path: 'solana.tx', type: 'object', description: 'The unsigned Solana transaction.', example: '' },
  {
    path: 'solana.tx.program_keys',
    type: 'list<string>',
    description: 'Program IDs the transaction invokes.',
    example: "['11111111111111111111111111111111']",
  },
  { path: 'solana.tx.transfers', type: 'list<object>', description: 'Native SOL transfers in the transaction.', example: '' },
  { path: 'solana.tx.transfers[].from', type: 'string', description: 'Sender account.', example: "'7xKX…'" },
  { path: 'solana.tx.transfers[].to', type: 'string', description: 'Recipient account.', example: "'9WzD…'" },
  { path: 'solana.tx.transfers[].amount', type: 'integer', description: 'Amount in lamports.', example: '5000000' },
  { path: 'solana.tx.recent_blockhash', type: 'string', description: 'Recent blockhash, base58.', example: "'EkSn…'" },
  {
    path: 'credentials',
    type: 'list<object>',
    description: 'Credentials that stamped the request (empty list when absent).',
    example: '',
  },
  {
    path: 'credentials[].type',
    type: 'string',
    description: 'Credential type constant.',
    example: "'CREDENTIAL_TYPE_API_KEY_P256'",
    values: [
      'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
      'CREDENTIAL_TYPE_API_KEY_P256',
      'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256',
      'CREDENTIAL_TYPE_API_KEY_SECP256K1',
      'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
      'CREDENTIAL_TYPE_API_KEY_ED25519',
      'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
    ],
  },
  { path: 'credentials[].public_key', type: 'string', description: 'Public key of the credential, hex.', example: "'02a1…'" },
  {
    path: 'approvers',
    type: 'list<object>',
    description: 'Users who have approved the activity so far (empty list when absent).',
    example: '',
  },
  { path: 'approvers[].id', type: 'string', description: 'User ID of the approver.', example: "'usr-bob'" },
  { path: 'approvers[].name', type: 'string', description: 'User name of the approver.', example: "'bob'" },
  { path: 'approvers[].tags', type: 'list<string>', description: 'User tag IDs of the approver.', example: "['finance']" },
];

const BY_PATH = new Map(CONTEXT_FIELDS.map((f) => [f.path, f]));

export function contextField(path: string): ContextField | undefined {
  return BY_PATH.get(path);
}

/** Names an expression may start with. */
export const ROOT_FIELDS: readonly string[] = CONTEXT_FIELDS.filter((f) => !f.path.includes('.')).map((f) => f.path);

/** Direct children of an object path (`eth` → `tx`; `approvers[]` → `id`, `name`, `tags`). */
export function childFields(path: string): string[] {
  const prefix = `${path}.`;
  return CONTEXT_FIELDS.filter((f) => f.path.startsWith(prefix) && !f.path.slice(prefix.length).includes('.')).map((f) =>
    f.path.slice(prefix.length),
  );
}
