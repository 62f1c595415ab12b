// Test-only: one Chromium (Debian's, with the repository's flags) and a tab on http://localhost:<port> that loads
// an esbuild bundle of the test app as `window.SigilTest`, the kit's stylesheet, and a CDP virtual authenticator.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { build } from 'esbuild';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { addVirtualAuthenticator, launchChromium, listen } from '../../../scripts/browser/passkey-page.mjs';

export interface KitHarness {
  /** For more contexts (another origin) in the same browser. */
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  origin: string;
  rpId: string;
  close(): Promise<void>;
}

export async function startKitHarness(entry: string, stylesheet: string): Promise<KitHarness> {
  const bundled = await build({ entryPoints: [entry], bundle: true, format: 'iife', globalName: 'SigilTest', platform: 'browser', target: 'es2022', write: false });
  const code = bundled.outputFiles[0]!.text;
  const css = readFileSync(stylesheet, 'utf8');
  const server = createServer((req, res) => {
    if (req.url === '/bundle.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
    else if (req.url === '/styles.css') res.writeHead(200, { 'content-type': 'text/css' }).end(css);
    else {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html lang="en"><head><title>Kit test</title><link rel="stylesheet" href="/styles.css"><script src="/bundle.js"></script></head><body><div id="app"></div></body></html>');
    }
  });
  const port = await listen(server);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    // axe needs a page of a context the test created.
    const context = await browser.newContext();
    const page = await context.newPage();
    const origin = `http://localhost:${port}`;
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'SigilTest' in window);
    const { cdp } = await addVirtualAuthenticator(page);
    const open = browser;
    return {
      browser: open,
      page,
      cdp,
      origin,
      rpId: 'localhost',
      async close() {
        await open.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  } catch (error) {
    await browser?.close();
    server.close();
    throw error;
  }
}
