// Test-only: Chromium with a page on http://localhost:<port> (the app), the frames served by the emulator's
// frames server on http://127.0.0.1:<another port>, and a few pages the bad-input tests need on the
// app's server: a redirect to the frame (so the frame answers from an unexpected origin) and a page
// that never answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { startFramesServer, type FramesServer } from '@sigil/emulator/node';
import { chromiumLaunchOptions } from '../../../scripts/browser/chromium.mjs';

export interface CrossOrigin {
  browser: Browser;
  /** The app's origin, http://localhost:<port>: the page that embeds the frames. */
  appOrigin: string;
  /** The same server on http://127.0.0.1:<port>: another origin, for a page that pretends to be the app. */
  otherOrigin: string;
  frames: FramesServer;
  /** The frames as the app embeds them: http://localhost:<frames port>/auth/ and /export/, same site as the app, another origin. */
  authUrl: string;
  exportUrl: string;
  close(): Promise<void>;
}

const PAGE = '<!doctype html><html><head><title>app</title><script src="/bundle.js"></script></head><body><div id="frames"></div></body></html>';

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startCrossOrigin(): Promise<CrossOrigin> {
  const framesDir = fileURLToPath(new URL('../dist/frames', import.meta.url));
  const frames = await startFramesServer({ dir: framesDir, host: '127.0.0.1', port: 0 });
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./page-entry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'SigilTest',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  const code = bundled.outputFiles[0]!.text;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://app');
    if (url.pathname === '/bundle.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
    // To the frame on 127.0.0.1: an origin the app's stamper was not told about.
    else if (url.pathname === '/redirect') res.writeHead(302, { location: `${frames.authUrl.replace('localhost', '127.0.0.1')}${url.search}` }).end();
    else if (url.pathname === '/silent') res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>silent</title>');
    else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  const port = await listen(server);
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    // The servers listen on 127.0.0.1 only; keep Chromium from trying ::1 for "localhost".
    args: [...chromiumLaunchOptions.args, '--host-resolver-rules=MAP localhost 127.0.0.1'],
  });
  return {
    browser,
    appOrigin: `http://localhost:${port}`,
    otherOrigin: `http://127.0.0.1:${port}`,
    frames,
    // The frames server names localhost: another port, so cross-origin to the app, but the same site, so
    // the frames keep their IndexedDB even in an incognito context like Playwright's.
    authUrl: frames.authUrl,
    exportUrl: frames.exportUrl,
    close: async () => {
      await browser.close();
      await frames.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
