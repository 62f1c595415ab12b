// Type-checked as CommonJS (run.mjs): the `require` condition's declarations must describe the libraries.
import sdk = require('@sigil/sdk-server');
import browser = require('@sigil/sdk-browser');
import iframe = require('@sigil/iframe-stamper');
import policy = require('@sigil/policy');
import testing = require('@sigil/emulator/testing');
import spec = require('@sigil/api-spec');
import wallet = require('@sigil/wallet-stamper');
import native = require('@sigil/react-native');
import kit = require('@sigil/embedded-wallet-kit');

export async function createWallet(emulator: testing.TestEmulator): Promise<string> {
  const client: sdk.SigilClient = sdk.createServerClient({
    baseUrl: emulator.url,
    apiPublicKey: emulator.rootKeys.publicKey,
    apiPrivateKey: emulator.rootKeys.privateKey,
    organizationId: emulator.organizationId,
  });
  const activity = await client.createWallet({ walletName: 'Typed', accounts: [] });
  const { outcome } = await sdk.waitForActivity(client, activity);
  return outcome;
}

export const stamper: browser.WebauthnStamper = new browser.WebauthnStamper({ rpId: 'example.com' });
export const verdict: policy.Verdict = policy.evaluatePolicies([], { activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' } });
export const walletStamper = (adapter: wallet.SolanaWalletAdapter): wallet.WalletStamper => new wallet.WalletStamper(new wallet.SolanaWallet(adapter));
export const phoneClient: native.SigilClient = native.createPasskeyClient({ rpId: 'example.com', organizationId: 'org' });
export const sessionStore: native.SecureSessionStore = new native.SecureSessionStore({ service: 'com.example.wallet.sigil' });
export const operationCount: number = Object.keys(spec.OPERATIONS).length;

import sigilViem = require('@sigil/viem');
import sigilEthers = require('@sigil/ethers');
import eip1193 = require('@sigil/eip1193-provider');
export const createAccount: (options: sigilViem.CreateAccountOptions) => Promise<import('viem').LocalAccount> = sigilViem.createAccount;
export const signerClass: typeof sigilEthers.SigilSigner = sigilEthers.SigilSigner;
export const providerOf: (options: eip1193.SigilProviderOptions) => Promise<eip1193.SigilEIP1193Provider> = eip1193.createEIP1193Provider;

import solana = require('@sigil/solana');
import cosmjs = require('@sigil/cosmjs');

export function solanaSigner(client: sdk.SigilClient): solana.SigilSigner {
  return new solana.SigilSigner({ client, waitOptions: { timeoutMs: 10_000 } });
}
export function cosmosSigner(client: sdk.SigilClient, signWith: string, publicKey: string): Promise<cosmjs.SigilDirectSigner> {
  return cosmjs.SigilDirectSigner.fromClient({ client, signWith, publicKey, prefix: 'osmo' });
}
export const isActivityError = (error: unknown): boolean => error instanceof solana.SigilActivityError || error instanceof cosmjs.SigilActivityError;
export const frameError: iframe.IframeStamperError = new iframe.IframeStamperError('timeout', 'The frame did not answer');

export const exportProps: kit.SigilExportProps = { address: '0x0a9cB0fF88F7CCfEBcF76e66157a83233a36309C', language: 'MNEMONIC_LANGUAGE_ENGLISH' };
