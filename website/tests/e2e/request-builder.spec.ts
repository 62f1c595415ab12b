/**
 * The request builder beyond signing (plugins/api-reference/components/RequestBuilder): Send to a local
 * server whatever page the reader arrived on, with the rest of the site kept at `connect-src 'self'`
 * (clientModules/policyBoundary.ts); key curves, the stale-timestamp warning, a cleared answer and
 * polling of a pending activity in the sandbox; the form view.
 */
import {createPublicKey, verify} from 'node:crypto';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {expect, test, type Page} from '@playwright/test';
import {axeViolations} from '../quality/axe';
import {waitForSandbox} from './sandbox-ready';

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

/** Opens the builder on create_wallet and waits for the sandbox to start and sign. */
async function openWithSandbox(page: Page): Promise<void> {
  await gotoHydrated(page, CREATE_WALLET);
  await page.getByRole('button', {name: 'Open the request builder'}).click();
  await waitForSandbox(page);
}

/** OpenSSL's view of an X-Stamp: which scheme and key, and whether the signature holds for the body. */
function verifyAnyStamp(header: string, body: string): {scheme: string; publicKey: string; valid: boolean} {
  const stamp = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as {publicKey: string; scheme: string; signature: string};
  const signature = Buffer.from(stamp.signature, 'hex');
  let valid: boolean;
  if (stamp.scheme === 'SIGNATURE_SCHEME_SIGIL_ED25519') {
    const key = createPublicKey({key: {kty: 'OKP', crv: 'Ed25519', x: Buffer.from(stamp.publicKey, 'hex').toString('base64url')}, format: 'jwk'});
    valid = verify(null, Buffer.from(body, 'utf8'), key, signature);
  } else {
    // SubjectPublicKeyInfo prefixes for a compressed point: id-ecPublicKey with secp256k1 or P-256.
    const prefix =
      stamp.scheme === 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256'
        ? '3036301006072a8648ce3d020106052b8104000a032200'
        : '3039301306072a8648ce3d020106082a8648ce3d030107032200';
    const key = createPublicKey({key: Buffer.from(prefix + stamp.publicKey, 'hex'), format: 'der', type: 'spki'});
    valid = verify('sha256', Buffer.from(body, 'utf8'), {key, dsaEncoding: 'der'}, signature);
  }
  return {scheme: stamp.scheme, publicKey: stamp.publicKey, valid};
}

