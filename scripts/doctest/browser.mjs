// Runs the docs' browser examples (blocks marked `browser`) as a reader's web app would: in a Chromium tab of the
// app's origin (https://example.com unless the block says `origin="…"`), with a CDP virtual passkey authenticator, for
// a user who signed up with a passkey there: the root user of a sub-organization of the unit's emulator, with a
// wallet. Calls to https://api.sigil.example go to that emulator, /api/… to the unit's `backend` block (backend.mjs),
// and every other host is refused, so nothing leaves the machine. Each block is bundled with esbuild and imported into
// the tab; `call="expression"` then calls what it exports, with the signed-in user's values in scope (see README.md).
// Its console output is the block's output.
import { fileURLToPath } from 'node:url';
import { waitForActivity } from '@sigil/http';
import { EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY } from '@sigil/emulator';
import { build } from 'esbuild';
import { addVirtualAuthenticator, forward } from '../browser/passkey-page.mjs';
import { FRAMES_ORIGIN, serveFrame } from '../browser/sigil-frames.mjs';
import { renderBlocks } from './render.mjs';
import { openLink } from './open-link.mjs';
import { standInBackend } from './stand-in-backend.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_ORIGIN = 'https://example.com';
/** The API host the pages' browser code calls; the tab's calls to it are answered by the unit's emulator. */
const API_ORIGIN = 'https://api.sigil.example';
export const BROWSER_USER = { userName: 'alice', email: 'alice@example.com', walletName: 'Default wallet' };

/**
 * The names a `call` expression can use besides the block's exports and the session's values: the signed-in user,
 * a passkey client of the user (`client`), and `sessionClient()`, which resolves with a client that signs with a
 * read-write session key instead, as a client from an email, OTP or OAuth sign-in does; `openEmailLink()` waits for
 * the next email with a link in the emulator's outbox and opens the link (in a frame of the tab), as the user would.
 */
export const CALL_SCOPE = ['client', 'sessionClient', 'openEmailLink', 'subOrganizationId', 'organizationId', 'userId', 'userName', 'email', 'walletId', 'address', 'credentialId', 'credentialIds', 'authenticatorId', 'enclaveQuorumPublicKey', 'oidcToken'];

/** Bundles in memory: `contents` (TypeScript) as the entry, `@sigil/*` resolved through the workspace. */
async function bundle(contents, { format = 'esm', globalName, plugins, define } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'tsx', sourcefile: 'example.tsx' },
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    format,
    globalName,
    jsx: 'automatic',
    plugins,
    define,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

let setupScript;
/** The app's sign-up code (createPasskey) and the client the `client` name stands for, as `window.doctestSetup`. */
function setup() {
  setupScript ??= bundle("export { createPasskey, createPasskeyClient, startReadWriteSession } from '@sigil/sdk-browser';", { format: 'iife', globalName: 'doctestSetup' });
  return setupScript;
}

/** The names a block exports, so that a `call` expression can use them. */
export function exportedNames(code) {
  const names = new Set();
  for (const m of code.matchAll(/^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1]);
  for (const m of code.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name && /^[A-Za-z_$][\w$]*$/.test(name)) names.add(name);
    }
  }
  return [...names];
}

/**
 * The module the tab imports for one block: it records console output, imports the block, runs the `call`
 * expression, and leaves `{ code, stdout, stderr }` in `window.doctestResult`, as a process would exit.
 */
/**
 * Session values that are code: `replace="declare const stamper: IframeStamper;=>signedInIframeStamper"` gives a
 * block the iframe stamper of a user who signed in by email (the frame's target key, email_auth from the checker
 * as the app's backend, the emailed bundle injected), as the iframe-stamper page's sign-in leaves it.
 */
export const BROWSER_CODE_VALUES = {
  signedInIframeStamper: `const stamper = new IframeStamper({iframeUrl: '${FRAMES_ORIGIN}/auth/', iframeContainer: document.body, iframeElementId: 'sigil-signed-in-iframe'});
await window.doctestSignInFrame(stamper);`,
};

