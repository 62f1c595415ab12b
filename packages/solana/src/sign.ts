// The two Sigil calls the signer makes, each submitted and waited for; anything but COMPLETED is an error.
import { waitForActivity, type SigilClient, type WaitForActivityOptions } from '@sigil/http';
import { SigilActivityError } from './errors.js';

export interface SigningContext {
  client: SigilClient;
  organizationId?: string;
  waitOptions?: WaitForActivityOptions;
}

async function finish<A extends { id: string; status: string; organizationId?: string }>(
  context: SigningContext,
  submitted: A,
): Promise<A> {
  const { outcome, activity } = await waitForActivity(context.client, submitted, {
    ...context.waitOptions,
    ...(context.organizationId ? { organizationId: context.organizationId } : {}),
  });
  if (outcome !== 'COMPLETED') throw new SigilActivityError(outcome, activity);
  return activity;
}

/** The submission's options: the organization it runs in, when it is not the client's (the envelope carries it). */
const org = (context: SigningContext): { organizationId?: string } =>
  context.organizationId ? { organizationId: context.organizationId } : {};

/** `sign_transaction` of a Solana message (hex); resolves with the signed transaction's bytes. */
export async function signSolanaTransaction(context: SigningContext, messageHex: string, signWith: string): Promise<Uint8Array> {
  const submitted = await context.client.signTransaction(
    { signWith, unsignedTransaction: messageHex, type: 'TRANSACTION_TYPE_SOLANA' },
    org(context),
  );
  const activity = await finish(context, submitted);
  const signed = activity.result?.signTransactionResult?.signedTransaction;
  if (!signed) throw new Error(`Sigil activity ${activity.id} completed without a signedTransaction`);
  return hexToBytes(signed);
}

/** `sign_raw_payload` of bytes with an Ed25519 key (no hashing); resolves with `r ‖ s`, 64 bytes. */
export async function signEd25519Payload(context: SigningContext, payload: Uint8Array, signWith: string): Promise<Uint8Array> {
  const submitted = await context.client.signRawPayload(
    { signWith, payload: bytesToHex(payload), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
    org(context),
  );
  const activity = await finish(context, submitted);
  const result = activity.result?.signRawPayloadResult;
  if (!result) throw new Error(`Sigil activity ${activity.id} completed without a signRawPayloadResult`);
  const signature = hexToBytes(result.r + result.s);
  if (signature.length !== 64) {
    throw new Error(`Sigil activity ${activity.id} returned a ${signature.length}-byte signature; ${signWith} is not an Ed25519 account`);
  }
  return signature;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function hexToBytes(hex: string): Uint8Array {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (!/^([0-9a-fA-F]{2})*$/.test(digits)) throw new Error(`Sigil returned a value that is not hex: ${hex.slice(0, 20)}`);
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
