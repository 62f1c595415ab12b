// A browser app's entry: run.mjs bundles it for the browser with esbuild, then loads the bundle and calls it.
import { createBrowserClient, WebauthnStamper } from '@sigil/sdk-browser';
import { evaluatePolicies } from '@sigil/policy';
import { IframeStamperError } from '@sigil/iframe-stamper';

export async function listWalletNames(config) {
  const client = createBrowserClient(config);
  const { wallets } = await client.listWallets();
  return wallets.map((wallet) => wallet.walletName);
}

export function passkeyStamperName() {
  return new WebauthnStamper({ rpId: 'example.com' }).constructor.name;
}

export function outcome(policies, request) {
  return evaluatePolicies(policies, request).outcome;
}

export function iframeStamperErrorReason() {
  return new IframeStamperError('timeout', 'The frame did not answer').reason;
}
