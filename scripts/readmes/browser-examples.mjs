// Runs a browser library's README quick example as its comment says it runs: in a page of example.com, for a user
// who registered a passkey there. The run serves https://example.com itself (Playwright answers every request of the
// tab, so nothing leaves the machine), registers a passkey on a CDP virtual authenticator, makes the user the root
// user of a sub-organization of a fresh emulator, and sends the tab's calls to https://api.sigil.example to that
// emulator. The example's placeholder organization ID becomes the sub-organization's, as in the docs' examples.
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startTestEmulator } from '@sigil/emulator/testing';
import { waitForActivity } from '@sigil/http';
import { build } from 'esbuild';
import { addVirtualAuthenticator, forward, watchConsole } from '../browser/passkey-page.mjs';
import { FRAMES_ORIGIN, serveFrame } from '../browser/sigil-frames.mjs';
import { EXAMPLE_BASE_URL, EXAMPLE_ORGANIZATION_ID } from '../doctest/execute.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLE_ORIGIN = 'https://example.com';
const RP_ID = 'example.com';
const USER_NAME = 'alice';
const WALLET_NAME = 'Default wallet';
/** Logged once the example's module, top-level awaits included, has run to its end. */
const FINISHED = 'README example finished';
const TIMEOUT_MS = 30_000;

async function bundle(options) {
  const result = await build({ bundle: true, platform: 'browser', target: 'es2022', write: false, logLevel: 'silent', ...options });
  return result.outputFiles[0].text;
}

let setup;
/** The page's own sign-up code: `createPasskey` from the browser SDK, as `window.readmeSetup` (bundled once). */
function setupScript() {
  setup ??= bundle({
    stdin: { contents: "export { createPasskey } from '@sigil/sdk-browser';", resolveDir: root, loader: 'js' },
    format: 'iife',
    globalName: 'readmeSetup',
  });
  return setup;
}

/** An esbuild plugin that resolves `specifier` to `contents` (TypeScript), written nowhere. */
function inMemoryModule(specifier, contents) {
  return {
    name: 'in-memory-module',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => (args.path === specifier ? { path: specifier, namespace: 'in-memory' } : undefined));
      build.onLoad({ filter: /.*/, namespace: 'in-memory' }, () => ({ contents, loader: 'ts', resolveDir: root }));
    },
  };
}

