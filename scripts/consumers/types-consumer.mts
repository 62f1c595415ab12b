// Type-checked as ESM (run.mjs): the `import` condition's declarations must describe the libraries.
import { createServerClient, waitForActivity, type SigilClient } from '@sigil/sdk-server';
import { WebauthnStamper } from '@sigil/sdk-browser';
import { IframeStamper, IframeStamperError, type IframeStamperConfig } from '@sigil/iframe-stamper';
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
export const makeFrame = (config: IframeStamperConfig): IframeStamper => new IframeStamper(config);
export const frameReason: IframeStamperError['reason'] = new IframeStamperError('origin-mismatch', 'wrong origin').reason;
