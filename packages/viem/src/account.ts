// createAccount: a viem LocalAccount whose every signature is a Sigil activity.
import type { SigilClient, WaitForActivityOptions } from '@sigil/http';
import {
  hashTypedData,
  serializeSignature,
  serializeTransaction,
  toPrefixedMessage,
  type Address,
  type LocalAccount,
  type SerializeTransactionFn,
  type TransactionSerializable,
} from 'viem';
import { toAccount } from 'viem/accounts';
import { hashAuthorization } from 'viem/utils';
import { resolveAccount } from './address.js';
import { signPayload, signSerializedTransaction, type SigningTarget } from '@sigil/http/ethereum-signer';

/** What `createAccount` takes: the client, what signs, and optionally the organization, address and wait. */
export interface CreateAccountOptions {
  /** The client that sends the signing activities (from @sigil/sdk-server or @sigil/sdk-browser). */
  client: SigilClient;
  /** An ADDRESS_FORMAT_ETHEREUM wallet account address, a private key ID, or a private key's public key. */
  signWith: string;
  /** The organization that holds the key, such as a user's sub-organization; defaults to the client's. */
  organizationId?: string;
  /** The account's address, when `signWith` is not one; derived from `signWith` otherwise. */
  ethereumAddress?: Address;
  /** How long to wait for each signing activity. */
  waitOptions?: WaitForActivityOptions;
}

/**
 * Resolves to a viem `LocalAccount` that signs with Sigil: transactions with sign_transaction, messages (EIP-191),
 * typed data (EIP-712) and EIP-7702 authorizations with sign_raw_payload. Its `publicKey` is the uncompressed key
 * when `signWith` is a public key or private key ID, and `'0x'` (unknown) for an address.
 */
export async function createAccount(options: CreateAccountOptions): Promise<LocalAccount> {
  const { client, signWith, organizationId, waitOptions } = options;
  if (typeof signWith !== 'string' || signWith === '') throw new TypeError('signWith is required: an Ethereum address, a private key ID or a public key');
  const resolved = await resolveAccount(client, signWith, { ethereumAddress: options.ethereumAddress, organizationId });
  const target: SigningTarget = { client, signWith, organizationId, waitOptions };

  const account = toAccount({
    address: resolved.address,
    async signMessage({ message }) {
      return serializeSignature(await signPayload(target, toPrefixedMessage(message), 'HASH_FUNCTION_KECCAK256'));
    },
    async signTypedData(typedData) {
      return serializeSignature(await signPayload(target, hashTypedData(typedData), 'HASH_FUNCTION_NO_OP'));
    },
    async signTransaction(transaction, signOptions) {
      const serializer: SerializeTransactionFn<TransactionSerializable> = signOptions?.serializer ?? serializeTransaction;
      // Blob sidecars are not part of what is signed; Sigil refuses EIP-4844 with a clear message either way.
      const unsigned = await serializer(transaction.type === 'eip4844' ? { ...transaction, sidecars: false } : transaction);
      return signSerializedTransaction(target, unsigned);
    },
    async signAuthorization(authorization) {
      const address = authorization.address ?? authorization.contractAddress;
      const { chainId, nonce } = authorization;
      const signature = await signPayload(target, hashAuthorization({ address, chainId, nonce }), 'HASH_FUNCTION_NO_OP');
      return { address, chainId, nonce, ...signature };
    },
  });
  // viem's custom accounts carry no public key; ours does when signWith gave or named one.
  return { ...account, publicKey: resolved.publicKey ?? '0x' };
}