const html = (script) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>README example</title>${script}</head><body></body></html>`;

/** Registers a passkey on example.com and creates a sub-organization (with one wallet) whose root user holds it. */
async function signUp(page, emulator) {
  const { challenge, attestation } = await page.evaluate(
    ({ rpId, userName }) => window.readmeSetup.createPasskey({ rp: { id: rpId, name: 'Example' }, user: { name: userName, displayName: userName } }),
    { rpId: RP_ID, userName: USER_NAME },
  );
  const submitted = await emulator.client.createSubOrganization({
    subOrganizationName: `Wallet of ${USER_NAME}`,
    rootUsers: [{ userName: USER_NAME, apiKeys: [], authenticators: [{ authenticatorName: 'Passkey', challenge, attestation }], oauthProviders: [] }],
    rootQuorumThreshold: 1,
    wallet: {
      walletName: WALLET_NAME,
      accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
    },
  });
  const { outcome, activity } = await waitForActivity(emulator.client, submitted);
  if (outcome !== 'COMPLETED') throw new Error(`create_sub_organization ended ${outcome}`);
  const result = activity.result.createSubOrganizationResultV7;
  return { subOrganizationId: result.subOrganizationId, userId: result.rootUserIds[0] };
}

function answered(exchanges, operation) {
  const found = exchanges.filter((e) => e.path === `/public/v1/query/${operation}` || e.path === `/public/v1/submit/${operation}`);
  if (found.length === 0) throw new Error(`the example made no ${operation} call (calls: ${exchanges.map((e) => e.path).join(', ') || 'none'})`);
  const refused = found.find((e) => e.status !== 200);
  if (refused) throw new Error(`the emulator refused ${operation} with ${refused.status}: ${refused.response}`);
  return found;
}

/** What each example must have done, checked on the emulator's side and in the page's console; returns what it did. */
const CHECKS = {
  'webauthn-stamper': ({ exchanges, user }) => {
    const [whoami] = answered(exchanges, 'whoami');
    if (!whoami.headers['x-stamp-webauthn']) throw new Error('whoami was sent without an X-Stamp-WebAuthn header');
    const answer = JSON.parse(whoami.response);
    if (answer.organizationId !== user.subOrganizationId || answer.userId !== user.userId || answer.username !== USER_NAME) {
      throw new Error(`whoami answered ${whoami.response}, not ${USER_NAME} of the sub-organization`);
    }
    return `whoami accepted the passkey stamp and answered ${USER_NAME} of the sub-organization`;
  },
  'iframe-stamper': ({ exchanges, logged }) => {
    const [session] = answered(exchanges, 'create_read_write_session');
    if (!session.headers['x-stamp-webauthn']) throw new Error('create_read_write_session was not stamped by the passkey');
    const [listed] = answered(exchanges, 'list_wallets');
    const stamp = listed.headers['x-stamp'];
    if (!stamp) throw new Error('list_wallets was sent without the X-Stamp the frame makes');
    const { publicKey } = JSON.parse(Buffer.from(stamp, 'base64url').toString('utf8'));
    if (!JSON.parse(session.response).activity.result.createReadWriteSessionResultV2) throw new Error('the session activity has no result');
    if (!isDeepStrictEqual(logged, [[[WALLET_NAME]]])) {
      throw new Error(`the example logged ${JSON.stringify(logged)}, not the sub-organization's wallet names [${JSON.stringify(WALLET_NAME)}]`);
    }
    return `the frame opened the session bundle and stamped list_wallets with the session key ${publicKey.slice(0, 12)}…`;
  },
  'embedded-wallet-kit': ({ exchanges, logged }) => {
    const [created] = answered(exchanges, 'create_sub_organization');
    const [session] = answered(exchanges, 'create_read_write_session');
    if (!session.headers['x-stamp-webauthn']) throw new Error('create_read_write_session was not stamped by the new passkey');
    const [listed] = answered(exchanges, 'list_wallets');
    if (!listed.headers['x-stamp']) throw new Error('list_wallets was not stamped by the session key');
    if (!JSON.parse(created.response).activity) throw new Error('create_sub_organization answered without an activity');
    // React's development build adds its own console lines (the DevTools hint); the example's line is the last.
    if (!isDeepStrictEqual(logged.at(-1), [[WALLET_NAME]])) {
      throw new Error(`the example logged ${JSON.stringify(logged)}, not the new user's wallet names [${JSON.stringify(WALLET_NAME)}]`);
    }
    return `the kit signed bob up with a passkey, opened a read-write session and listed ${JSON.stringify([WALLET_NAME])}`;
  },
  'sdk-browser': ({ exchanges, logged }) => {
    answered(exchanges, 'list_wallets');
    if (!isDeepStrictEqual(logged, [[[WALLET_NAME]]])) {
      throw new Error(`the example logged ${JSON.stringify(logged)}, not the sub-organization's wallet names [${JSON.stringify(WALLET_NAME)}]`);
    }
    return `listWallets answered and the page logged ${JSON.stringify([WALLET_NAME])}`;
  },
};

/**
 * Routes of the example app's backend, for examples that call one (`/api/...` on example.com), each answering a JSON
 * body with JSON as the README's comment describes; they hold the emulator's root key, as an app's server holds its.
 */
