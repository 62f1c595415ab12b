// The embedded-wallet quickstart followed as a reader would, with the page's own code blocks: its backend
// (server.ts) runs with tsx against a fresh emulator, its frontend (sign-up.ts, sign-message.ts, main.ts) is
// bundled and opened in Chromium with a virtual passkey authenticator, the page's two buttons are clicked, and
// the final result the page promises is checked: recovering the signer of the message gives the wallet's address.
// The session mechanism of run.mjs cannot click buttons in a browser, so this page has its own test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { recoverMessageAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BASE_URL } from './execute.mjs';
import { extractBlocks } from './run.mjs';
import { addVirtualAuthenticator, freePort, launchChromium, listen, routeApiToEmulator, watchConsole } from '../browser/passkey-page.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const page = join(repo, 'website/docs/getting-started/embedded-wallet-quickstart.mdx');
const work = join(repo, 'examples', '.doctest', `embedded-wallet-${process.pid}`);
const MESSAGE = 'Hello from my embedded wallet';

/** The page's code block whose title is `title`, exactly as written. */
function block(title: string): string {
  const found = extractBlocks(readFileSync(page, 'utf8')).find((b) => new RegExp(`(^|\\s)title="${title}"`).test(b.meta));
  if (!found) throw new Error(`the embedded-wallet quickstart has no block titled ${title}`);
  return found.code;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`server.ts exited with ${child.exitCode}:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'GET', path: '/' }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server.ts did not listen on ${port}:\n${output()}`);
}

describe('embedded-wallet quickstart, followed step by step', { timeout: 180_000 }, () => {
  let emulator: TestEmulator;
  let backend: ChildProcess | undefined;
  let backendOutput = '';
  let frontend: Server | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    mkdirSync(work, { recursive: true });
    emulator = await startTestEmulator({ organizationName: 'Emulator Organization' });
  });

  afterAll(async () => {
    await browser?.close();
    backend?.kill('SIGTERM');
    await new Promise<void>((resolve) => (frontend ? frontend.close(() => resolve()) : resolve()));
    await emulator?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('signs up with a passkey, gets a sub-organization with a wallet, and signs a message that recovers to its address', async () => {
    // Step 2: the backend, on a free port instead of 3000 (another process may hold 3000), with the
    // environment the Local development page sets.
    const backendPort = await freePort();
    const server = block('server.ts');
    expect(server).toContain('.listen(3000)');
    writeFileSync(join(work, 'server.ts'), `${server.replace('.listen(3000)', `.listen(${backendPort})`)}\nexport {};\n`);
    const keyFile = join(work, 'sigil-api-key.json');
    writeFileSync(keyFile, JSON.stringify(emulator.rootKeys), { mode: 0o600 });
    backend = spawn(process.execPath, [join(repo, 'node_modules/tsx/dist/cli.mjs'), join(work, 'server.ts')], {
      cwd: work,
      env: {
        ...process.env,
        SIGIL_BASE_URL: emulator.url,
        SIGIL_API_KEY_FILE: keyFile,
        SIGIL_ORGANIZATION_ID: emulator.organizationId,
        SIGIL_API_PUBLIC_KEY: emulator.rootKeys.publicKey,
        SIGIL_API_PRIVATE_KEY: emulator.rootKeys.privateKey,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    backend.stdout!.on('data', (d) => (backendOutput += d));
    backend.stderr!.on('data', (d) => (backendOutput += d));
    await waitForPort(backendPort, backend, () => backendOutput);

    // Steps 3 to 5: the frontend files as the page names them, bundled as a bundler such as Vite would.
    writeFileSync(join(work, 'sign-up.ts'), block('sign-up.ts'));
    writeFileSync(join(work, 'sign-message.ts'), block('sign-message.ts'));
    writeFileSync(join(work, 'main.ts'), block('main.ts'));
    const bundled = await build({ entryPoints: [join(work, 'main.ts')], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false });
    const script = bundled.outputFiles[0]!.text;
    const html =
      '<!doctype html><html lang="en"><head><title>Example Wallet</title></head><body>' +
      '<input id="user-name" value="alice"><button id="sign-up">Sign up</button><button id="sign">Sign</button>' +
      '<script type="module" src="/main.js"></script></body></html>';
    // The development server: the page, the bundle, and /api forwarded to the backend, as step 2 says.
    frontend = createServer((req, res) => {
      if (req.url?.startsWith('/api/')) {
        const forward = httpRequest({ host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        forward.on('error', () => res.writeHead(502).end());
        req.pipe(forward);
      } else if (req.url === '/main.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      } else {
        res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      }
    });
    const frontendPort = await listen(frontend);

    browser = await launchChromium();
    const tab = await browser.newPage();
    // The browser SDK calls Sigil's API host; here that host is the emulator.
    await routeApiToEmulator(tab, emulator.url, EXAMPLE_BASE_URL);
    const pageConsole = watchConsole(tab, { describe: () => `backend: ${backendOutput}` });
    await tab.goto(`http://localhost:${frontendPort}/`);
    await addVirtualAuthenticator(tab);

    await tab.click('#sign-up');
    const address = await pageConsole.waitForLine('wallet address ');
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // The user is the sub-organization's only root user, and the passkey its only credential.
    const { organizationIds } = await emulator.client.listSuborgs({});
    expect(organizationIds).toHaveLength(1);
    const { users } = await emulator.client.listUsers({ organizationId: organizationIds[0]! });
    expect(users.map((u) => [u.userName, u.apiKeys.length, u.authenticators.length])).toEqual([['alice', 0, 1]]);

    await tab.click('#sign');
    const signature = await pageConsole.waitForLine('signature ');
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await recoverMessageAddress({ message: MESSAGE, signature: signature as `0x${string}` })).toBe(address);
    expect(block('main.ts')).toContain(`'${MESSAGE}'`);
  });
});
