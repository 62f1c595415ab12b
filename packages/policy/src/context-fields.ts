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

/** One row of CONTEXT_FIELDS: path, type, description, example (`''` for containers), values. */
type FieldRow = [path: string, type: FieldType, description: string, example?: string, values?: readonly string[]];

const CREDENTIAL_TYPES = [
  'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
  'CREDENTIAL_TYPE_API_KEY_P256',
  'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256',
  'CREDENTIAL_TYPE_API_KEY_SECP256K1',
  'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
  'CREDENTIAL_TYPE_API_KEY_ED25519',
  'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
] as const;

const ROWS: FieldRow[] = [
  ['activity', 'object', 'The activity being requested.'],
  ['activity.type', 'string', 'Activity type constant.', "'ACTIVITY_TYPE_SIGN_TRANSACTION'", ACTIVITY_TYPE_NAMES],
  ['activity.resource', 'string', 'What the activity acts on; derived from the type when the request omits it.', "'PRIVATE_KEY'", ACTIVITY_RESOURCES],
  ['activity.action', 'string', 'What the activity does; derived from the type when the request omits it.', "'SIGN'", ACTIVITY_ACTIONS],
  ['user', 'object', 'The user who submitted the request (whose stamp signed it).'],
  ['user.id', 'string', 'ID of the requesting user.', "'4b894565-fa04-4e6d-9e3a-1f2a3b4c5d6e'"],
  ['user.name', 'string', 'Name of the requesting user.', "'alice'"],
  ['user.tags', 'list<string>', 'User tag IDs of the requesting user.', "['ops']"],
  ['wallet', 'object', 'The wallet the activity uses, if any.'],
  ['wallet.id', 'string', 'Wallet ID.', "'wal-treasury'"],
  ['wallet.name', 'string', 'Wallet name.', "'Treasury'"],
  ['wallet_account', 'object', 'The wallet account that signs, if any.'],
  ['wallet_account.address', 'string', 'Address of the signing wallet account.', "'0x7c1a3b…'"],
  ['private_key', 'object', 'The private key the activity uses, if any.'],
  ['private_key.id', 'string', 'Private key ID.', "'pk-hot-1'"],
  ['private_key.tags', 'list<string>', 'Private key tag IDs.', "['hot']"],
  ['eth', 'object', 'Ethereum data; present only for Ethereum transactions.'],
  ['eth.tx', 'object', 'The unsigned Ethereum transaction.'],
  ['eth.tx.to', 'string', 'Recipient address, 0x-prefixed hex.', "'0x1111…'"],
  ['eth.tx.value', 'integer', 'Amount in wei.', '1000000000000000000'],
  ['eth.tx.chain_id', 'integer', 'EIP-155 chain ID.', '1'],
  ['eth.tx.data', 'string', "Call data, 0x-prefixed hex ('0x' when empty).", "'0xa9059cbb…'"],
  ['eth.tx.gas', 'integer', 'Gas limit.', '21000'],
  ['eth.tx.nonce', 'integer', 'Sender nonce.', '7'],
  ['solana', 'object', 'Solana data; present only for Solana transactions.'],
  ['solana.tx', 'object', 'The unsigned Solana transaction.'],
  ['solana.tx.program_keys', 'list<string>', 'Program IDs the transaction invokes.', "['11111111111111111111111111111111']"],
  ['solana.tx.transfers', 'list<object>', 'Native SOL transfers in the transaction.'],
  ['solana.tx.transfers[].from', 'string', 'Sender account.', "'7xKX…'"],
  ['solana.tx.transfers[].to', 'string', 'Recipient account.', "'9WzD…'"],
  ['solana.tx.transfers[].amount', 'integer', 'Amount in lamports.', '5000000'],
  ['solana.tx.recent_blockhash', 'string', 'Recent blockhash, base58.', "'EkSn…'"],
  ['credentials', 'list<object>', 'Credentials that stamped the request (empty list when absent).'],
  ['credentials[].type', 'string', 'Credential type constant.', "'CREDENTIAL_TYPE_API_KEY_P256'", CREDENTIAL_TYPES],
  ['credentials[].public_key', 'string', 'Public key of the credential, hex.', "'02a1…'"],
  ['approvers', 'list<object>', 'Users who have approved the activity so far (empty list when absent).'],
  ['approvers[].id', 'string', 'User ID of the approver.', "'usr-bob'"],
  ['approvers[].name', 'string', 'User name of the approver.', "'bob'"],
  ['approvers[].tags', 'list<string>', 'User tag IDs of the approver.', "['finance']"],
];

/**
 * The request context an expression can read. `check()` rejects any other name.
 * Keep in step with the README table (a test compares them).
 */
export const CONTEXT_FIELDS: readonly ContextField[] = ROWS.map(([path, type, description, example = '', values]) =>
  values ? { path, type, description, example, values } : { path, type, description, example },
);

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
