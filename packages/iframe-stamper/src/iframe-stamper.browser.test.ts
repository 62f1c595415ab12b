import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCrossOrigin, type CrossOrigin } from '../test/cross-origin.js';

type Sdk = typeof import('../test/page-entry.js');
declare global {
  interface Window {
    SigilTest: Sdk;
    /** Every postMessage the app page received, recorded before any frame loads. */
    received: unknown[];
  }
}

interface OutboxMessage {
  to: string;
  operation: string;
  credentialBundle?: string;
}

describe('IframeStamper in Chromium, the page and the frames on different origins', { timeout: 60_000 }, () => {
  let site: CrossOrigin;
  let server: TestEmulator;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [site, server] = await Promise.all([startCrossOrigin(), startTestEmulator()]);
    await server.client.setOrganizationFeature({ name: 'FEATURE_NAME_EMAIL_AUTH' });
    await server.client.updateUser({ userId: server.rootUserId, userEmail: 'root@example.com' });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    await server?.close();
  });

  async function openApp(): Promise<Page> {
    // A fresh context per test: the frames' IndexedDB (and so their target keys) starts empty.
    context = await site.browser.newContext();
    page = await context.newPage();
    await page.addInitScript(() => {
      window.received = [];
      window.addEventListener('message', (event) => window.received.push(event.data));
    });
    await page.goto(`${site.appOrigin}/`);
    await page.waitForFunction(() => 'SigilTest' in window);
    return page;
  }

  afterEach(async () => {
    await context?.close();
  });

  /** The credential bundle of the newest email_auth email in the emulator's outbox. */
  async function emailedBundle(): Promise<string> {
    const response = await fetch(`${server.url}/emulator/v1/outbox`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const bundle = messages.filter((m) => m.operation === 'email_auth').at(-1)?.credentialBundle;
    if (!bundle) throw new Error('No email_auth message in the outbox');
    return bundle;
  }

  it('signs in with email_auth: the bundle from the outbox opens in the frame, and whoami is stamped there', async () => {
    await openApp();
    const targetPublicKey = await page.evaluate(async (iframeUrl) => {
      const { IframeStamper } = window.SigilTest;
      const stamper = new IframeStamper({ iframeUrl, iframeContainer: document.getElementById('frames')!, iframeElementId: 'sigil-auth' });
      (window as unknown as { stamper: typeof stamper }).stamper = stamper;
      return stamper.init();
    }, site.authUrl);
    expect(targetPublicKey).toMatch(/^0[23][0-9a-f]{64}$/);

    await server.client.emailAuth({ email: 'root@example.com', targetPublicKey });
    const bundle = await emailedBundle();

    const result = await page.evaluate(
      async ({ bundle, baseUrl, organizationId }) => {
        const { SigilClient, IframeStamperError } = window.SigilTest;
        const stamper = (window as unknown as { stamper: InstanceType<Sdk['IframeStamper']> }).stamper;
        let before = '';
        try {
          await stamper.stamp('{}');
        } catch (error) {
          before = error instanceof IframeStamperError ? error.reason : String(error);
        }
        const injected = await stamper.injectCredentialBundle(bundle);
        const client = new SigilClient({ baseUrl, organizationId, stamper });
        const me = await client.whoami();
        return { before, injected, userId: me.userId, publicKey: stamper.publicKey() };
      },
      { bundle, baseUrl: server.url, organizationId: server.organizationId },
    );
    expect(result).toEqual({ before: 'no-credential', injected: true, userId: server.rootUserId, publicKey: targetPublicKey });
    const whoami = server.requests.filter((r) => r.path === '/public/v1/query/whoami').at(-1)!;
    expect(whoami.status).toBe(200);
    const stamp = JSON.parse(Buffer.from(whoami.headers['x-stamp']!, 'base64url').toString('utf8')) as { publicKey: string; scheme: string };
    expect(stamp.scheme).toBe('SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256');
    // The stamp names the API key the bundle carried, which the page never saw.
    expect(stamp.publicKey).not.toBe(targetPublicKey);
    // What crossed to the page: the ready notice and answers holding the public key, true, and stamps only.
    const answers = (await page.evaluate(() => window.received)) as Array<{ type?: string; ok?: boolean; value?: unknown }>;
    expect(answers.filter((m) => m.type !== 'ready').map((m) => (typeof m.value === 'object' && m.value ? Object.keys(m.value).sort() : typeof m.value))).toEqual([
      'string',
      'undefined',
      'boolean',
      ['stampHeaderName', 'stampHeaderValue'],
    ]);

    // The page cannot reach into the frame: its document is another origin's.
    const reach = await page.evaluate(() => {
      const frame = document.getElementById('sigil-auth') as HTMLIFrameElement;
      try {
        return String(frame.contentWindow!.document.body.innerHTML);
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(reach).toBe('SecurityError');
    expect(await page.evaluate(() => (document.getElementById('sigil-auth') as HTMLIFrameElement).contentDocument)).toBeNull();

    // clear() forgets the credential and the key: stamping fails again and init makes a new key.
    const afterClear = await page.evaluate(async () => {
      const { IframeStamperError } = window.SigilTest;
      const stamper = (window as unknown as { stamper: InstanceType<Sdk['IframeStamper']> }).stamper;
      await stamper.clear();
      const cleared = stamper.publicKey();
      const reason = await stamper.stamp('{}').then(
        () => 'stamped',
        (error: unknown) => (error instanceof IframeStamperError ? error.reason : String(error)),
      );
      return { cleared: cleared ?? null, reason, next: await stamper.init() };
    });
    expect(afterClear.cleared).toBeNull();
    expect(afterClear.reason).toBe('no-credential');
    expect(afterClear.next).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(afterClear.next).not.toBe(targetPublicKey);
  });

  it('shows an exported mnemonic inside the export frame only, and its words derive the wallet address', async () => {
    const activity = await server.client.createWallet({
      walletName: 'Exported wallet',
      accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
    });
    const walletId = activity.result!.createWalletResult!.walletId;
    const address = activity.result!.createWalletResult!.addresses[0]!;

    await openApp();
    const targetPublicKey = await page.evaluate(async (iframeUrl) => {
      const { IframeStamper } = window.SigilTest;
      const exportFrame = new IframeStamper({ iframeUrl, iframeContainer: document.getElementById('frames')!, iframeElementId: 'sigil-export' });
      (window as unknown as { exportFrame: typeof exportFrame }).exportFrame = exportFrame;
      return exportFrame.init();
    }, site.exportUrl);
    const exported = await server.client.exportWallet({ walletId, targetPublicKey });
    const exportBundle = exported.result!.exportWalletResult!.exportBundle;

    const shown = await page.evaluate(
      async ({ exportBundle, organizationId }) => {
        const exportFrame = (window as unknown as { exportFrame: InstanceType<Sdk['IframeStamper']> }).exportFrame;
        const ok = await exportFrame.injectExportBundle(exportBundle, organizationId);
        return { ok, hidden: (document.getElementById('sigil-export') as HTMLIFrameElement).hidden };
      },
      { exportBundle, organizationId: server.organizationId },
    );
    expect(shown).toEqual({ ok: true, hidden: false });

    const frame = page.frames().find((f) => f.url().startsWith(site.exportUrl))!;
    const words = await frame.locator('#secret li').allTextContents();
    // The emulator's wallets have 12-word mnemonics.
    expect(words).toHaveLength(12);
    const mnemonic = words.join(' ');
    expect(validateMnemonic(mnemonic, wordlist)).toBe(true);
    const child = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive("m/44'/60'/0'/0/0");
    const uncompressed = secp256k1.Point.fromBytes(child.publicKey!).toBytes(false);
    const derived = `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`;
    expect(derived).toBe(address.toLowerCase());

    // Nothing the page holds or received carries the words.
    const pageText = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify(window.received));
    expect(pageText).not.toContain(words.slice(0, 3).join(' '));
    for (const message of await page.evaluate(() => window.received)) expect(JSON.stringify(message)).not.toContain(words[0]! + ' ');
  });

  it('refuses requests from a page that is not the origin the frame was given', async () => {
    context = await site.browser.newContext();
    page = await context.newPage();
    // A page on another origin embeds the frame and claims to be the app.
    await page.goto(`${site.otherOrigin}/silent`);
    const frameUrl = `${site.frames.authUrl}?parentOrigin=${encodeURIComponent(site.appOrigin)}`;
    await page.evaluate(async (src) => {
      window.received = [];
      window.addEventListener('message', (event) => window.received.push(event.data));
      const iframe = document.createElement('iframe');
      iframe.id = 'stolen';
      iframe.src = src;
      const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
      document.body.appendChild(iframe);
      await loaded;
      iframe.contentWindow!.postMessage({ channel: 'sigil-iframe-stamper', type: 'init', id: '1' }, '*');
    }, frameUrl);
    const frame = page.frames().find((f) => f.url().startsWith(site.frames.authUrl))!;
    await frame.waitForFunction(() => document.documentElement.dataset.refusedMessages === '1');
    // The frame neither answered nor even announced itself to this origin.
    expect(await page.evaluate(() => window.received)).toEqual([]);
  });

  it('rejects with origin-mismatch when the frame answers from another origin than iframeUrl names', async () => {
    await openApp();
    const reason = await page.evaluate(async (iframeUrl) => {
      const { IframeStamper, IframeStamperError } = window.SigilTest;
      const stamper = new IframeStamper({ iframeUrl, iframeContainer: document.getElementById('frames')!, iframeElementId: 'redirected' });
      return stamper.init().then(
        () => 'initialised',
        (error: unknown) => (error instanceof IframeStamperError ? `${error.reason}: ${error.message}` : String(error)),
      );
    }, `${site.appOrigin.replace('localhost', '127.0.0.1')}/redirect`);
    expect(reason).toBe(
      `origin-mismatch: The frame answered from ${new URL(site.frames.authUrl.replace('localhost', '127.0.0.1')).origin}, not ${site.otherOrigin}: it was redirected or replaced, so its answers are ignored`,
    );
  });

  it('rejects with timeout when the frame never answers', async () => {
    await openApp();
    const result = await page.evaluate(async (iframeUrl) => {
      const { IframeStamper, IframeStamperError } = window.SigilTest;
      const stamper = new IframeStamper({ iframeUrl, iframeContainer: document.getElementById('frames')!, iframeElementId: 'silent', timeoutMs: 300 });
      return stamper.init().then(
        () => 'initialised',
        (error: unknown) => (error instanceof IframeStamperError ? `${error.reason}: ${error.message}` : String(error)),
      );
    }, `${site.otherOrigin}/silent`);
    expect(result).toBe(`timeout: The frame at ${site.otherOrigin} did not load within 300 ms`);
  });

  it("refuses a frame on the page's own origin, a relative URL and an element id already in use", async () => {
    await openApp();
    const errors = await page.evaluate((authUrl) => {
      const { IframeStamper } = window.SigilTest;
      const iframeContainer = document.getElementById('frames')!;
      const attempt = (iframeUrl: string, iframeElementId: string): string => {
        try {
          new IframeStamper({ iframeUrl, iframeContainer, iframeElementId });
          return 'created';
        } catch (error) {
          return `${(error as Error).name}: ${(error as Error).message}`;
        }
      };
      return [attempt(`${location.origin}/auth/`, 'a'), attempt('/auth/', 'b'), attempt(authUrl, 'frames')];
    }, site.authUrl);
    expect(errors).toEqual([
      `TypeError: iframeUrl must be on another origin than the page (both are ${site.appOrigin})`,
      'TypeError: iframeUrl must be an absolute URL (got "/auth/")',
      'TypeError: The page already has an element with id "frames": iframeElementId must be unique',
    ]);
  });

  it('injectCredentialBundle resolves false for a bundle made for another key and for a malformed one', async () => {
    await openApp();
    await page.evaluate(async (iframeUrl) => {
      const { IframeStamper } = window.SigilTest;
      const stamper = new IframeStamper({ iframeUrl, iframeContainer: document.getElementById('frames')!, iframeElementId: 'sigil-auth' });
      (window as unknown as { stamper: typeof stamper }).stamper = stamper;
      await stamper.init();
    }, site.authUrl);
    // A real bundle, sealed to someone else's target key.
    await server.client.emailAuth({ email: 'root@example.com', targetPublicKey: generateApiKeyPair().publicKey });
    const otherKeyBundle = await emailedBundle();
    const answers = await page.evaluate(async (bundles) => {
      const { IframeStamperError } = window.SigilTest;
      const stamper = (window as unknown as { stamper: InstanceType<Sdk['IframeStamper']> }).stamper;
      const results: boolean[] = [];
      for (const bundle of bundles) results.push(await stamper.injectCredentialBundle(bundle));
      results.push(await stamper.injectExportBundle(bundles[0]!, 'org'));
      const stamp = await stamper.stamp('{}').then(
        () => 'stamped',
        (error: unknown) => (error instanceof IframeStamperError ? error.reason : String(error)),
      );
      return { results, stamp };
    }, [otherKeyBundle, 'not a bundle', '04' + 'ab'.repeat(70), otherKeyBundle.slice(0, -2)]);
    expect(answers).toEqual({ results: [false, false, false, false, false], stamp: 'no-credential' });
  });
});
