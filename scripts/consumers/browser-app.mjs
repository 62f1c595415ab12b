// A browser app's entry: run.mjs bundles it for the browser with esbuild, then loads the bundle and calls it.
import { createBrowserClient, WebauthnStamper } from '@sigil/sdk-browser';
import { evaluatePolicies } from '@sigil/policy';
import { SolanaWallet, WalletStamper } from '@sigil/wallet-stamper';
import { createEIP1193Provider } from '@sigil/eip1193-provider';
import { IframeStamperError } from '@sigil/iframe-stamper';
import { SigilAuth, SigilExport, SigilImport, SigilKitProvider } from '@sigil/embedded-wallet-kit';
import '@sigil/embedded-wallet-kit/styles.css';

export async function listWalletNames(config) {
  const client = createBrowserClient(config);
  const { wallets } = await client.listWallets();
  return wallets.map((wallet) => wallet.walletName);
}

export function passkeyStamperName() {
  return new WebauthnStamper({ rpId: 'example.com' }).constructor.name;
}

/** The X-Stamp a Solana wallet adapter's signature makes, decoded (the adapter is the caller's). */
export async function walletStamp(adapter, body) {
  const { stampHeaderValue } = await new WalletStamper(new SolanaWallet(adapter)).stamp(body);
  return JSON.parse(atob(stampHeaderValue.replace(/-/g, '+').replace(/_/g, '/')));
}

export function outcome(policies, request) {
  return evaluatePolicies(policies, request).outcome;
}

/** A dapp's first call: the wallet's Ethereum accounts through the EIP-1193 provider. */
export async function providerAccounts(config, walletId) {
  const provider = await createEIP1193Provider({ client: createBrowserClient(config), walletId, chains: [{ chainId: '0xaa36a7', rpcUrls: ['https://sepolia.rpc.example'] }] });
  return provider.request({ method: 'eth_requestAccounts' });
}

export function iframeStamperErrorReason() {
  return new IframeStamperError('timeout', 'The frame did not answer').reason;
}

export function kitComponents() {
  return [SigilKitProvider, SigilAuth, SigilExport, SigilImport].map((component) => typeof component);
}
