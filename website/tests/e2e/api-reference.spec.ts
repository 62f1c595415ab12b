/**
 * The API reference (plugins/api-reference): content in the served HTML, the request
 * builder (validation, signing, no network until Send), accessibility, narrow screens.
 */
import {createPublicKey, generateKeyPairSync, verify} from 'node:crypto';
import {axeViolations} from '../quality/axe';
import {expect, test, type APIRequestContext, type Page, type Request} from '@playwright/test';
import {waitForSandbox} from './sandbox-ready';

const CREATE_WALLET = '/api/wallets/create-wallet';

async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Large pages (every field of create_sub_organization) take a while to hydrate on a busy 2-core machine.
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached({timeout: 30_000});
}

// --- The OpenAPI document, read from the site's own download, to know what each page must show.

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxProperties?: number;
}
interface Doc {
  paths: Record<string, Record<string, {operationId: string; tags: string[]; requestBody: {content: Record<string, {schema: Schema}>}}>>;
  components: {schemas: Record<string, Schema>};
}

async function openApi(request: APIRequestContext): Promise<Doc> {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  return (await response.json()) as Doc;
}

function deref(doc: Doc, schema: Schema): Schema {
  let s = schema;
  while (s.$ref) s = doc.components.schemas[s.$ref.split('/').pop()!]!;
  return s;
}

/** Dotted paths of every required field, nested objects and array items included. */
function requiredPaths(doc: Doc, schema: Schema, prefix = '', seen: string[] = []): string[] {
  const s = deref(doc, schema);
  const out: string[] = [];
  for (const name of s.required ?? []) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.push(path);
    const property = s.properties?.[name];
    if (!property) continue;
    let inner = deref(doc, property);
    let ref = property.$ref;
    if (inner.type === 'array' && inner.items) {
      ref = inner.items.$ref;
      inner = deref(doc, inner.items);
    }
    if (inner.properties && inner.maxProperties !== 1 && !(ref && seen.includes(ref))) {
      out.push(...requiredPaths(doc, inner, path, ref ? [...seen, ref] : seen));
    }
  }
  return out;
}