const BACKENDS = {
  'embedded-wallet-kit': {
    '/api/sign-up': async ({ userName, userEmail, passkey }, emulator) => {
      const { outcome, activity } = await emulator.client.createSubOrganization(
        {
          subOrganizationName: `Wallet of ${userName}`,
          rootUsers: [{ userName, ...(userEmail ? { userEmail } : {}), apiKeys: [], authenticators: passkey ? [passkey] : [], oauthProviders: [] }],
          rootQuorumThreshold: 1,
          wallet: {
            walletName: WALLET_NAME,
            accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
          },
        },
        { wait: true },
      );
      if (outcome !== 'COMPLETED') throw new Error(`create_sub_organization ended ${outcome}`);
      const result = activity.result.createSubOrganizationResultV7;
      return { organizationId: result.subOrganizationId, userId: result.rootUserIds[0] };
    },
  },
};

/** What the reader does in the page for examples that wait for them (a UI kit's buttons). */
const INTERACTIONS = {
  'embedded-wallet-kit': async (page) => {
    await page.getByLabel('Email').fill('bob@example.com');
    await page.getByRole('button', { name: 'Create an account with a passkey' }).click();
  },
};

/**
 * Runs `code`, the README quick example of library `name`, in a new context of `browser`, against a fresh emulator.
 * Resolves with what the example did, or rejects saying what went wrong.
 */
export async function runBrowserExample(browser, name, code) {
  const check = CHECKS[name];
  if (!check) throw new Error(`no check for the ${name} README example: add one to CHECKS`);
  const emulator = await startTestEmulator();
  const context = await browser.newContext();
  try {
    let exampleScript = '';
    const blocked = [];
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === EXAMPLE_BASE_URL) return forward(route, emulator.url);
      if (url.origin === FRAMES_ORIGIN) return serveFrame(route, url);
      if (url.origin !== EXAMPLE_ORIGIN) {
        blocked.push(url.href);
        return route.abort('blockedbyclient');
      }
      const backend = BACKENDS[name]?.[url.pathname];
      if (backend) {
        try {
          return await route.fulfill({ contentType: 'application/json', body: JSON.stringify(await backend(JSON.parse(route.request().postData() ?? '{}'), emulator)) });
        } catch (error) {
          return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: String(error) }) });
        }
      }
      if (url.pathname === '/setup.js') return route.fulfill({ contentType: 'text/javascript', body: await setupScript() });
      if (url.pathname === '/example.js') return route.fulfill({ contentType: 'text/javascript', body: exampleScript });
      if (url.pathname === '/example') return route.fulfill({ contentType: 'text/html', body: html('<script type="module" src="/example.js"></script>') });
      return route.fulfill({ contentType: 'text/html', body: html('<script src="/setup.js"></script>') });
    });
    const page = await context.newPage();
    const pageConsole = watchConsole(page, { timeoutMs: TIMEOUT_MS, describe: () => (blocked.length ? `requests to other hosts, refused: ${blocked.join(', ')}` : '') });
    await page.goto(`${EXAMPLE_ORIGIN}/`);
    await addVirtualAuthenticator(page);
    const user = await signUp(page, emulator);

    const runnable = `${code.split(EXAMPLE_ORGANIZATION_ID).join(user.subOrganizationId)}\nexport {};\n`;
    // A static import waits for the example's top-level awaits, so the line after it runs only once the example is done.
    exampleScript = await bundle({
      stdin: { contents: `import './example.mts';\nconsole.log(${JSON.stringify(FINISHED)});\n`, resolveDir: root, loader: 'js' },
      plugins: [inMemoryModule('./example.mts', runnable)],
      format: 'esm',
    });
    // Only what the example did: the sign-up's calls and Chromium's messages about it came before.
    const firstCall = emulator.requests.length;
    const firstLine = pageConsole.lines.length;
    await page.goto(`${EXAMPLE_ORIGIN}/example`);
    await INTERACTIONS[name]?.(page);
    await pageConsole.waitForLine(FINISHED);
    const logged = (await pageConsole.values()).slice(firstLine).filter((args) => args[0] !== FINISHED);
    return check({ exchanges: emulator.requests.slice(firstCall), logged, user });
  } finally {
    await context.close();
    await emulator.close();
  }
}
