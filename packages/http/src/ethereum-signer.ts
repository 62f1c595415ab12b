// The two Sigil calls every Ethereum signature goes through: sign_raw_payload for a message or typed-data
// payload, sign_transaction for a serialized transaction. Both wait for the activity and throw
// SigilActivityError when it ends without a signature. It lives here, as its own entry point
// (`@sigil/http/ethereum-signer`), so @sigil/viem and @sigil/ethers share one copy and neither makes its
// users install the other's chain library.
import { SigilActivityError } from './activity-error.js';
import type { SigilClient } from './generated/client.js';
import { waitForActivity, type WaitForActivityOptions } from './wait.js';

/** Who signs, and how the activities are sent and awaited. */
export interface SigningTarget {
  client: SigilClient;
  signWith: string;
  organizationId?: string | undefined;
  waitOptions?: WaitForActivityOptions | undefined;
}

/** The signature's parts as Ethereum uses them: `r` and `s` as 32-byte hex, `yParity` 0 or 1. */
export interface EthereumSignature {
  r: `0x${string}`;
  s: `0x${string}`;
  yParity: 0 | 1;
}

const submitOptions = (target: SigningTarget) => (target.organizationId ? { organizationId: target.organizationId } : {});

async function completed<A extends { id: string; status: string; organizationId?: string }>(target: SigningTarget, submitted: A): Promise<A> {
  const { outcome, activity } = await waitForActivity(target.client, submitted, {
    ...target.waitOptions,
    ...(target.organizationId ? { organizationId: target.organizationId } : {}),
  });
  if (outcome !== 'COMPLETED') throw new SigilActivityError(outcome, activity);
  return activity;
}

const pad32 = (hex: string): `0x${string}` => `0x${hex.padStart(64, '0')}`;

/**
 * Signs `payload` (hex) with sign_raw_payload. `HASH_FUNCTION_KECCAK256` hashes it first (EIP-191 messages);
 * `HASH_FUNCTION_NO_OP` signs a 32-byte digest as is (EIP-712, EIP-7702 authorizations).
 */
export async function signPayload(
  target: SigningTarget,
  payload: `0x${string}`,
  hashFunction: 'HASH_FUNCTION_KECCAK256' | 'HASH_FUNCTION_NO_OP',
): Promise<EthereumSignature> {
  const submitted = await target.client.signRawPayload(
    { signWith: target.signWith, payload: payload.slice(2), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction },
    submitOptions(target),
  );
  const activity = await completed(target, submitted);
  const result = activity.result.signRawPayloadResult;
  // An Ed25519 key would answer with an empty v: it is no Ethereum account.
  if (!result || (result.v !== '00' && result.v !== '01')) {
    throw new TypeError(`Sigil activity ${activity.id}: the signature of ${target.signWith} has no secp256k1 recovery ID (v "${result?.v ?? ''}"), so it is no Ethereum key`);
  }
  return { r: pad32(result.r), s: pad32(result.s), yParity: result.v === '01' ? 1 : 0 };
}

/** Signs an unsigned serialized Ethereum transaction (hex) with sign_transaction; returns the signed one, 0x hex. */
export async function signSerializedTransaction(target: SigningTarget, unsignedTransaction: `0x${string}`): Promise<`0x${string}`> {
  const submitted = await target.client.signTransaction(
    { signWith: target.signWith, unsignedTransaction: unsignedTransaction.slice(2), type: 'TRANSACTION_TYPE_ETHEREUM' },
    submitOptions(target),
  );
  const activity = await completed(target, submitted);
  const signed = activity.result.signTransactionResult?.signedTransaction;
  if (!signed) throw new TypeError(`Sigil activity ${activity.id}: the completed sign_transaction has no signedTransaction`);
  return signed.startsWith('0x') ? (signed as `0x${string}`) : `0x${signed}`;
}