/** The text of an HTML page, tags removed and entities decoded (enough for these checks). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function routeOf(path: string, tag: string): string {
  const area = tag.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `/api/${area}/${path.split('/').pop()!.replace(/_/g, '-')}`;
}

test.describe('without JavaScript: everything a reader reads is in the HTML', () => {
  test('operation pages list every required request field with its anchor', async ({request}) => {
    const doc = await openApi(request);
    const sample = ['create_wallet', 'create_sub_organization', 'otp_auth', 'get_wallet', 'list_activities', 'sign_transaction'];
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!sample.includes(path.split('/').pop()!)) continue;
      const op = item.post!;
      const response = await request.get(routeOf(path, op.tags[0]!));
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const paths = requiredPaths(doc, op.requestBody.content['application/json']!.schema);
      expect(paths.length, path).toBeGreaterThan(0);
      for (const field of paths) {
        // Names carry <wbr> break points (src/components/Breakable); the text is the name.
        const row = new RegExp(`id="?field-${field.replace(/\./g, '\\.')}[" >][\\s\\S]{0,300}?<code>((?:[^<]|<wbr/?>)+)</code>`);
        expect(row.exec(html)?.[1]?.replace(/<wbr\/?>/g, ''), `${path}: no row for ${field}`).toBe(field.split('.').pop());
      }
      // The code samples (TypeScript, curl, CLI) are in the HTML too, highlighted.
      const text = textOf(html);
      expect(text.includes(`await client.${op.operationId}(`), `${path}: TypeScript sample`).toBe(true);
      expect(text.includes(`curl -X POST "\${SIGIL_BASE_URL:-https://api.sigil.example}${path}"`), `${path}: curl sample`).toBe(true);
      expect(text.includes(`sigil request --path ${path} --body @body.json`), `${path}: CLI sample`).toBe(true);
    }
  });

  test('operation pages list their own errors, and show the completed outcome of a submission', async ({request}) => {
    const html = await (await request.get(CREATE_WALLET)).text();
    const wallet = textOf(html);
    for (const code of [3, 5, 6, 7, 8, 12, 13, 14, 16]) expect(new RegExp(`id="?error-${code}[" >]`).test(html), `error-${code}`).toBe(true);
    expect(/id="?error-11[" >]/.test(html), 'no OUT_OF_RANGE on create_wallet').toBe(false);
    expect(wallet).toContain('A wallet with the same walletName already exists');
    expect(wallet).toContain('ACTIVITY_STATUS_COMPLETED');
    expect(wallet).not.toContain('mnemonicLength: must be one of');
    const list = await (await request.get('/api/activities/list-activities')).text();
    expect(/id="?error-11[" >]/.test(list), 'OUT_OF_RANGE on list_activities').toBe(true);
  });

  test('the overview lists every operation and links the downloadable document', async ({request}) => {
    const doc = await openApi(request);
    const html = await (await request.get('/api/')).text();
    for (const path of Object.keys(doc.paths)) {
      expect(html.includes(`>${path.split("/").pop()}</code>`), path).toBe(true);
    }
    for (const file of ['/api/openapi.yaml', '/api/openapi.json']) {
      expect(new RegExp(`href="?${file.replace(/\./g, '\\.')}`).test(html), file).toBe(true);
      const response = await request.get(file);
      expect(response.status(), file).toBe(200);
      expect((await response.body()).length).toBeGreaterThan(10_000);
    }
    const yaml = await (await request.get('/api/openapi.yaml')).text();
    expect(yaml).toMatch(/^openapi: 3\.1/m);
  });

  test('schema pages list every value with its description and the operations that use it', async ({request}) => {
    const html = await (await request.get('/api/schemas/mnemonic-length')).text();
    for (const n of ['12', '15', '18', '21', '24']) expect(new RegExp(`id="?value-${n}[" >]`).test(html), n).toBe(true);
    expect(/href="?\/api\/wallets\/create-wallet[" >]/.test(html), 'used by create_wallet').toBe(true);
    const status = await (await request.get('/api/schemas/activity-status')).text();
    expect(status.includes('ACTIVITY_STATUS_CONSENSUS_NEEDED')).toBe(true);
    expect(/more approvals/.test(status), 'value description').toBe(true);
  });
});

test.describe('navigation', () => {
  test('the sidebar marks the current page and offers previous and next', async ({page}) => {
    await gotoHydrated(page, CREATE_WALLET);
    const sidebar = page.getByRole('navigation', {name: 'API reference'});
    await expect(sidebar.locator('[aria-current="page"]')).toHaveAttribute('href', CREATE_WALLET);
    const pager = page.getByRole('navigation', {name: 'API reference pages'});
    await expect(pager.getByRole('link', {name: /Previous/})).toBeVisible();
    await pager.getByRole('link', {name: /Next/}).click();
    await expect(page).not.toHaveURL(new RegExp(`${CREATE_WALLET}$`));
    await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
  });

  test('a deep link to a nested field opens its table and shows the row', async ({page}) => {
    await gotoHydrated(page, '/api/sub-organizations/create-sub-organization#field-parameters.rootUsers.apiKeys.publicKey');
    await expect(page.locator('[id="field-parameters.rootUsers.apiKeys.publicKey"]')).toBeVisible();
  });

  test('the filter narrows the operation list', async ({page}) => {
    await gotoHydrated(page, '/api/');
    const filter = page.getByLabel('Filter operations by name or summary');
    await filter.fill('sign raw');
    await expect(page.locator('#signRawPayload')).toBeVisible();
    await expect(page.locator('#createWallet')).toBeHidden();
    await expect(page.getByText(/^2 of \d+ operations match\.$/)).toBeVisible();
    await filter.fill('');
    await expect(page.locator('#createWallet')).toBeVisible();
  });
});

// --- The request builder.

/** An independent check of an X-Stamp: node:crypto with the compressed key in an SPKI wrapper. */
function verifyStamp(stampHeader: string, body: string): {publicKey: string; valid: boolean} {
  const stamp = JSON.parse(Buffer.from(stampHeader, 'base64url').toString('utf8')) as {publicKey: string; scheme: string; signature: string};
  expect(stamp.scheme).toBe('SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256');
  const spkiPrefix = '3039301306072a8648ce3d020106082a8648ce3d030107032200';
  const key = createPublicKey({key: Buffer.from(spkiPrefix + stamp.publicKey, 'hex'), format: 'der', type: 'spki'});
  const valid = verify('sha256', Buffer.from(body, 'utf8'), {key, dsaEncoding: 'der'}, Buffer.from(stamp.signature, 'hex'));
  return {publicKey: stamp.publicKey, valid};
}

