/**
 * The request builder beyond signing (plugins/api-reference/components/RequestBuilder): Send to a local
 * server whatever page the reader arrived on, with the rest of the site kept at `connect-src 'self'`
 * (clientModules/policyBoundary.ts); key curves, the stale-timestamp warning, a cleared answer and
 * polling of a pending activity in the sandbox; the form view.
 */
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {expect, test, type Page} from '@playwright/test';

const CREATE_WALLET = '/api/wallets/create-wallet';

async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached({timeout: 30_000});
}

/** A mark that survives client-side navigation and is gone after a full page load. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as {__sameDocument?: boolean}).__sameDocument = true));
}
async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as {__sameDocument?: boolean}).__sameDocument === true);
}
async function connectSrc(page: Page): Promise<string> {
  const policy = await page.locator('head meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  return /connect-src ([^;]*)/.exec(policy ?? '')?.[1] ?? '';
}

/** A stand-in for an emulator on the reader's machine: another origin than the site, answering CORS. */
async function localServer(): Promise<{server: Server; origin: string; received: string[]}> {
  const received: string[] = [];
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'Content-Type, X-Stamp');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(`${request.method} ${request.url} ${body}`);
      response.writeHead(200, {'Content-Type': 'application/json'}).end('{"activity":{"status":"ACTIVITY_STATUS_COMPLETED"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {server, origin: `http://localhost:${(server.address() as AddressInfo).port}`, received};
}

test.describe('Send works, and the policy stays narrow, whatever the entry page', () => {
  let local: Awaited<ReturnType<typeof localServer>>;
  test.beforeAll(async () => {
    local = await localServer();
  });
  test.afterAll(async () => {
    await new Promise((resolve) => local.server.close(resolve));
  });

  test('arriving on the home page, a link into the reference loads it with its own policy, and Send reaches a local server', async ({page}) => {
    await gotoHydrated(page, '/');
    expect(await connectSrc(page)).toBe("'self'");
    await markDocument(page);
    await page.locator('a[href="/api"]').first().click();
    await expect(page).toHaveURL(/\/api$/);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached({timeout: 30_000});
    expect(await sameDocument(page), 'crossing into the reference is a full page load').toBe(false);
    expect(await connectSrc(page)).toContain('http://localhost:*');

    // Within the reference, links stay client-side.
    await markDocument(page);
    await page.locator('a[href="/api/wallets/create-wallet"]').first().click();
    await expect(page.getByRole('heading', {level: 1, name: /Create a wallet/})).toBeVisible();
    expect(await sameDocument(page), 'links inside the reference stay client-side').toBe(true);

    await page.getByRole('button', {name: 'Open the request builder'}).click();
    await page.getByLabel('A server at a base URL').check();
    await page.getByRole('button', {name: 'Use the documentation test key'}).click();
    await page.getByLabel('Base URL to send to (optional)').fill(local.origin);
    await expect(page.getByTestId('builder-stamp')).not.toContainText('Enter an API key');
    await page.getByRole('button', {name: `Send to ${local.origin}`}).click();
    await expect(page.getByText('Answer: HTTP 200')).toBeVisible();
    expect(local.received.some((r) => r.startsWith('POST /public/v1/submit/create_wallet {'))).toBe(true);
  });

  test('arriving on an operation page, leaving the reference narrows the policy back to the site itself', async ({page}) => {
    await gotoHydrated(page, CREATE_WALLET);
    expect(await connectSrc(page)).toContain('https:');
    await markDocument(page);
    await page.locator('a[href="/api/wallets/get-wallet"]').first().click();
    await expect(page).toHaveURL(/\/api\/wallets\/get-wallet$/);
    expect(await sameDocument(page)).toBe(true);

    await page.locator('a.navbar__brand').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached({timeout: 30_000});
    expect(await sameDocument(page), 'leaving the reference is a full page load').toBe(false);
    expect(await connectSrc(page)).toBe("'self'");
    // The page's own policy now stops a call to the local server before it leaves.
    const outcome = await page.evaluate(async (origin) => {
      const blocked = new Promise<string>((resolve) => document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), {once: true}));
      await fetch(`${origin}/`).catch(() => undefined);
      return Promise.race([blocked, new Promise<string>((resolve) => setTimeout(() => resolve('not blocked'), 2_000))]);
    }, local.origin);
    expect(outcome).toBe('connect-src');
    expect(local.received.filter((r) => r.startsWith('GET /'))).toEqual([]);

    // Back into the reference through the history: its policy again.
    await page.goBack();
    await expect(page).toHaveURL(/\/api\/wallets\/get-wallet$/);
    await expect.poll(() => connectSrc(page)).toContain('http://localhost:*');
  });
});
