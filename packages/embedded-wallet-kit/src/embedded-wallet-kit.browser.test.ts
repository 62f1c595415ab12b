// The kit in Chromium against one emulator: passkey sign-up and sign-in (CDP virtual authenticator), email and
// one-time-code sign-in through the emulator's outbox, export then import of the same words, the documented errors,
// keyboard use, axe in both themes, and the reference page's four blocks as written. One browser and one emulator
// for the whole file.
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVirtualAuthenticator, forward } from '../../../scripts/browser/passkey-page.mjs';
import { EXAMPLE_BASE_URL } from '../../../scripts/doctest/execute.mjs';
import { startKitHarness, type KitHarness } from '../test/harness.js';
import { bundlePageBlocks } from '../test/page-blocks.js';
import type { MountOptions } from '../test/page-entry.js';

type Entry = typeof import('../test/page-entry.js');
interface KitEvent {
  type: string;
  [key: string]: unknown;
}
interface OutboxMessage {
  to: string;
  operation: string;
  otpCode?: string;
  credentialBundle?: string;
}

const EMAIL = 'alice@example.com';

describe('embedded-wallet-kit in Chromium', { timeout: 120_000 }, () => {
  let harness: KitHarness;
  let server: TestEmulator;
  let enclaveQuorumPublicKey: string;
  const started = performance.now();

  beforeAll(async () => {
    [harness, server] = await Promise.all([
      startKitHarness(fileURLToPath(new URL('../test/page-entry.tsx', import.meta.url)), fileURLToPath(new URL('./styles.css', import.meta.url))),
      startTestEmulator(),
    ]);
    for (const name of ['FEATURE_NAME_EMAIL_AUTH', 'FEATURE_NAME_OTP_EMAIL_AUTH', 'FEATURE_NAME_EMAIL_RECOVERY', 'FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY'] as const) {
      await server.client.setOrganizationFeature({ name }, { wait: true });
    }
    const quorum = (await (await fetch(`${server.url}/emulator/v1/enclave-quorum`)).json()) as { keys: { publicKey: string }[] };
    enclaveQuorumPublicKey = quorum.keys[0]!.publicKey;
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await server?.close();
    console.log(`embedded-wallet-kit browser tests: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

  const mount = async (overrides: Partial<MountOptions> = {}): Promise<void> => {
    const options: MountOptions = {
      baseUrl: server.url,
      organizationId: server.organizationId,
      apiPublicKey: server.rootKeys.publicKey,
      apiPrivateKey: server.rootKeys.privateKey,
      rpId: harness.rpId,
      theme: 'light',
      enclaveQuorumPublicKey,
      ...overrides,
    };
    await harness.page.evaluate((o) => (window as unknown as { SigilTest: Entry }).SigilTest.mount(o), options);
    await harness.page.getByRole('heading', { name: 'Sign in to Kit Test' }).waitFor();
  };

  const events = (): Promise<KitEvent[]> => harness.page.evaluate(() => (window as unknown as { kitEvents: KitEvent[] }).kitEvents);
  const clearEvents = (): Promise<unknown> => harness.page.evaluate(() => (window as unknown as { kitEvents: KitEvent[] }).kitEvents.splice(0));
  // The first event of `type`; an error the app reported first fails the test with its message.
  const nextEvent = async (type: string): Promise<KitEvent> => {
    const handle = await harness.page.waitForFunction(
      (t) => (window as unknown as { kitEvents: KitEvent[] }).kitEvents.find((e) => e.type === t || e.type === 'error'),
      type,
    );
    const event = (await handle.jsonValue()) as KitEvent;
    if (event.type !== type) throw new Error(`expected ${type}, the app reported ${JSON.stringify(event)}`);
    return event;
  };
  const outbox = async (): Promise<OutboxMessage[]> =>
    ((await (await fetch(`${server.url}/emulator/v1/outbox`)).json()) as { messages: OutboxMessage[] }).messages;
  const latestMessage = async (operation: string): Promise<OutboxMessage> => {
    const message = (await outbox()).filter((m) => m.operation === operation).at(-1);
    if (!message) throw new Error(`no ${operation} message in the outbox`);
    return message;
  };
  const alertText = async (): Promise<string> => {
    const alert = harness.page.getByRole('alert');
    await alert.waitFor();
    return alert.innerText();
  };
  const axeViolations = async (): Promise<string[]> => {
    const results = await new AxeBuilder({ page: harness.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('#app').analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };

  let subOrganizationId = '';
  let userId = '';
  let walletId = '';

  it('signs a new user up with a passkey, then signs them in again with one prompt', async () => {
    await mount();
    await harness.page.getByLabel('Email').fill(EMAIL);
    const before = server.requests.length;
    await harness.page.getByRole('button', { name: 'Create an account with a passkey' }).click();
    const signedUp = await nextEvent('success');
    expect(signedUp.organizationId).not.toBe(server.organizationId);
    subOrganizationId = signedUp.organizationId as string;
    userId = signedUp.userId as string;
    walletId = signedUp.walletId as string;
    expect(walletId).toMatch(/.+/);
    const paths = server.requests.slice(before).map((r) => r.path);
    expect(paths).toContain('/public/v1/submit/create_sub_organization');
    const session = server.requests.slice(before).find((r) => r.path === '/public/v1/submit/create_read_write_session')!;
    expect(session.headers['x-stamp-webauthn']).toBeDefined();
    expect(JSON.parse(session.body).parameters.expirationSeconds).toBe('900');

    // A new mount forgets the session; the passkey alone signs the user in.
    await mount();
    await harness.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const signedIn = await nextEvent('success');
    expect(signedIn).toMatchObject({ organizationId: subOrganizationId, userId });
    await expect(harness.page.getByRole('status').first().innerText()).resolves.toContain('You are signed in');
  });

  it('exports the words, clears them on close, and imports them to the same address', async () => {
    const { account } = { account: (await server.client.listWalletAccounts({ walletId, organizationId: subOrganizationId })).accounts[0]! };
    const page = harness.page;
    await expect(page.getByRole('button', { name: 'Show my recovery phrase' }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('I understand that anyone with these words controls my funds.').check();
    await page.getByRole('button', { name: 'Show my recovery phrase' }).click();
    const list = page.getByRole('list', { name: 'Recovery phrase' });
    await list.waitFor();
    const words = await list.locator('li').allInnerTexts();
    expect(words).toHaveLength(12);
    await page.getByRole('button', { name: 'I have saved it, close' }).click();
    await nextEvent('exported');
    await expect(list.count()).resolves.toBe(0);
    expect(await page.content()).not.toContain(words.join(' '));
    const wallet = await server.client.getWallet({ walletId, organizationId: subOrganizationId });
    expect(wallet.wallet.exported).toBe(true);

    // The sub-organization refuses a second account at the same address, so the exported wallet goes first: the
    // import must bring it back from the words alone.
    const deleted = await page.evaluate(async (id) => {
      const { outcome } = await window.kitClient!.deleteWallets({ walletIds: [id] }, { wait: true });
      return outcome;
    }, walletId);
    expect(deleted).toBe('COMPLETED');
    const field = page.getByLabel('Seed phrase (12, 15, 18, 21 or 24 words)');
    await field.fill(`  ${words.join('  ').toUpperCase()} `);
    await page.getByRole('button', { name: 'Import' }).click();
    const imported = await nextEvent('imported');
    expect((imported.addresses as string[]).map((a) => a.toLowerCase())).toEqual([account.address.toLowerCase()]);
    expect(imported.walletId).not.toBe(walletId);
    await expect(field.count()).resolves.toBe(0);
  });

  it('refuses a seed phrase of the wrong length or checksum before anything is sent', async () => {
    await mount();
    await harness.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await nextEvent('success');
    const field = harness.page.getByLabel('Seed phrase (12, 15, 18, 21 or 24 words)');
    const before = server.requests.length;
    await field.fill(Array(11).fill('abandon').join(' '));
    await harness.page.getByRole('button', { name: 'Import' }).click();
    expect(await alertText()).toBe('A seed phrase has 12, 15, 18, 21 or 24 words; this one has 11');
    await field.fill(Array(12).fill('abandon').join(' '));
    await harness.page.getByRole('button', { name: 'Import' }).click();
    await harness.page.getByText('The seed phrase has a wrong checksum: check the words and their order').waitFor();
    await field.fill(`${Array(11).fill('abandon').join(' ')} sigil`);
    await harness.page.getByRole('button', { name: 'Import' }).click();
    await harness.page.getByText('This word is not in the English BIP-39 list: sigil').waitFor();
    expect(server.requests.slice(before).map((r) => r.path)).not.toContain('/public/v1/submit/init_import_wallet');
  });

  it('signs in by email with the keyboard alone, with the code from the outbox', async () => {
    await mount();
    const page = harness.page;
    await page.locator('body').focus();
    const tabTo = async (name: string): Promise<void> => {
      for (let i = 0; i < 10; i += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return el?.id && document.querySelector(`label[for="${el.id}"]`)?.textContent || el?.textContent || '';
        });
        if (focused.startsWith(name)) return;
      }
      throw new Error(`Tab never reached ${name}`);
    };
    await tabTo('Email');
    await page.keyboard.type(EMAIL);
    await tabTo('Email me a sign-in code');
    await page.keyboard.press('Enter');
    const field = page.getByLabel('Code from the sign-in email');
    await field.waitFor();
    const message = await latestMessage('email_auth');
    expect(message.to).toBe(EMAIL);
    await page.locator('body').focus();
    await tabTo('Code from the sign-in email');
    await page.keyboard.insertText(message.credentialBundle!);
    await tabTo('Sign in');
    await page.keyboard.press('Enter');
    expect(await nextEvent('success')).toMatchObject({ organizationId: subOrganizationId, userId });
  });

  it('signs in with a one-time code and refuses a code that is not 6 digits', async () => {
    await mount();
    await harness.page.getByLabel('Email').fill(EMAIL);
    await harness.page.getByRole('button', { name: 'Email me a one-time code' }).click();
    const field = harness.page.getByLabel(`6-digit code sent to ${EMAIL}`);
    await field.waitFor();
    const { otpCode } = await latestMessage('init_otp_auth');
    await field.fill('12345');
    await harness.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await alertText()).toBe('The code is exactly 6 digits');
    await clearEvents();
    await field.fill(otpCode!);
    await harness.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await nextEvent('success')).toMatchObject({ organizationId: subOrganizationId, userId });
  });

  it('reports a failing backend, an unknown account and a malformed bundle with their documented errors', async () => {
    await mount({ failing: ['emailAuth'] });
    await harness.page.getByLabel('Email').fill(EMAIL);
    await harness.page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    expect(await alertText()).toBe('server.emailAuth failed: 503 Service Unavailable');
    expect(await events()).toEqual([{ type: 'error', name: 'SigilKitError', reason: 'backend', message: 'server.emailAuth failed: 503 Service Unavailable' }]);

    await mount();
    await harness.page.getByLabel('Email').fill('nobody@example.com');
    await harness.page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    expect(await alertText()).toBe('server.emailAuth failed: 404: no account for nobody@example.com');

    await harness.page.getByLabel('Email').fill(EMAIL);
    await harness.page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await harness.page.getByLabel('Code from the sign-in email').fill('not-a-bundle');
    await harness.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await alertText()).toMatch(/^That code does not open with this sign-in's key: /);
    expect((await events()).at(-1)).toMatchObject({ type: 'error', reason: 'invalid-bundle' });

    await mount({ rpId: 'localhost', failing: [] });
    await harness.page.evaluate(() => localStorage.clear());
    await harness.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    expect(await alertText()).toBe('This device has not signed in before: sign in by email once, or recover your account');
    // allowRecovery: the failed passkey sign-in offers recovery by email.
    await harness.page.getByRole('button', { name: 'Recover my account by email' }).waitFor();
  });

  it('recovers the account by email with a new passkey (recover_user)', async () => {
    // The previous test left the recovery offer on screen, and its error among the events.
    await clearEvents();
    await harness.page.getByLabel('Email').fill(EMAIL);
    await harness.page.getByRole('button', { name: 'Recover my account by email' }).click();
    const field = harness.page.getByLabel('Code from the recovery email');
    await field.waitFor();
    const message = await latestMessage('init_user_email_recovery');
    const before = server.requests.length;
    await field.fill(message.credentialBundle!);
    await harness.page.getByRole('button', { name: 'Recover and add a passkey' }).click();
    expect(await nextEvent('success')).toMatchObject({ organizationId: subOrganizationId, userId });
    expect(server.requests.slice(before).map((r) => r.path)).toContain('/public/v1/submit/recover_user');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations in the ${theme} theme, signed out and signed in`, async () => {
      await mount({ theme });
      await expect(harness.page.locator(`[data-sigil-kit-theme="${theme}"]`).count()).resolves.toBe(1);
      expect(await axeViolations()).toEqual([]);
      await harness.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await nextEvent('success');
      await harness.page.getByRole('button', { name: 'Import' }).waitFor();
      expect(await axeViolations()).toEqual([]);
    });
  }

  // The reference page's four blocks, as written, in a page of app.example.com (their rpId): its /api/ routes are the
  // backend the provider block posts to, and https://api.sigil.example (the kit's default baseUrl) is the emulator.
  it('sign up with a passkey, then export and import with the page blocks', async () => {
    const quorum = (await (await fetch(`${server.url}/emulator/v1/enclave-quorum`)).json()) as { keys: { publicKey: string }[] };
    const app = await bundlePageBlocks(quorum.keys[0]!.publicKey);
    const backend: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
      '/api/sign-up': async ({ userName, userEmail, passkey }) => {
        const { activity } = await server.client.createSubOrganization(
          {
            subOrganizationName: String(userName),
            rootUsers: [{ userName: String(userName), userEmail: String(userEmail), apiKeys: [], authenticators: [passkey as never], oauthProviders: [] }],
            rootQuorumThreshold: 1,
            wallet: { walletName: 'Default wallet', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] },
          },
          { wait: true },
        );
        const result = activity.result.createSubOrganizationResultV7!;
        return { organizationId: result.subOrganizationId, userId: result.rootUserIds[0] };
      },
    };
    const context = await harness.browser.newContext();
    try {
      await context.route('**/*', async (route) => {
        const url = new URL(route.request().url());
        if (url.origin === EXAMPLE_BASE_URL) return forward(route, server.url);
        if (url.origin !== 'https://app.example.com') return route.abort('blockedbyclient');
        const handler = backend[url.pathname];
        if (handler) return route.fulfill({ contentType: 'application/json', body: JSON.stringify(await handler(JSON.parse(route.request().postData() ?? '{}'))) });
        if (url.pathname === '/app.js') return route.fulfill({ contentType: 'text/javascript', body: app.js });
        if (url.pathname === '/app.css') return route.fulfill({ contentType: 'text/css', body: app.css });
        return route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><html lang="en"><head><title>Wallet</title><link rel="stylesheet" href="/app.css"></head><body><script src="/app.js"></script></body></html>',
        });
      });
      const page = await context.newPage();
      const logged: string[] = [];
      page.on('console', (message) => logged.push(message.text()));
      await page.goto('https://app.example.com/');
      await addVirtualAuthenticator(page);

      await page.getByLabel('Email').fill('carol@example.com');
      await page.getByRole('button', { name: 'Create an account with a passkey' }).click();
      await expect
        .poll(async () => logged.find((line) => line.startsWith('signed in ')) ?? `${logged.join(' | ')} ${await page.locator('body').innerText()}`, { timeout: 30_000 })
        .toMatch(/^signed in /);
      const [organizationId, userId] = logged.find((line) => line.startsWith('signed in '))!.split(' ').slice(2);
      const { wallets } = await server.client.listWallets({ organizationId: organizationId! });
      await page.evaluate((ids) => (window as unknown as { showWallet(ids: unknown): void }).showWallet(ids), { walletId: wallets[0]!.walletId, userId });

      await page.getByLabel('I understand that anyone with these words controls my funds.').check();
      await page.getByRole('button', { name: 'Show my recovery phrase' }).click();
      await page.getByRole('list', { name: 'Recovery phrase' }).waitFor();
      await expect(page.getByRole('list', { name: 'Recovery phrase' }).locator('li').count()).resolves.toBe(12);
      await page.getByRole('button', { name: 'I have saved it, close' }).click();
      await expect.poll(() => logged.includes('exported'), { timeout: 30_000 }).toBe(true);

      await page.getByLabel('Seed phrase (12, 15, 18, 21 or 24 words)').fill(generateMnemonic(wordlist));
      await page.getByRole('button', { name: 'Import' }).click();
      // onImported logs the new wallet's ID (and its addresses, which the console shows as an array).
      await expect.poll(() => logged.find((line) => /^[0-9a-f-]{36} /.test(line)), { timeout: 30_000 }).toBeDefined();
      await page.getByText(/^Imported Imported wallet: 0x[0-9a-fA-F]{40}$/).waitFor();
      const imported = await server.client.listWallets({ organizationId: organizationId! });
      expect(imported.wallets.map((w) => w.walletName).sort()).toEqual(['Default wallet', 'Imported wallet']);
    } finally {
      await context.close();
    }
  });
});