/** A fresh P-256 key pair as the builder takes it: private scalar and compressed public key, hex. */
function freshKeyPair(): {privateKey: string; publicKey: string} {
  const {privateKey, publicKey} = generateKeyPairSync('ec', {namedCurve: 'P-256'});
  const jwk = privateKey.export({format: 'jwk'});
  const x = Buffer.from(jwk.x!, 'base64url');
  const y = Buffer.from(jwk.y!, 'base64url');
  void publicKey;
  return {
    privateKey: Buffer.from(jwk.d!, 'base64url').toString('hex'),
    publicKey: ((y[y.length - 1]! & 1) === 1 ? '03' : '02') + x.toString('hex'),
  };
}

function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return requests;
}

async function openBuilder(page: Page): Promise<void> {
  await page.getByRole('button', {name: 'Open the request builder'}).click();
  await expect(page.getByLabel('Request body (JSON)')).toBeFocused();
  await expect(page.getByTestId('builder-status')).toContainText('matches the request schema');
}

/** The sandbox is the builder's default target; these tests are about signing with the reader's own key. */
async function chooseServer(page: Page): Promise<void> {
  await page.getByLabel('A server at a base URL').check();
  await expect(page.getByLabel(/^Private key/)).toBeVisible();
}

test.describe('request builder', () => {
  test('signs the example with a pasted key, verifiably, and sends nothing', async ({page, baseURL}) => {
    const requests = recordRequests(page);
    await gotoHydrated(page, CREATE_WALLET);
    const before = requests.length;
    await openBuilder(page);
    // Loading the builder fetched its code from the site itself.
    expect(requests.length).toBeGreaterThan(before);

    await chooseServer(page);
    // Read the body after choosing the target: while the sandbox was the target it may already have put its
    // organization into the body, and that edit stays when the reader switches to a server.
    const body = JSON.parse(await page.getByLabel('Request body (JSON)').inputValue()) as Record<string, unknown>;
    expect(body.type).toBe('ACTIVITY_TYPE_CREATE_WALLET');
    expect(Math.abs(Number(body.timestampMs) - Date.now())).toBeLessThan(5 * 60_000);

    const key = freshKeyPair();
    await page.getByLabel(/^Public key/).fill(key.publicKey);
    await page.getByLabel(/^Private key/).fill(key.privateKey);
    await expect(page.getByTestId('builder-stamp')).not.toContainText('Enter an API key');
    const exact = (await page.getByTestId('builder-body').textContent()) ?? '';
    expect(JSON.parse(exact)).toEqual(body);
    const stamp = (await page.getByTestId('builder-stamp').textContent()) ?? '';
    expect(verifyStamp(stamp, exact)).toEqual({publicKey: key.publicKey, valid: true});
    // A different body does not verify with that stamp: the check above is meaningful.
    expect(verifyStamp(stamp, exact.replace('Treasury', 'Treasurx')).valid).toBe(false);
    const builder = page.getByRole('region', {name: 'Request builder'});
    await expect(builder.locator('pre', {hasText: 'curl -X POST'})).toContainText(`X-Stamp: ${stamp}`);

    // The documentation test key works too and yields its known public key.
    await page.getByRole('button', {name: 'Use the documentation test key'}).click();
    await expect(page.getByLabel(/^Public key/)).toHaveValue(/^03339118/);
    await expect.poll(async () => verifyStamp((await page.getByTestId('builder-stamp').textContent()) ?? '', exact).publicKey).toMatch(/^03339118/);

    // Without a base URL there is no Send button, and nothing but the site's own files was fetched.
    await expect(page.getByRole('button', {name: /^Send/})).toHaveCount(0);
    const origin = new URL(baseURL!).origin;
    for (const r of requests) {
      expect(r.method(), r.url()).toBe('GET');
      expect(new URL(r.url()).origin, r.url()).toBe(origin);
      expect(r.resourceType(), r.url()).toMatch(/^(document|script|stylesheet|image|font|fetch|other|manifest)$/);
      if (r.resourceType() !== 'document') expect(new URL(r.url()).pathname, r.url()).toMatch(/\.(js|css|svg|png|ico|woff2?|json|webmanifest)$/);
    }
  });

  test('shows schema violations inline as you type', async ({page}) => {
    await gotoHydrated(page, CREATE_WALLET);
    await openBuilder(page);
    // Edits wait for the sandbox (the default target) to settle the body (CI once saw two bodies in the box).
    await waitForSandbox(page);
    const editor = page.getByLabel('Request body (JSON)');
    const status = page.getByTestId('builder-status');
    const text = await editor.inputValue();
    await editor.fill(text.replace('"mnemonicLength": 12', '"mnemonicLength": 13'));
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    await expect(status).toContainText('parameters.mnemonicLength');
    await expect(status).toContainText('must be one of 12, 15, 18, 21, 24');
    await expect(status.getByRole('link', {name: 'parameters.mnemonicLength'})).toHaveAttribute('href', '#field-parameters.mnemonicLength');

    const parsed = JSON.parse(text) as {parameters: Record<string, unknown>};
    delete parsed.parameters.walletName;
    await editor.fill(JSON.stringify(parsed, null, 2));
    await expect(status).toContainText('parameters.walletName is required');

    await editor.fill('{"type": ');
    await expect(status).toContainText('not valid JSON');
    await editor.fill(text);
    await expect(status).toContainText('matches the request schema');
    await expect(editor).toHaveAttribute('aria-invalid', 'false');
  });

  test('sends only when the reader enters a base URL and presses Send', async ({page, baseURL}) => {
    const requests = recordRequests(page);
    let received: {body: string; stamp: string | null} | undefined;
    await page.route('**/public/v1/submit/create_wallet', async (route) => {
      received = {body: route.request().postData() ?? '', stamp: await route.request().headerValue('x-stamp')};
      await route.fulfill({status: 200, contentType: 'application/json', body: '{"activity":{"status":"ACTIVITY_STATUS_COMPLETED"}}'});
    });
    await gotoHydrated(page, CREATE_WALLET);
    await openBuilder(page);
    await chooseServer(page);
    await page.getByRole('button', {name: 'Use the documentation test key'}).click();
    // The site's own origin: the page's security policy allows it, and the test intercepts the call.
    await page.getByLabel('Base URL to send to (optional)').fill(baseURL!);
    await expect(page.getByTestId('builder-stamp')).not.toContainText('Enter an API key');
    expect(requests.filter((r) => r.method() === 'POST')).toEqual([]);
    await page.getByRole('button', {name: `Send to ${baseURL}`}).click();
    await expect(page.getByText('Answer: HTTP 200')).toBeVisible();
    expect(received?.body).toBe(await page.getByTestId('builder-body').textContent());
    expect(received?.stamp).toBe(await page.getByTestId('builder-stamp').textContent());
    expect(requests.filter((r) => r.method() === 'POST')).toHaveLength(1);
  });

  test('the keyboard opens the builder and reaches every field', async ({page}) => {
    await gotoHydrated(page, CREATE_WALLET);
    const open = page.getByRole('button', {name: 'Open the request builder'});
    await open.focus();
    await page.keyboard.press('Enter');
    const editor = page.getByLabel('Request body (JSON)');
    await expect(editor).toBeFocused();
    // The Reset button is disabled (and skipped by Tab) until the sandbox has started.
    await expect(page.getByTestId('sandbox-organization')).toBeVisible({timeout: 30_000});
    const sandboxChoice = page.getByLabel('Sandbox (in your browser)');
    for (const control of [page.getByRole('button', {name: 'Set timestampMs to now'}), sandboxChoice, page.getByRole('button', {name: 'Reset the sandbox'})]) {
      await page.keyboard.press('Tab');
      await expect(control).toBeFocused();
    }
    // Arrow keys move between the targets of the radio group; the server target brings the key fields.
    await sandboxChoice.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByLabel('A server at a base URL')).toBeChecked();
    const wanted = [
      page.getByLabel('Key type'),
      page.getByLabel(/^Public key/),
      page.getByLabel(/^Private key/),
      page.getByRole('button', {name: 'Use the documentation test key'}),
      page.getByRole('button', {name: 'Generate a new key pair'}),
      page.getByRole('button', {name: 'Clear the key'}),
      page.getByLabel('Base URL to send to (optional)'),
    ];
    for (const control of wanted) {
      await page.keyboard.press('Tab');
      await expect(control).toBeFocused();
    }
    // Typing in the editor works from the keyboard alone.
    await editor.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await expect(page.getByTestId('builder-status')).toContainText('matches the request schema');
  });
});

