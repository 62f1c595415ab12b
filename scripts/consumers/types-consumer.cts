// Type-checked as CommonJS (run.mjs): the `require` condition's declarations must describe the libraries.
import sdk = require('@sigil/sdk-server');
import browser = require('@sigil/sdk-browser');
import policy = require('@sigil/policy');
import testing = require('@sigil/emulator/testing');
import spec = require('@sigil/api-spec');
import wallet = require('@sigil/wallet-stamper');
import native = require('@sigil/react-native');

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
