/**
 * The live demo on the embedded wallet kit's reference page: the kit's components, loaded only when the reader
 * presses the button, running against the in-browser sandbox. A passkey sign-up (CDP virtual authenticator), the
 * export, and axe in both color modes.
 */
import {expect, test, type Page, type Request} from '@playwright/test';
import {axeViolations} from '../quality/axe';
import {buildDir} from '../quality/site';
import {readManifest, widgetFiles, WIDGETS} from '../quality/widgets';

const ROUTE = '/reference/embedded-wallet-kit';

function kitFiles(): string[] {
  const widget = WIDGETS.find((w) => w.name === 'embedded wallet kit demo')!;
  return widgetFiles(buildDir(), readManifest(buildDir()), widget);
}

async function addPasskeyAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', {enableUI: false});
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true},
  });
}

const demoViolations = (page: Page): Promise<string[]> => axeViolations(page, 'kit demo', 'all', [], '[aria-label="Embedded wallet kit demo"]');

test('the kit demo loads on click, signs up with a passkey, exports, and is axe clean in both modes', async ({page, baseURL}) => {
  const files = kitFiles();
  expect(files.length).toBeGreaterThan(0);
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  // WebAuthn needs a domain: the same server, named localhost.
  const origin = baseURL!.replace('127.0.0.1', 'localhost');
  await page.goto(`${origin}${ROUTE}`);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached({timeout: 30_000});
  await addPasskeyAuthenticator(page);
  const loaded = (): string[] => requests.map((r) => new URL(r.url()).pathname).filter((p) => files.includes(p));
  expect(loaded()).toEqual([]);

  await page.getByRole('button', {name: 'Open the live demo'}).click();
  const demo = page.getByRole('region', {name: 'Embedded wallet kit demo'});
  await expect(demo.getByRole('heading', {name: 'Sign in to Sigil docs demo'})).toBeVisible({timeout: 30_000});
  expect(loaded().length).toBeGreaterThan(0);
  expect(await demoViolations(page)).toEqual([]);

  await demo.getByLabel('Email').fill('reader@example.com');
  await demo.getByRole('button', {name: 'Create an account with a passkey'}).click();
  await expect(demo.getByRole('heading', {name: 'Signed in'})).toBeVisible({timeout: 30_000});
  await expect(demo.getByRole('heading', {name: 'Export your recovery phrase'})).toBeVisible();
  expect(await demoViolations(page)).toEqual([]);

  // The export shows the new wallet's words and takes them off the page on close.
  await demo.getByLabel('I understand that anyone with these words controls my funds.').check();
  await demo.getByRole('button', {name: 'Show my recovery phrase'}).click();
  await expect(demo.getByRole('list', {name: 'Recovery phrase'}).locator('li')).toHaveCount(12);
  await demo.getByRole('button', {name: 'I have saved it, close'}).click();
  await expect(demo.getByRole('list', {name: 'Recovery phrase'})).toHaveCount(0);

  // The other color mode: the kit follows the site's.
  const mode = await page.locator('html').getAttribute('data-theme');
  // The toggle may pass through "system" (which resolves to the same mode here) before the other one.
  const toggle = page.getByRole('button', {name: /dark mode|system mode|light mode/i}).first();
  for (let i = 0; i < 3 && (await page.locator('html').getAttribute('data-theme')) === mode; i += 1) await toggle.click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', mode!);
  await expect(demo.locator(`[data-sigil-kit-theme="${mode === 'dark' ? 'light' : 'dark'}"]`)).toHaveCount(1);
  expect(await demoViolations(page)).toEqual([]);
});
