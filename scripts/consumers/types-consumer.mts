// Type-checked as ESM (run.mjs): the `import` condition's declarations must describe the libraries.
import { createServerClient, waitForActivity, type SigilClient } from '@sigil/sdk-server';
import { WebauthnStamper } from '@sigil/sdk-browser';
import { evaluatePolicies, type Verdict } from '@sigil/policy';
import type { TestEmulator } from '@sigil/emulator/testing';
import { OPERATIONS } from '@sigil/api-spec';
import { SolanaWallet, WalletStamper, type SolanaWalletAdapter } from '@sigil/wallet-stamper';
import { createPasskeyClient, SecureSessionStore, type SigilClient as NativeClient } from '@sigil/react-native';

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
