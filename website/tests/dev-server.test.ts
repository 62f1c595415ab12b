import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, readdirSync, statSync} from 'node:fs';
import {createServer, type AddressInfo} from 'node:net';
import path from 'node:path';
import {chromium, type Browser, type Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {chromiumLaunchOptions} from '../../scripts/browser/chromium.mjs';

// The README's first command serves the site with the development server, which compiles differently from the
// production build every other browser test reads (another JSX runtime, no server render, hot reload). A page that
// draws in the build can stay blank there, so this test opens the development server the way a new reader does.
const website = path.join(__dirname, '..');

/** Files under `dir` changed since `since` (ms). */
function changedSince(dir: string, since: number): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((file) => {
    const stat = statSync(path.join(dir, file));
    return stat.isFile() && stat.mtimeMs > since;
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once the server answers the page, or rejects with its output when it exits first. */
function untilServing(child: ChildProcess, url: string, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    child.once('exit', (code) => {
      if (!done) reject(new Error(`the development server exited (${code}) before serving:\n${output()}`));
      done = true;
    });
    const poll = async () => {
      if (done) return;
      const ok = await fetch(url).then((r) => r.ok, () => false);
      if (ok) {
        done = true;
        resolve();
      } else setTimeout(poll, 250);
    };
    void poll();
  });
}

/** Waits for the page to hydrate; a script error on the way fails at once, with its message, not at the timeout. */
async function hydrated(page: Page, errors: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await page.locator('html[data-has-hydrated="true"]').count())) {
    if (errors.length) throw new Error(`the page failed before hydrating: ${errors.join('\n')}`);
    if (Date.now() > deadline) throw new Error('the page did not hydrate within 60 s, and reported no error');
    await page.waitForFunction(() => document.documentElement.dataset['hasHydrated'] === 'true', null, {timeout: 500}).catch(() => undefined);
  }
}

describe('the development server (npm start)', () => {
  let server: ChildProcess;
  let browser: Browser;
  let base: string;
  let output = '';
  const started = Date.now();

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {...process.env, BROWSER: 'none'};
    delete env['SIGIL_TEST_FIXTURES']; // the README's command sets nothing
    server = spawn('npx', ['docusaurus', 'start', '--host', '127.0.0.1', '--port', String(port), '--no-open'], {
      cwd: website,
      detached: true, // its own process group, so the bundler's workers stop with it
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
    server.stdout!.on('data', keep);
    server.stderr!.on('data', keep);
    await untilServing(server, `${base}/concepts/wallets`, () => output);
    browser = await chromium.launch(chromiumLaunchOptions);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
  });

  it('draws a docs page and an API page, hydrates them without an error, and navigates on the client', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    for (const [route, heading] of [
      ['/concepts/wallets', 'Wallets'],
      ['/api/wallets/create-wallet', 'Create a wallet'],
    ] as const) {
      await page.goto(base + route);
      await hydrated(page, errors);
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(heading);
    }

    await page.goto(`${base}/concepts/wallets`);
    await hydrated(page, errors);
    await page.locator('nav a[href="/getting-started/quickstart"]').first().click();
    await page.waitForURL('**/getting-started/quickstart');
    await expect.poll(() => page.locator('h1').first().textContent(), {timeout: 30_000}).toBe('Quickstart');
    expect(errors).toEqual([]);
  }, 180_000);

  it('writes nothing into the build folder, which may hold a built site the other tests read', () => {
    expect(existsSync(path.join(website, 'build')) ? changedSince(path.join(website, 'build'), started) : []).toEqual([]);
  });
});