export function runnerModule({ exampleUrl, exports, call, values }) {
  const names = exports.filter((name) => !CALL_SCOPE.includes(name) && !(name in values));
  const valueNames = Object.keys(values).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && !CALL_SCOPE.includes(name) && !names.includes(name));
  return `const out = { code: undefined, stdout: [], stderr: [] };
window.doctestResult = out;
const format = (value) => {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return String(value);
  try { return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)); } catch { return String(value); }
};
for (const [method, stream] of [['log', 'stdout'], ['info', 'stdout'], ['debug', 'stdout'], ['error', 'stderr'], ['warn', 'stderr']]) {
  console[method] = (...args) => out[stream].push(args.map(format).join(' '));
}
try {
  const fixtures = window.doctestFixtures;
  const { ${CALL_SCOPE.filter((n) => !['client', 'sessionClient', 'openEmailLink'].includes(n)).join(', ')} } = fixtures;
  // Names the user's passkey, so that when a block registered a second one on the same virtual authenticator, the
  // prompt still answers with the registered one (a reader's browser would ask which to use).
  const client = window.doctestSetup.createPasskeyClient({
    rpId: location.hostname,
    organizationId: subOrganizationId,
    allowCredentials: [{ type: 'public-key', id: Uint8Array.from(atob(credentialId.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)) }],
  });
  const sessionClient = () => window.doctestSetup.startReadWriteSession(client, { expirationSeconds: 900 }).then((session) => session.client);
  const emailLinks = () => fetch('${API_ORIGIN}/emulator/v1/outbox').then((r) => r.json()).then((body) => body.messages.filter((m) => m.magicLink).map((m) => m.magicLink));
  const linksBefore = ${call && call.includes('openEmailLink') ? '(await emailLinks()).length' : '0'};
  const openEmailLink = async () => {
    for (let i = 0; i < 200; i++) {
      const links = await emailLinks();
      if (links.length > linksBefore) {
        // The link's page runs in a frame of this tab rather than in a second tab, so that this tab keeps the focus
        // (browsers create passkeys only in a focused page, and headless Chromium does not give it back when a
        // second tab closes). Same origin either way, so its BroadcastChannel reaches this tab all the same.
        const frame = document.createElement('iframe');
        frame.src = links[links.length - 1];
        await new Promise((resolve, reject) => {
          frame.onload = resolve;
          frame.onerror = () => reject(new Error('the email link did not load'));
          document.body.append(frame);
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        frame.remove();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no email with a link arrived in the emulator outbox within 20 s');
  };
  // A stamper signed in by email: its frame's target key, email_auth sent for it by the checker as the app's
  // backend, and the emailed bundle injected.
  window.doctestSignInFrame = async (stamper) => {
    const answer = await fetch('/doctest/email-sign-in', { method: 'POST', body: JSON.stringify({ targetPublicKey: await stamper.init() }) });
    if (!answer.ok) throw new Error(\`the email sign-in failed: \${await answer.text()}\`);
    const { bundle } = await answer.json();
    if (!(await stamper.injectCredentialBundle(bundle))) throw new Error('the emailed bundle did not open in the frame');
  };
  const example = await import(${JSON.stringify(exampleUrl)});
  const { ${names.join(', ')} } = example;
  const { ${valueNames.join(', ')} } = ${JSON.stringify(Object.fromEntries(valueNames.map((n) => [n, values[n]])))};
  ${call ? `const result = await (${call});\n  if (result !== undefined) console.log(format(result));` : ''}
  out.code = 0;
} catch (error) {
  out.code = 1;
  // Sigil's errors carry a numeric code; a DOMException's legacy numeric code is not one.
  const code = error && typeof error.code === 'number' && !(error instanceof DOMException) ? \` (code \${error.code})\` : '';
  out.stderr.push(\`\${error && error.name ? error.name : 'Error'}: \${error && error.message !== undefined ? error.message : String(error)}\${code}\`);
}
`;
}

const pageHtml = (script) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs example page</title><script type="module" src="${script}"></script></head><body></body></html>`;
// The body holds the element the iframe-stamper page tells apps to have for the frame.
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs example</title><script src="/doctest-setup.js"></script></head><body><div id="sigil-iframe"></div></body></html>`;

