// Type-checked as CommonJS (run.mjs): the `require` condition's declarations must describe the libraries.
import sdk = require('@sigil/sdk-server');
import browser = require('@sigil/sdk-browser');
import iframe = require('@sigil/iframe-stamper');
import policy = require('@sigil/policy');
import testing = require('@sigil/emulator/testing');
import spec = require('@sigil/api-spec');

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
export const operationCount: number = Object.keys(spec.OPERATIONS).length;
export const frameError: iframe.IframeStamperError = new iframe.IframeStamperError('timeout', 'The frame did not answer');
