// Type-checked as ESM (run.mjs): the `import` condition's declarations must describe the libraries.
import { createServerClient, waitForActivity, type SigilClient } from '@sigil/sdk-server';
import { WebauthnStamper } from '@sigil/sdk-browser';
import { IframeStamper, IframeStamperError, type IframeStamperConfig } from '@sigil/iframe-stamper';
import { evaluatePolicies, type Verdict } from '@sigil/policy';
import type { TestEmulator } from '@sigil/emulator/testing';
import { OPERATIONS } from '@sigil/api-spec';
import { SolanaWallet, WalletStamper, type SolanaWalletAdapter } from '@sigil/wallet-stamper';
import { createPasskeyClient, SecureSessionStore, type SigilClient as NativeClient } from '@sigil/react-native';
import { createAccount, SigilActivityError, type CreateAccountOptions } from '@sigil/viem';
import { SigilSigner, type SigilSignerOptions } from '@sigil/ethers';
import { createEIP1193Provider, ProviderRpcError, type SigilEIP1193Provider, type SigilProviderOptions } from '@sigil/eip1193-provider';
import type { LocalAccount } from 'viem';
import type { AbstractSigner } from 'ethers';
import { SigilKitError, type SigilAuthProps, type SigilKitServer } from '@sigil/embedded-wallet-kit';

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
export const walletStamper = (adapter: SolanaWalletAdapter): WalletStamper => new WalletStamper(new SolanaWallet(adapter));
export const phoneClient: NativeClient = createPasskeyClient({ rpId: 'example.com', organizationId: 'org' });
export const sessionStore = new SecureSessionStore({ service: 'com.example.wallet.sigil' });
export const operationCount: number = Object.keys(OPERATIONS).length;

export const account = (options: CreateAccountOptions): Promise<LocalAccount> => createAccount(options);
export const signer = (options: SigilSignerOptions): AbstractSigner => new SigilSigner(options);
export const provider = (options: SigilProviderOptions): Promise<SigilEIP1193Provider> => createEIP1193Provider(options);
export const errorCode = (error: ProviderRpcError | SigilActivityError): string | number => ('code' in error ? error.code : error.outcome);

import { SigilSigner as SolanaSigner, SigilActivityError as SolanaActivityError } from '@sigil/solana';
import { SigilAminoSigner, SigilActivityError as CosmjsActivityError } from '@sigil/cosmjs';
import type { OfflineAminoSigner } from '@cosmjs/amino';
import type { VersionedTransaction } from '@solana/web3.js';

export function signVersioned(client: SigilClient, tx: VersionedTransaction, address: string): Promise<VersionedTransaction> {
  return new SolanaSigner({ client }).signTransaction(tx, address);
}
export function aminoSigner(client: SigilClient, signWith: string, publicKey: string): Promise<OfflineAminoSigner> {
  return SigilAminoSigner.fromClient({ client, signWith, publicKey });
}
export const isSolanaOrCosmosActivityError = (error: unknown): boolean => error instanceof SolanaActivityError || error instanceof CosmjsActivityError;
export const makeFrame = (config: IframeStamperConfig): IframeStamper => new IframeStamper(config);
export const frameReason: IframeStamperError['reason'] = new IframeStamperError('origin-mismatch', 'wrong origin').reason;

export const kitServer: SigilKitServer = {
  emailAuth: async ({ email, targetPublicKey }) => ({ organizationId: `${email}:${targetPublicKey}` }),
};
export const authProps: SigilAuthProps = { methods: ['passkey', 'otp'], otpTypes: ['OTP_TYPE_SMS'], sessionSeconds: 600 };
export const kitErrorReason: SigilKitError['reason'] = new SigilKitError('backend', 'down').reason;
