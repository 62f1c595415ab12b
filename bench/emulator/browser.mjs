// The docs site's sandbox measured where readers run it: the emulator core in a Web Worker of the built
// site, in Chromium, reached by postMessage. Each query's time is taken in the page, from the call to the
// worker until its answer is back, one query at a time (what a reader pressing Send does).
//
// It needs a test build (SIGIL_TEST_FIXTURES=1), whose page exposes the sandbox as `window.__sigilSandbox`:
// website/build is reused when it is one, else the site is built into website/build-sandbox-bench.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '../../scripts/browser/chromium.mjs';
import { privateKeyFrom, stampHeader } from './stamp.mjs';

const WARM_UP = 50;
/** Stamped queries of each kind timed in the page. */
export const BROWSER_QUERIES = 500;
const ROUTE = '/api/organizations/whoami';

/** Whether a built site carries the sandbox's test hook (only SIGIL_TEST_FIXTURES=1 builds do). */
function hasTestHook(buildDir) {
  const js = join(buildDir, 'assets/js');
  if (!existsSync(js)) return false;
  return readdirSync(js).some((file) => file.endsWith('.js') && readFileSync(join(js, file), 'utf8').includes('__sigilSandbox'));
}

/** website/build when it is a test build; otherwise a test build of its own, made now. */
function testBuild(root, log) {
  const website = join(root, 'website');
  const reused = join(website, 'build');
  if (hasTestHook(reused)) return { dir: reused, how: 'reused website/build (a SIGIL_TEST_FIXTURES=1 build)' };
  const dir = join(website, 'build-sandbox-bench');
  log('website/build is not a test build: building the site with SIGIL_TEST_FIXTURES=1 into website/build-sandbox-bench…');
  const started = performance.now();
  const result = spawnSync('npx', ['docusaurus', 'build', '--out-dir', 'build-sandbox-bench'], {
    cwd: website,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SIGIL_TEST_FIXTURES: '1', DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-sandbox-bench' },
  });
  if (result.status !== 0 || !hasTestHook(dir)) throw new Error('the test build of the site failed');
  return { dir, how: `built website/build-sandbox-bench with SIGIL_TEST_FIXTURES=1 (${((performance.now() - started) / 1000).toFixed(0)} s)` };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The site's own static server (website/tests/serve-build.mjs) on a free port, ready when it answers. */
async function serve(root, dir) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'website/tests/serve-build.mjs'), '--port', String(port), '--dir', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries++) {
    if (await fetch(`${url}/`).then((r) => r.ok, () => false)) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the static server did not answer at ${url}`);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Times each request in the page, one after another, and returns the sorted milliseconds (after the warm-up). */
async function timeInPage(page, requests) {
  const result = await page.evaluate(async ({ requests, warmUp }) => {
    const hook = window.__sigilSandbox;
    const times = [];
    for (let i = 0; i < requests.length; i++) {
      const started = performance.now();
      const response = await hook.handle(requests[i]);
      const ms = performance.now() - started;
      if (response.status !== 200) return { error: `${requests[i].path} answered ${response.status}: ${response.body}` };
      if (i >= warmUp) times.push(ms);
    }
    return { times };
  }, { requests, warmUp: WARM_UP });
  if (result.error) throw new Error(result.error);
  return Float64Array.from(result.times).sort();
}

/** p50 / p99 of stamped whoami and get_wallet queries answered by the sandbox worker in Chromium. */
export async function browserQueries(root, log) {
  const build = testBuild(root, log);
  const load = loadavg()[0];
  log(`  ${build.how}`);
  const { chromium } = createRequire(join(root, 'website/package.json'))('playwright-core');
  const server = await serve(root, build.dir);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}${ROUTE}`);
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached', timeout: 60_000 });
    // The sandbox starts when a reader opens the request builder; so does its client, which carries the hook.
    await page.getByRole('button', { name: 'Open the request builder' }).click();
    await page.waitForFunction(() => typeof window.__sigilSandbox?.handle === 'function', undefined, { timeout: 60_000 });
    const info = await page.evaluate(() => window.__sigilSandbox.info());
    const key = privateKeyFrom(info.apiPrivateKey);
    const stamped = (path, object) => {
      const body = JSON.stringify(object);
      return { method: 'POST', path, headers: { 'content-type': 'application/json', 'x-stamp': stampHeader(body, key, info.apiPublicKey) }, body };
    };

    const created = await page.evaluate(
      (request) => window.__sigilSandbox.handle(request),
      stamped('/public/v1/submit/create_wallet', {
        type: 'ACTIVITY_TYPE_CREATE_WALLET',
        timestampMs: String(Date.now()),
        organizationId: info.organizationId,
        parameters: { walletName: 'bench', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] },
      }),
    );
    if (created.status !== 200) throw new Error(`create_wallet answered ${created.status}: ${created.body}`);
    const { walletId } = JSON.parse(created.body).activity.result.createWalletResult;

    // Stamps are made in Node before the timing starts; each query carries its own.
    const count = WARM_UP + BROWSER_QUERIES;
    const whoami = await timeInPage(page, Array.from({ length: count }, () => stamped('/public/v1/query/whoami', { organizationId: info.organizationId })));
    const getWallet = await timeInPage(page, Array.from({ length: count }, () => stamped('/public/v1/query/get_wallet', { organizationId: info.organizationId, walletId })));
    const all = Float64Array.from([...whoami, ...getWallet]).sort();
    return {
      how: build.how,
      load,
      chromium: browser.version(),
      whoami: { p50: percentile(whoami, 50), p99: percentile(whoami, 99) },
      getWallet: { p50: percentile(getWallet, 50), p99: percentile(getWallet, 99) },
      all: { count: all.length, p50: percentile(all, 50), p99: percentile(all, 99) },
    };
  } finally {
    await browser.close();
    server.child.kill('SIGKILL');
  }
}
