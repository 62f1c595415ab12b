// setup="webhook-endpoint": the emulator's organization posts its webhooks to a receiver the page's block runs
// (`background="webhookPort"`). Before the block: FEATURE_NAME_WEBHOOK set to http://127.0.0.1:<free port>/sigil/activities
// (which also makes the organization's webhook signing key), the port as `webhookPort`. While the block runs
// (`whileRunning`): a forged post, whose signature does not match its body, must be refused with 401, and then a
// `create_wallet` activity completes, whose signed webhook the receiver should verify and act on.
import { randomUUID } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { waitForActivity } from '@sigil/http';
import { freePort } from '../browser/passkey-page.mjs';

/** The path the webhooks page's receiver serves. */
export const WEBHOOK_PATH = '/sigil/activities';

/** See the module comment. */
export async function webhookEndpointSetup(emulator) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}${WEBHOOK_PATH}`;
  const { outcome } = await waitForActivity(emulator.client, await emulator.client.setOrganizationFeature({ name: 'FEATURE_NAME_WEBHOOK', value: url }));
  if (outcome !== 'COMPLETED') throw new Error(`setup: set_organization_feature FEATURE_NAME_WEBHOOK ended ${outcome}`);
  return { values: { webhookPort: String(port), webhookUrl: url }, env: {} };
}

/**
 * A post signed as Sigil signs (key ID, fresh timestamp, DER hex), but by another P-256 key: a receiver that checks
 * signatures refuses it. Resolves with the receiver's status.
 */
export async function postForgedWebhook(url, { keyId, organizationId }) {
  const body = JSON.stringify({ activity: { id: randomUUID(), organizationId, type: 'ACTIVITY_TYPE_CREATE_WALLET', status: 'ACTIVITY_STATUS_COMPLETED' } });
  const timestamp = String(Date.now());
  const signature = p256.sign(sha256(new TextEncoder().encode(`${timestamp}.${body}`)), p256.utils.randomSecretKey(), { prehash: false, format: 'der' });
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sigil-webhook-timestamp': timestamp,
      'x-sigil-webhook-signature': Buffer.from(signature).toString('hex'),
      'x-sigil-webhook-key-id': keyId,
    },
    body,
  });
  return response.status;
}

webhookEndpointSetup.whileRunning = async (emulator, { values }) => {
  const { configs } = await emulator.client.getOrganizationConfigs({});
  const keyId = configs.webhookSigningKey?.keyId;
  if (!keyId) throw new Error('the organization has no webhook signing key after FEATURE_NAME_WEBHOOK was set');
  const status = await postForgedWebhook(values.webhookUrl, { keyId, organizationId: emulator.organizationId });
  if (status !== 401) throw new Error(`the receiver answered a post with a forged signature with ${status}, not 401`);
  const accounts = [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }];
  const { outcome } = await waitForActivity(emulator.client, await emulator.client.createWallet({ walletName: 'Webhook wallet', accounts }));
  if (outcome !== 'COMPLETED') throw new Error(`create_wallet ended ${outcome}`);
};