test.describe('request builder', () => {
  test('the form view edits the same body as the JSON: enums as selects, required fields marked, lists and optional fields added', async ({page}) => {
    await openWithSandbox(page);
    const json = page.getByLabel('Request body (JSON)');
    const before = JSON.parse(await json.inputValue()) as {parameters: {walletName: string; accounts: unknown[]; mnemonicLength?: number}};
    await page.getByLabel('Form', {exact: true}).check();
    const form = page.getByTestId('builder-form');
    await expect(form).toBeVisible();
    // Every control has a label naming its field; required ones say so.
    await expect(form.getByLabel('parameters.walletName')).toHaveValue(before.parameters.walletName);
    await expect(form.locator('label', {hasText: 'parameters.walletName'})).toContainText('required');
    await expect(form.getByLabel(/^type required$/)).toHaveAttribute('readonly', '');
    const unlabelled = await form.locator('input, select, textarea').evaluateAll((controls) =>
      controls.filter((c) => !(c as HTMLInputElement).labels?.length && !c.getAttribute('aria-label')).map((c) => c.outerHTML),
    );
    expect(unlabelled).toEqual([]);

    await form.getByLabel('parameters.walletName').fill('Form wallet');
    const curve = form.getByLabel('parameters.accounts[0].curve');
    await expect(curve).toHaveJSProperty('tagName', 'SELECT');
    await curve.selectOption({label: 'CURVE_ED25519'});
    await form.getByRole('button', {name: 'Add an item to parameters.accounts'}).click();
    await expect(form.getByLabel('parameters.accounts[1].curve')).toBeVisible();
    await expect(page.getByTestId('builder-status')).toContainText('parameters.accounts[1]');
    await form.getByRole('button', {name: 'Remove parameters.accounts[1]'}).click();
    if (before.parameters.mnemonicLength === undefined) await form.getByRole('button', {name: 'Add parameters.mnemonicLength'}).click();
    await form.getByRole('combobox', {name: /^parameters\.mnemonicLength/}).selectOption({label: '24'});

    await page.getByLabel('JSON', {exact: true}).check();
    const after = JSON.parse(await page.getByLabel('Request body (JSON)').inputValue()) as {parameters: {walletName: string; accounts: Array<{curve: string}>; mnemonicLength: number}};
    expect(after.parameters.walletName).toBe('Form wallet');
    expect(after.parameters.accounts).toHaveLength(before.parameters.accounts.length);
    expect(after.parameters.accounts[0]!.curve).toBe('CURVE_ED25519');
    expect(after.parameters.mnemonicLength).toBe(24);
    await expect(page.getByTestId('builder-status')).toContainText('matches the request schema');

    // And back: a misspelt field typed in the JSON shows in the form as unknown, removable there.
    await page.getByLabel('Request body (JSON)').fill(JSON.stringify({...after, parameters: {...after.parameters, walletNam: 'x'}}, null, 2));
    await page.getByLabel('Form', {exact: true}).check();
    await expect(form).toContainText('parameters.walletNam is an unknown field');
    await form.getByRole('button', {name: 'Remove parameters.walletNam'}).click();
    await expect(page.getByTestId('builder-status')).toContainText('matches the request schema');
  });

  test('the form view is axe clean in light and dark mode', async ({page}) => {
    test.setTimeout(180_000);
    const problems: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      await gotoHydrated(page, mode === 'light' ? CREATE_WALLET : `${CREATE_WALLET}?docusaurus-theme=dark`);
      await page.getByRole('button', {name: 'Open the request builder'}).click();
      await page.getByLabel('Form', {exact: true}).check();
      await expect(page.getByTestId('builder-form')).toBeVisible();
      // The stale-timestamp warning is part of what a reader may see.
      await page.getByTestId('builder-form').getByRole('textbox', {name: 'timestampMs required'}).fill(String(Date.now() - 600_000));
      await expect(page.getByTestId('builder-timestamp-warning')).toBeVisible();
      problems.push(...(await axeViolations(page, mode, 'all', [], '[aria-label="Request builder"]')));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('signs with a secp256k1 or Ed25519 key generated in the page, under that key’s scheme', async ({page}) => {
    await gotoHydrated(page, CREATE_WALLET);
    await page.getByRole('button', {name: 'Open the request builder'}).click();
    await page.getByLabel('A server at a base URL').check();
    const cases = [
      ['API_KEY_CURVE_SECP256K1', 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256', /^0[23][0-9a-f]{64}$/],
      ['API_KEY_CURVE_ED25519', 'SIGNATURE_SCHEME_SIGIL_ED25519', /^[0-9a-f]{64}$/],
      ['API_KEY_CURVE_P256', 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256', /^0[23][0-9a-f]{64}$/],
    ] as const;
    let previous = await page.getByLabel(/^Public key/).inputValue();
    for (const [curve, scheme, shape] of cases) {
      await page.getByLabel('Key type').selectOption(curve);
      await page.getByRole('button', {name: 'Generate a new key pair'}).click();
      // The new key replaces the previous one when its generation settles (secp256k1 and P-256 keys look alike).
      await expect(page.getByLabel(/^Public key/), curve).not.toHaveValue(previous);
      await expect(page.getByLabel(/^Public key/), curve).toHaveValue(shape);
      const publicKey = await page.getByLabel(/^Public key/).inputValue();
      previous = publicKey;
      expect(await page.getByLabel(/^Private key/).getAttribute('value')).toBeNull();
      const exact = (await page.getByTestId('builder-body').textContent()) ?? '';
      await expect.poll(async () => verifyAnyStamp((await page.getByTestId('builder-stamp').textContent()) ?? '', exact), {message: curve}).toEqual({scheme, publicKey, valid: true});
    }
  });

  test('warns of a stale timestamp and refreshes it in one click', async ({page}) => {
    await openWithSandbox(page);
    const editor = page.getByLabel('Request body (JSON)');
    const warning = page.getByTestId('builder-timestamp-warning');
    await expect(warning).toHaveCount(0);
    const body = JSON.parse(await editor.inputValue()) as Record<string, unknown>;
    await editor.fill(JSON.stringify({...body, timestampMs: String(Date.now() - 10 * 60_000)}, null, 2));
    await expect(warning).toContainText('timestampMs is 10 minutes old');
    await expect(warning).toContainText('more than 5 minutes old');
    await warning.getByRole('button', {name: 'Refresh timestampMs'}).click();
    await expect(warning).toHaveCount(0);
    const refreshed = JSON.parse(await editor.inputValue()) as {timestampMs: string};
    expect(Math.abs(Number(refreshed.timestampMs) - Date.now())).toBeLessThan(60_000);
    await editor.fill(JSON.stringify({...body, timestampMs: String(Date.now() + 5 * 60_000)}, null, 2));
    await expect(warning).toContainText('in the future');
  });

  test('a changed body clears the previous answer', async ({page}) => {
    await openWithSandbox(page);
    await page.getByRole('button', {name: 'Send to the sandbox'}).click();
    const answer = page.getByTestId('sandbox-answer');
    await expect(answer).toHaveAttribute('data-status', '200', {timeout: 15_000});
    const editor = page.getByLabel('Request body (JSON)');
    await editor.fill((await editor.inputValue()).replace(/"walletName": "[^"]*"/, '"walletName": "Another wallet"'));
    await expect(answer).toHaveCount(0);
    // Sending again answers for the new body.
    await page.getByRole('button', {name: 'Send to the sandbox'}).click();
    await expect(answer).toHaveAttribute('data-status', '200', {timeout: 15_000});
  });

  test('polls a pending activity until it settles', async ({page}) => {
    await openWithSandbox(page);
    await page.getByLabel('Keep new activities pending for a while').check();
    await expect(page.getByLabel('Keep new activities pending for a while')).toBeChecked();
    await page.getByRole('button', {name: 'Send to the sandbox'}).click();
    await expect(page.getByTestId('sandbox-answer')).toHaveAttribute('data-status', '200', {timeout: 15_000});
    const submitted = JSON.parse((await page.getByTestId('sandbox-answer').locator('code').first().textContent()) ?? '') as {activity: {status: string}};
    expect(submitted.activity.status).toBe('ACTIVITY_STATUS_PENDING');
    const polling = page.getByTestId('builder-polling');
    await expect(polling).toContainText('polling get_activity');
    await expect(polling).toHaveAttribute('data-activity-status', 'ACTIVITY_STATUS_COMPLETED', {timeout: 20_000});
    // The sandbox answered PENDING to two reads, then ran the activity on the third.
    await expect(polling).toContainText('The activity settled: ACTIVITY_STATUS_COMPLETED (after 3 get_activity reads)');
    const latest = JSON.parse((await polling.locator('code').last().textContent()) ?? '') as {activity: {status: string; result: {createWalletResult?: {walletId: string}}}};
    expect(latest.activity.result.createWalletResult?.walletId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