/** Signs a user up with a passkey on the tab's origin: a sub-organization of the emulator whose root user holds it, with a wallet. */
async function signUp(page, emulator, rpId) {
  const { challenge, attestation } = await page.evaluate(
    ({ rpId, user }) => window.doctestSetup.createPasskey({ rp: { id: rpId, name: 'Example Wallet' }, user: { name: user.email, displayName: user.userName } }),
    { rpId, user: BROWSER_USER },
  );
  const submitted = await emulator.client.createSubOrganization({
    subOrganizationName: `Wallet of ${BROWSER_USER.userName}`,
    rootUsers: [
      {
        userName: BROWSER_USER.userName,
        userEmail: BROWSER_USER.email,
        apiKeys: [],
        authenticators: [{ authenticatorName: 'Passkey', challenge, attestation }],
        oauthProviders: [],
      },
    ],
    rootQuorumThreshold: 1,
    wallet: {
      walletName: BROWSER_USER.walletName,
      accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
    },
  });
  const { outcome, activity } = await waitForActivity(emulator.client, submitted);
  if (outcome !== 'COMPLETED') throw new Error(`signing the browser user up: create_sub_organization ended ${outcome}`);
  const result = activity.result.createSubOrganizationResultV7;
  const userId = result.rootUserIds[0];
  const { authenticators } = await emulator.client.getAuthenticators({ organizationId: result.subOrganizationId, userId });
  // An ID token of the emulator's OpenID test issuer, the only issuer it accepts, for examples that link an OAuth identity.
  const minted = await fetch(`${emulator.url}/emulator/v1/oauth/token?sub=${BROWSER_USER.userName}-oauth&aud=example-app&email=${encodeURIComponent(BROWSER_USER.email)}`);
  if (!minted.ok) throw new Error(`minting an ID token: ${minted.status} ${await minted.text()}`);
  const { id_token: oidcToken } = await minted.json();
  return {
    subOrganizationId: result.subOrganizationId,
    organizationId: result.subOrganizationId,
    userId,
    userName: BROWSER_USER.userName,
    email: BROWSER_USER.email,
    walletId: result.wallet.walletId,
    address: result.wallet.addresses[0],
    credentialId: attestation.credentialId,
    credentialIds: [attestation.credentialId],
    authenticatorId: authenticators[0]?.authenticatorId,
    // The emulator signs import bundles with its own enclave quorum key; pages pin Sigil's.
    enclaveQuorumPublicKey: EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY,
    oidcToken,
  };
}

/**
 * What the app's backend does for an email sign-in (email_auth for the user, the link to `origin`/sign-in), then the
 * bundle and link of the email that arrived in the emulator's outbox. Needs FEATURE_NAME_EMAIL_AUTH
 * (setup="email-auth-enabled").
 */
async function sendSignInEmail(emulator, user, { origin, targetPublicKey }) {
  const submitted = await emulator.client.emailAuth(
    { email: user.email, targetPublicKey, emailCustomization: { magicLinkTemplate: `${origin}/sign-in#bundle=%s` } },
    { organizationId: user.subOrganizationId },
  );
  const { outcome, activity } = await waitForActivity(emulator.client, submitted);
  if (outcome !== 'COMPLETED') throw new Error(`email_auth ended ${outcome}: ${JSON.stringify(activity.failure ?? activity.status)}`);
  const { messages } = await (await fetch(`${emulator.url}/emulator/v1/outbox`)).json();
  const message = messages.filter((m) => m.operation === 'email_auth').at(-1);
  if (!message?.credentialBundle || !message.magicLink) throw new Error('no email_auth email with a bundle and a link in the emulator outbox');
  return { bundle: message.credentialBundle, link: message.magicLink };
}

/**
 * Opens the tab of one unit: `origin` served by the checker, the API host answered by `emulator`, `rpcOrigins`
 * (https origin -> local chain URL) answered by the local chains, a virtual passkey
 * authenticator, and a signed-up user. Returns `run(block, code, values)`, which runs one block there, and
 * `servePage(path, code)`, which serves a block as the app's page at `path`.
 */
