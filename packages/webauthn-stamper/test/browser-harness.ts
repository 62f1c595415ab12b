// Test-only: a headless Chromium page on http://localhost:<port> with a CDP virtual authenticator,
// loading an esbuild bundle of the given entry as `window.SigilTest`. Shared by the browser tests
// of @sigil/webauthn-stamper and @sigil/sdk-browser.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The test server listens on 127.0.0.1 only; keep Chromium from trying ::1 for "localhost".
  '--host-resolver-rules=MAP localhost 127.0.0.1',
];

export interface BrowserHarness {
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
  origin: string;
  rpId: string;
  close(): Promise<void>;
}

export interface RegisteredCredential {
  /** base64url of rawId. */
  credentialId: string;
  /** base64url of the SPKI DER public key from the registration response. */
  publicKeySpki: string;
  /** base64url of the registration's clientDataJSON and attestationObject. */
  clientDataJson: string;
  attestationObject: string;
  transports: string[];
}

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: 'SigilTest',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startBrowserHarness(entry: string): Promise<BrowserHarness> {
  const code = await bundle(entry);
  const server = createServer((req, res) => {
    if (req.url === '/bundle.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
    } else {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html><head><title>harness</title><script src="/bundle.js"></script></head><body></body></html>');
    }
  });
  const port = await listen(server);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    const origin = `http://localhost:${port}`;
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'SigilTest' in window);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const openBrowser = browser;
    return {
      page,
      cdp,
      authenticatorId,
      origin,
      rpId: 'localhost',
      async close() {
        await openBrowser.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  } catch (error) {
    await browser?.close();
    server.close();
    throw error;
  }
}

/** Registers a passkey on the virtual authenticator with plain navigator.credentials.create. */
export async function registerCredential(page: Page, rpId: string): Promise<RegisteredCredential> {
  return page.evaluate(async (rpId) => {
    const b64url = (buffer: ArrayBuffer): string =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const credential = (await navigator.credentials.create({
      publicKey: {
        rp: { id: rpId, name: 'Sigil test' },
        user: { id: crypto.getRandomValues(new Uint8Array(16)), name: 'alice', displayName: 'Alice' },
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      },
    })) as PublicKeyCredential;
    const response = credential.response as AuthenticatorAttestationResponse;
    return {
      credentialId: b64url(credential.rawId),
      publicKeySpki: b64url(response.getPublicKey()!),
      clientDataJson: b64url(response.clientDataJSON),
      attestationObject: b64url(response.attestationObject),
      transports: response.getTransports(),
    };
  }, rpId);
}