test.describe('accessibility and small screens', () => {
  // Every API page as it loads is checked by quality-a11y.spec.ts (the overview and sampled pages with the app started,
  // every schema and operation page's own markup); this adds what no page shows on load: the builder open, with an answer.
  for (const path of [CREATE_WALLET]) {
    test(`axe finds nothing on ${path} with the builder open and answered, in light and dark mode`, async ({page}) => {
      // These pages have large DOMs (every field, every link of the sidebar): axe needs time on 2 cores.
      test.setTimeout(240_000);
      const problems: string[] = [];
      for (const mode of ['light', 'dark'] as const) {
        await gotoHydrated(page, mode === 'light' ? path : `${path}?docusaurus-theme=dark`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        if (path === CREATE_WALLET) {
          // The builder as a reader sees it after a request to the sandbox: its key, its answer.
          await openBuilder(page);
          await expect(page.getByTestId('sandbox-organization')).toBeVisible({timeout: 30_000});
          await page.getByRole('button', {name: 'Send to the sandbox'}).click();
          await expect(page.getByTestId('sandbox-answer')).toHaveAttribute('data-status', '200', {timeout: 15_000});
        }
        // axe.run in the page (quality/axe.ts): the same engine and WCAG rules, without AxeBuilder's fresh page per run.
        problems.push(...(await axeViolations(page, mode)));
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  test('at 390 px wide no page scrolls sideways', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    for (const path of ['/api/', '/api/sub-organizations/create-sub-organization', '/api/schemas/address-format', '/api/schemas/intent']) {
      await gotoHydrated(page, path);
      if (path.includes('create-sub-organization')) await openBuilder(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('second edition: two panes, page tools, deep links', () => {
  const OPERATIONS = [CREATE_WALLET, '/api/wallets/get-wallet', '/api/signing/sign-transaction', '/api/sub-organizations/create-sub-organization', '/api/activities/list-activities'];

  test('at 1440 px the samples, the response and Try it are in view beside the fields on arrival', async ({page}) => {
    await page.setViewportSize({width: 1440, height: 900});
    for (const path of OPERATIONS) {
      await gotoHydrated(page, path);
      // One round trip per page: every box the check needs.
      const boxes = await page.evaluate(() => {
        const rect = (el: Element | null) => {
          if (!el) return null;
          const r = el.getBoundingClientRect();
          return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
        };
        return {
          viewport: window.innerHeight,
          scrollY: window.scrollY,
          samples: rect(document.querySelector('[data-testid="panel-samples"] pre')),
          response: rect(document.querySelector('[data-testid="panel-response"] pre')),
          tryIt: rect(document.querySelector('[data-testid="operation-panel"] button[aria-label^="Try it"]')),
          fields: rect(document.querySelector('table[aria-label="Request body fields"]')),
        };
      });
      expect(boxes.scrollY, path).toBe(0);
      for (const name of ['samples', 'response', 'tryIt'] as const) {
        const box = boxes[name];
        expect(box, `${path}: ${name}`).not.toBeNull();
        expect(box!.top, `${path}: ${name} top`).toBeGreaterThan(0);
        expect(box!.bottom, `${path}: ${name} in view`).toBeLessThanOrEqual(boxes.viewport);
        // Beside the fields, not under them.
        expect(box!.left, `${path}: ${name} right of the fields`).toBeGreaterThanOrEqual(boxes.fields!.right);
      }
      // The panel stays in view while the reader scrolls through the fields.
      await page.mouse.wheel(0, 1500);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      const tryIt = await page.evaluate(() => document.querySelector('[data-testid="operation-panel"] button[aria-label^="Try it"]')!.getBoundingClientRect().bottom);
      expect(tryIt, `${path}: sticky`).toBeLessThanOrEqual(900);
    }
  });

  test('at 390 px the samples come before the tables and nothing scrolls sideways; Try it opens the builder in the panel', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    for (const path of OPERATIONS.slice(0, 3)) {
      await gotoHydrated(page, path);
      const layout = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        samples: document.querySelector('[data-testid="panel-samples"]')!.getBoundingClientRect().top,
        fields: document.querySelector('table[aria-label="Request body fields"]')!.getBoundingClientRect().top,
      }));
      expect(layout.overflow, path).toBeLessThanOrEqual(0);
      expect(layout.samples, path).toBeLessThan(layout.fields);
    }
    await page.getByRole('button', {name: /^Try it/}).click();
    await expect(page.getByTestId('operation-panel').getByLabel('Request body (JSON)')).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });

  test('the response panel offers each outcome of a submission as a tab the keyboard reaches', async ({page}) => {
    await gotoHydrated(page, CREATE_WALLET);
    const response = page.getByTestId('panel-response');
    const tabs = response.getByRole('tab');
    await expect(tabs).toHaveText(['Completed', 'Pending', 'Consensus needed', 'Failed']);
    await expect(response.getByRole('tabpanel')).toContainText('ACTIVITY_STATUS_COMPLETED');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(response.getByRole('tab', {name: 'Pending'})).toHaveAttribute('aria-selected', 'true');
    await expect(response.getByRole('tabpanel')).toContainText('ACTIVITY_STATUS_PENDING');
    await response.getByRole('tab', {name: 'Failed'}).click();
    await expect(response.getByRole('tabpanel')).toContainText('"code": 9');
    // A query has one answer: no tabs.
    await gotoHydrated(page, '/api/wallets/get-wallet');
    await expect(page.getByTestId('panel-response').getByRole('tab')).toHaveCount(0);
  });

  test('every sample language is a tab, Python, Go, Ruby and Rust included', async ({page}) => {
    await gotoHydrated(page, CREATE_WALLET);
    const panel = page.getByTestId('operation-panel');
    await panel.getByRole('tab', {name: 'Python'}).click();
    await expect(panel.locator('pre', {hasText: 'import requests'})).toBeVisible();
    await expect(panel.locator('pre', {hasText: 'from cryptography.hazmat.primitives.asymmetric import ec'})).toBeVisible();
    await panel.getByRole('tab', {name: 'Go', exact: true}).click();
    await expect(panel.locator('pre', {hasText: 'client.CreateWallet(ctx, sigil.CreateWalletParameters{'})).toBeVisible();
    await panel.getByRole('tab', {name: 'Ruby', exact: true}).click();
    await expect(panel.locator('pre', {hasText: 'activity = client.create_wallet('})).toBeVisible();
    await panel.getByRole('tab', {name: 'Rust', exact: true}).click();
    await expect(panel.locator('pre', {hasText: '.create_wallet(CreateWalletParameters {'})).toBeVisible();
  });

  test('deep links to fields, values and errors land below the sticky navbar', async ({page}) => {
    await page.setViewportSize({width: 1440, height: 900});
    for (const [path, id] of [
      [CREATE_WALLET, 'field-parameters.mnemonicLength'],
      ['/api/wallets/get-wallet', 'field-response.wallet.walletId'],
      ['/api/schemas/activity-status', 'value-ACTIVITY_STATUS_FAILED'],
      ['/api/', 'error-5'],
      [CREATE_WALLET, 'error-6'],
    ] as const) {
      await gotoHydrated(page, `${path}#${id}`);
      await expect
        .poll(async () =>
          page.evaluate((anchor) => {
            const navbar = document.querySelector('.navbar')!.getBoundingClientRect().bottom;
            const target = document.getElementById(anchor)!.getBoundingClientRect();
            return target.top >= navbar - 1 && target.top < window.innerHeight / 2 && window.scrollY > 0;
          }, id),
        )
        .toBe(true);
    }
  });

  test('each field has a copy-link control', async ({page, context, baseURL}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: new URL(baseURL!).origin});
    await gotoHydrated(page, CREATE_WALLET);
    await page.getByRole('button', {name: 'Copy the link to parameters.walletName'}).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(baseURL!).origin}${CREATE_WALLET}#field-parameters.walletName`);
  });

  test('API pages have the docs pages’ tools: Copy page, edit link, last updated, contents, mobile menu', async ({page}) => {
    await page.setViewportSize({width: 1440, height: 900});
    await gotoHydrated(page, CREATE_WALLET);
    await expect(page.getByRole('button', {name: /Copy page/}).first()).toBeVisible();
    await expect(page.getByRole('link', {name: /Edit this page/})).toHaveAttribute('href', /\/edit\/main\/packages\/api-spec\/paths\/wallets\.yaml$/);
    await expect(page.locator('.theme-last-updated')).toContainText(/Last updated/);
    for (const [path, heading] of [['/api/', 'Limits'], ['/api/schemas/activity-status', 'Used by']] as const) {
      await gotoHydrated(page, path);
      await expect(page.locator('.table-of-contents').getByRole('link', {name: heading})).toBeVisible();
    }
    // The operations filter is at the top of /api.
    await gotoHydrated(page, '/api/');
    const top = await page.evaluate(() => document.getElementById('operation-filter')!.getBoundingClientRect().bottom);
    expect(top).toBeLessThan(900);

    // The sidebar opens at its top on the first page, and shows the current entry further down.
    const sidebar = await page.evaluate(() => {
      const box = document.querySelector('#api-sidebar > div')!;
      return {scrollTop: box.scrollTop};
    });
    expect(sidebar.scrollTop).toBe(0);
    await gotoHydrated(page, '/api/wallets/create-wallet-accounts');
    const current = await page.evaluate(() => {
      const box = document.querySelector('#api-sidebar > div')!.getBoundingClientRect();
      const link = document.querySelector('#api-sidebar [aria-current="page"]')!.getBoundingClientRect();
      return link.top >= box.top && link.bottom <= box.bottom;
    });
    expect(current).toBe(true);

    // On a phone the menu lists the API sidebar.
    await page.setViewportSize({width: 390, height: 844});
    await gotoHydrated(page, CREATE_WALLET);
    await page.getByRole('button', {name: /Toggle navigation bar/}).click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu.getByRole('link', {name: 'Create a wallet', exact: true})).toBeVisible();
    await menu.getByRole('link', {name: 'Get a wallet', exact: true}).click();
    await expect(page).toHaveURL(/\/api\/wallets\/get-wallet$/);
  });

  test('the builder names a misspelt field as unknown and generates a fresh key pair in the page', async ({page}) => {
    await gotoHydrated(page, CREATE_WALLET);
    await openBuilder(page);
    await waitForSandbox(page);
    const editor = page.getByLabel('Request body (JSON)');
    await editor.fill((await editor.inputValue()).replace('"walletName"', '"walletNam"'));
    const status = page.getByTestId('builder-status');
    await expect(status).toContainText('parameters.walletNam is an unknown field');
    await expect(status).toContainText('parameters.walletName is required');

    await chooseServer(page);
    await page.getByRole('button', {name: 'Generate a new key pair'}).click();
    const publicKey = await page.getByLabel(/^Public key/).inputValue();
    expect(publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(await page.getByLabel(/^Private key/).getAttribute('value')).toBeNull();
    await expect(page.getByTestId('builder-stamp')).not.toContainText('Enter an API key');
    // Body and stamp are read together on each try: the stamp is computed after the body renders, and a body
    // read once could be older than the one the stamp ends up signing (this test failed once under load).
    await expect
      .poll(async () => verifyStamp((await page.getByTestId('builder-stamp').textContent()) ?? '', (await page.getByTestId('builder-body').textContent()) ?? ''))
      .toEqual({publicKey, valid: true});
    // Another press makes another pair.
    await page.getByRole('button', {name: 'Generate a new key pair'}).click();
    await expect(page.getByLabel(/^Public key/)).not.toHaveValue(publicKey);
  });

  test('a typed private key never reaches the DOM', async ({page}) => {
    await gotoHydrated(page, CREATE_WALLET);
    await openBuilder(page);
    await chooseServer(page);
    const key = freshKeyPair();
    const input = page.getByLabel(/^Private key/);
    await input.fill(key.privateKey);
    await expect(page.getByTestId('builder-stamp')).not.toContainText('Enter an API key');
    expect(await input.getAttribute('value')).toBeNull();
    expect(await page.content()).not.toContain(key.privateKey);
    // The stamp was made with the typed key.
    const exact = (await page.getByTestId('builder-body').textContent()) ?? '';
    expect(verifyStamp((await page.getByTestId('builder-stamp').textContent()) ?? '', exact)).toEqual({publicKey: key.publicKey, valid: true});
  });
});

test.describe('samples: where they send, and personalised while Try it is open', () => {
  const DOCUMENTED_BASE = 'https://api.sigil.example';
  const SAMPLE_TABS = ['TypeScript', 'curl', 'CLI', 'Python', 'Go', 'Ruby', 'Rust'];
  const samples = (page: Page) => page.getByTestId('panel-samples');
  /** The text of the sample shown under a tab (lines as drawn, joined). */
  async function sampleText(page: Page, tab: string): Promise<string> {
    await samples(page).getByRole('tab', {name: tab, exact: true}).click();
    return samples(page).getByRole('tabpanel').locator('pre').innerText();
  }

  test('at 1440 px no sample has lines cut short: none scrolls sideways', async ({page}) => {
    await page.setViewportSize({width: 1440, height: 900});
    await gotoHydrated(page, CREATE_WALLET);
    for (const tab of SAMPLE_TABS) {
      await samples(page).getByRole('tab', {name: tab, exact: true}).click();
      const pre = samples(page).getByRole('tabpanel').locator('pre');
      await expect(pre).toBeVisible();
      const {scrollWidth, clientWidth} = await pre.evaluate((el) => ({scrollWidth: el.scrollWidth, clientWidth: el.clientWidth}));
      expect(scrollWidth, `${tab}: the code box scrolls sideways`).toBeLessThanOrEqual(clientWidth + 1);
    }
  });

  test('the samples read SIGIL_BASE_URL and SIGIL_ORGANIZATION_ID until Try it opens', async ({page}) => {
    await gotoHydrated(page, CREATE_WALLET);
    expect(await sampleText(page, 'TypeScript')).toContain(`baseUrl: process.env.SIGIL_BASE_URL ?? '${DOCUMENTED_BASE}'`);
    expect(await sampleText(page, 'curl')).toContain(`"\${SIGIL_BASE_URL:-${DOCUMENTED_BASE}}/public/v1/submit/create_wallet"`);
    expect(await sampleText(page, 'Go')).toContain(`envOr("SIGIL_ORGANIZATION_ID", `);
    await expect(page.getByTestId('samples-personal')).toHaveCount(0);
  });

  test("with the sandbox, every sample shows its organization, and Copy copies what is shown; nothing is stored or sent", async ({page, context, baseURL}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: new URL(baseURL!).origin});
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) outside.push(request.url());
    });
    await gotoHydrated(page, CREATE_WALLET);
    const before = await sampleText(page, 'Ruby');
    const documented = /ENV\.fetch\("SIGIL_ORGANIZATION_ID", "([^"]+)"\)/.exec(before)?.[1];
    expect(documented, 'the Ruby sample names the documented organization').toBeTruthy();

    await page.getByRole('button', {name: 'Open the request builder'}).click();
    const organizationId = await waitForSandbox(page);
    await expect(page.getByTestId('samples-personal')).toHaveText('These samples use your organization ID from Try it.');
    for (const tab of SAMPLE_TABS) {
      const text = await sampleText(page, tab);
      // Gone from the bodies and from the environment reads, whose fallback it was: the sample names the reader's.
      expect(text, `${tab}: the documented organization is gone`).not.toContain(documented!);
      // The CLI takes the organization from body.json (or SIGIL_ORGANIZATION_ID when the body names none).
      if (tab !== 'CLI') expect(text, `${tab}: shows the sandbox's organization`).toContain(organizationId);
    }
    // Still coloured from the build's tokens: the organization is a string token.
    await samples(page).getByRole('tab', {name: 'TypeScript', exact: true}).click();
    const panel = samples(page).getByRole('tabpanel');
    const colour = (text: string | RegExp) => panel.locator('pre .token-line > span', {hasText: text}).last().evaluate((el) => getComputedStyle(el).color);
    expect(await colour(`'${organizationId}'`)).toBe(await colour("'@sigil/http'"));
    expect(await colour(`'${organizationId}'`)).not.toBe(await colour(/^\s*organizationId\s*$/));
    const shown = await panel.locator('pre').innerText();
    await panel.locator('.theme-code-block').hover();
    await panel.getByRole('button', {name: /copy/i}).click();
    const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
    await expect.poll(async () => lines(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(lines(shown));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`organizationId: '${organizationId}',`);

    // The reader's server: its base URL goes into every sample as typed, and no request goes to it.
    await page.getByLabel('A server at a base URL').check();
    await page.getByLabel('Base URL to send to (optional)').fill('http://localhost:9/sigil');
    await expect(page.getByTestId('samples-personal')).toContainText('base URL');
    for (const tab of SAMPLE_TABS) {
      const text = await sampleText(page, tab);
      expect(text, `${tab}: shows the reader's base URL`).toContain('http://localhost:9/sigil');
      expect(text, `${tab}: the documented base URL is gone`).not.toContain(DOCUMENTED_BASE);
    }
    expect(await sampleText(page, 'CLI')).toContain("--base-url 'http://localhost:9/sigil'");
    expect(await sampleText(page, 'Python')).toContain('URL = "http://localhost:9/sigil" + "/public/v1/submit/create_wallet"');

    expect(outside, 'requests to other hosts').toEqual([]);
    const stored = await page.evaluate(() => [...Object.values(localStorage), ...Object.values(sessionStorage)].join('\n'));
    expect(stored).not.toContain(organizationId);
    expect(stored).not.toContain('localhost:9');
  });
});
