// One sign_raw_payload with the account's secp256k1 key: the bytes as hex, hashed with SHA-256 by Sigil,
// which is what Cosmos SDK chains verify for both sign modes.
import { waitForActivity, type SigilClient, type WaitForActivityOptions } from '@sigil/http';
import { fromHex, toHex } from '@cosmjs/encoding';
import { SigilActivityError } from './errors.js';

export interface SigningContext {
  client: SigilClient;
  signWith: string;
  organizationId?: string;
  waitOptions?: WaitForActivityOptions;
}

/** Resolves with the 64-byte `r ‖ s` signature of SHA-256(`bytes`). */
export async function signSha256(context: SigningContext, bytes: Uint8Array): Promise<Uint8Array> {
  const organization = context.organizationId ? { organizationId: context.organizationId } : {};
  // The organization goes in the envelope (the submission's options), not among the parameters.
  const submitted = await context.client.signRawPayload(
    { signWith: context.signWith, payload: toHex(bytes), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_SHA256' },
    organization,
  );
  const { outcome, activity } = await waitForActivity(context.client, submitted, { ...context.waitOptions, ...organization });
  if (outcome !== 'COMPLETED') throw new SigilActivityError(outcome, activity);
  const result = activity.result?.signRawPayloadResult;
  if (!result) throw new Error(`Sigil activity ${activity.id} completed without a signRawPayloadResult`);
  const signature = fromHex(result.r.padStart(64, '0') + result.s.padStart(64, '0'));
  if (signature.length !== 64) throw new Error(`Sigil activity ${activity.id} returned a signature of ${signature.length} bytes, not r ‖ s`);
  return signature;
}