export async function openBrowserPage(browser, emulator, { origin = DEFAULT_ORIGIN, timeoutMs, backend = () => undefined, rpcOrigins = {} }) {
  const context = await browser.newContext();
  const scripts = new Map();
  const pages = new Map();
  const refused = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin === API_ORIGIN) return forward(route, emulator.url);
    // A chain's RPC as the page names it (https://sepolia.rpc.example): the run's local chain (chains/).
    if (Object.hasOwn(rpcOrigins, url.origin)) return forward(route, rpcOrigins[url.origin]);
    if (url.origin === FRAMES_ORIGIN) return serveFrame(route, url);
    if (url.origin !== origin) {
      refused.push(url.href);
      return route.abort('blockedbyclient');
    }
    if (url.pathname === '/doctest-setup.js') return route.fulfill({ contentType: 'text/javascript', body: await setup() });
    if (url.pathname === '/doctest/email-sign-in' && route.request().method() === 'POST') {
      try {
        const { targetPublicKey } = JSON.parse(route.request().postData() ?? '{}');
        return route.fulfill({ contentType: 'application/json', body: JSON.stringify(await sendSignInEmail(emulator, user, { origin, targetPublicKey })) });
      } catch (error) {
        return route.fulfill({ status: 500, contentType: 'text/plain', body: String(error.message ?? error) });
      }
    }
    if (scripts.has(url.pathname)) return route.fulfill({ contentType: 'text/javascript', body: scripts.get(url.pathname) });
    // A block marked page="/path": the app's page at that address, such as the page an email link opens.
    if (pages.has(url.pathname)) return route.fulfill({ contentType: 'text/html', body: pageHtml(pages.get(url.pathname)) });
    if (url.pathname.startsWith('/api/')) {
      // The app's backend: the page's block marked `backend`, when the unit has one.
      const server = backend();
      if (!server) return standIn.answer(route, url);
      const request = route.request();
      // allHeaders: headers() leaves out the Cookie header, which a backend's session needs.
      const answer = await fetch(`${server.url}${url.pathname}${url.search}`, { method: request.method(), headers: await request.allHeaders(), body: request.postData() ?? undefined });
      return route.fulfill({ status: answer.status, headers: Object.fromEntries(answer.headers), body: Buffer.from(await answer.arrayBuffer()) });
    }
    return route.fulfill({ contentType: 'text/html', body: html });
  });
  const thrown = [];
  let user;
  // Without a backend block, /api/… is answered by stand-ins of the routes the pages document (stand-in-backend.mjs).
  const standIn = standInBackend(emulator);
  const page = await context.newPage();
  // An error thrown in the tab (or a frame of it, such as an email link's page) fails the running block.
  page.on('pageerror', (error) => thrown.push(error));
  await page.goto(`${origin}/`);
  await addVirtualAuthenticator(page);
  user = await signUp(page, emulator, new URL(origin).hostname);
  await page.evaluate((fixtures) => {
    window.doctestFixtures = fixtures;
  }, user);
  let count = 0;
  const rendered = renderBlocks();

  async function run(block, source, values) {
    count++;
    const exampleUrl = `/example-${count}.js`;
    const runnerUrl = `/run-${count}.js`;
    // A render block: its entry mounts the component (render.mjs); `screen` joins its exports.
    const entry = block.spec.render === undefined ? { contents: `${source}\nexport {};\n`, exports: exportedNames(source) } : rendered.entry(block, source, values);
    try {
      scripts.set(exampleUrl, await bundle(entry.contents, entry));
    } catch (error) {
      return { code: 1, stdout: '', stderr: `esbuild could not bundle the block: ${error.message}`, timedOut: false };
    }
    scripts.set(runnerUrl, runnerModule({ exampleUrl, exports: entry.exports, call: block.spec.call, values }));
    if (block.spec.open !== undefined) {
      try {
        await openLink(page, { url: values[block.spec.open], origin, fixtures: user });
      } catch (error) {
        return { code: 1, stdout: '', stderr: `open="${block.spec.open}": ${error.message}`, timedOut: false };
      }
    }
    const before = thrown.length;
    const refusedBefore = refused.length;
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    const finished = page.evaluate(async (url) => {
      await import(url);
      return window.doctestResult;
    }, runnerUrl);
    const result = await Promise.race([finished.catch((error) => ({ code: 1, stdout: [], stderr: [String(error.message ?? error)] })), timeout]);
    clearTimeout(timer);
    if (!result) return { code: 1, stdout: '', stderr: '', timedOut: true };
    const stderr = [...result.stderr];
    for (const error of thrown.slice(before)) stderr.push(`the page threw: ${error.stack || error.message}`);
    if (refused.length > refusedBefore) stderr.push(`requests to other hosts, refused: ${refused.slice(refusedBefore).join(', ')}`);
    // An error the page threw outside the block's own promise (a handler, a timer) fails the block as an uncaught error would.
    const code = result.code === 0 && thrown.length > before ? 1 : (result.code ?? 1);
    return { code, stdout: result.stdout.join('\n'), stderr: stderr.join('\n'), timedOut: false };
  }

  /** Serves the block as the page at `path` (bundled now, run when something opens that address). */
  async function servePage(path, source) {
    count++;
    const scriptUrl = `/page-${count}.js`;
    try {
      scripts.set(scriptUrl, await bundle(`${source}\nexport {};\n`));
    } catch (error) {
      return { code: 1, stdout: '', stderr: `esbuild could not bundle the block: ${error.message}`, timedOut: false };
    }
    pages.set(path, scriptUrl);
    return { code: 0, stdout: '', stderr: '', timedOut: false };
  }

  /** Runs `source` (a module, bundled as a classic script) in the tab, as a browser extension's content script would. */
  async function addScript(source) {
    await page.addScriptTag({ content: await bundle(source, { format: 'iife' }) });
  }

  return { user, page, run, servePage, addScript, close: () => context.close() };
}
