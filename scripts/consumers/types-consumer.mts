// Type-checked as ESM (run.mjs): the `import` condition's declarations must describe the libraries.
import { createServerClient, waitForActivity, type SigilClient } from '@sigil/sdk-server';
import { WebauthnStamper } from '@sigil/sdk-browser';
import { evaluatePolicies, type Verdict } from '@sigil/policy';
import type { TestEmulator } from '@sigil/emulator/testing';
import { OPERATIONS } from '@sigil/api-spec';

export async function createWallet(emulator: TestEmulator): Promise<string> {
  const client: SigilClient = createServerClient({
    baseUrl: emulator.url,
    apiPublicKey: emulator.rootKeys.publicKey,
    apiPrivateKey: emulator.rootKeys.privateKey,
    organizationId: emulator.organizationId,
  });
  const activity = await client.createWallet({ walletName: 'Typed', accounts: [] });
  const { outcome } = await waitForActivity(client, activity);
  return outcome;
}

export const stamper = new WebauthnStamper({ rpId: 'example.com' });
export const verdict: Verdict = evaluatePolicies([], { activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' } });
export const operationCount: number = Object.keys(OPERATIONS).length;

import { SigilSigner, SigilActivityError as SolanaActivityError } from '@sigil/solana';
import { SigilAminoSigner, SigilActivityError as CosmjsActivityError } from '@sigil/cosmjs';
import type { OfflineAminoSigner } from '@cosmjs/amino';
import type { VersionedTransaction } from '@solana/web3.js';

export function signVersioned(client: SigilClient, tx: VersionedTransaction, address: string): Promise<VersionedTransaction> {
  return new SigilSigner({ client }).signTransaction(tx, address);
}
export function aminoSigner(client: SigilClient, signWith: string, publicKey: string): Promise<OfflineAminoSigner> {
  return SigilAminoSigner.fromClient({ client, signWith, publicKey });
}
export const isActivityError = (error: unknown): boolean => error instanceof SolanaActivityError || error instanceof CosmjsActivityError;
