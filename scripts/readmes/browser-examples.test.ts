// The browser README runner must fail an example that does not do what it says, and say why; run.mjs itself shows
// that the READMEs' own examples pass.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser/passkey-page.mjs';
import { runBrowserExample } from './browser-examples.mjs';

const ORGANIZATION_ID = 'f3b0c9a4-2d71-4c1e-9f55-7a1e3c8d2b60';

describe('runBrowserExample', { timeout: 60_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium({ offline: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('passes an example that stamps whoami with the passkey of example.com', async () => {
    const code = `import { WebauthnStamper } from '@sigil/webauthn-stamper';
const stamper = new WebauthnStamper({ rpId: 'example.com' });
const body = JSON.stringify({ organizationId: '${ORGANIZATION_ID}' });
const { stampHeaderName, stampHeaderValue } = await stamper.stamp(body);
await fetch('https://api.sigil.example/public/v1/query/whoami', { method: 'POST', headers: { 'Content-Type': 'application/json', [stampHeaderName]: stampHeaderValue }, body });`;
    await expect(runBrowserExample(browser, 'webauthn-stamper', code)).resolves.toMatch(/^whoami accepted the passkey stamp/);
  });

  it('fails an example whose passkey is for another domain, with the page error', async () => {
    const code = `import { WebauthnStamper } from '@sigil/webauthn-stamper';
await new WebauthnStamper({ rpId: 'example.org' }).stamp('{}');`;
    await expect(runBrowserExample(browser, 'webauthn-stamper', code)).rejects.toThrow(/the page threw: .*relying party ID/);
  });

  it('fails an example whose request the emulator refuses', async () => {
    const code = `import { WebauthnStamper } from '@sigil/webauthn-stamper';
const body = JSON.stringify({ organizationId: '${ORGANIZATION_ID}' });
const { stampHeaderName, stampHeaderValue } = await new WebauthnStamper({ rpId: 'example.com' }).stamp(body);
await fetch('https://api.sigil.example/public/v1/query/whoami', { method: 'POST', headers: { 'Content-Type': 'application/json', [stampHeaderName]: stampHeaderValue }, body: body + ' ' });`;
    await expect(runBrowserExample(browser, 'webauthn-stamper', code)).rejects.toThrow(/the emulator refused whoami with 401/);
  });

  it('fails an example that logs other than the wallet names', async () => {
    const code = `import { createPasskeyClient } from '@sigil/sdk-browser';
const client = createPasskeyClient({ rpId: 'example.com', organizationId: '${ORGANIZATION_ID}' });
const { wallets } = await client.listWallets();
console.log(wallets.map((wallet) => wallet.walletId));`;
    await expect(runBrowserExample(browser, 'sdk-browser', code)).rejects.toThrow(/the example logged \[\[\["[0-9a-f-]{36}"\]\]\], not the sub-organization's wallet names/);
  });

  it('fails an iframe-stamper example whose calls the frame did not stamp', async () => {
    const code = `import { createPasskeyClient } from '@sigil/sdk-browser';
import { generateTargetKeyPair } from '@sigil/http';
const client = createPasskeyClient({ rpId: 'example.com', organizationId: '${ORGANIZATION_ID}' });
await client.createReadWriteSession({ targetPublicKey: generateTargetKeyPair().targetPublicKey });
const { wallets } = await client.listWallets();
console.log(wallets.map((wallet) => wallet.walletName));`;
    await expect(runBrowserExample(browser, 'iframe-stamper', code)).rejects.toThrow('list_wallets was sent without the X-Stamp the frame makes');
  });

  it('refuses requests to any other host and names them', async () => {
    const code = `await fetch('https://elsewhere.example/track');`;
    await expect(runBrowserExample(browser, 'sdk-browser', code)).rejects.toThrow(/requests to other hosts, refused: https:\/\/elsewhere\.example\/track/);
  });

  it('has a check for every browser library it is given', async () => {
    await expect(runBrowserExample(browser, 'policy', '')).rejects.toThrow('no check for the policy README example');
  });
});
