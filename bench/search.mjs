// The two search figures of the benchmark (issue 22), measured in Debian's
// Chromium on a served build, with the CPU slowed down 4x as Lighthouse's
// mobile profile does:
//   - bytes the first query downloads (compressed, as sent): from the first
//     keystroke on /search until its results are on screen, the search's own
//     files (Pagefind's code, WebAssembly, index, filters, fragments and the
//     names file); page code that Docusaurus prefetches for the result links
//     is reported beside it;
//   - time from keystroke to rendered results, for a query typed once
//     Pagefind is loaded (median and worst of several queries).
// Used by bench/run.mjs. Alone, against a served build:
//   node bench/search.mjs --base http://127.0.0.1:4180 [--report]
// prints the figures, and with --report rewrites the Search section of bench/REPORT.md.
import {readFileSync, writeFileSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {fileURLToPath} from 'node:url';
import {chromium} from 'playwright-core';

export const SEARCH_TARGETS = {firstQueryBytes: 100 * 1024, keystrokeToResultsMs: 50};
const WARM_QUERIES = ['create wallet', 'passkey', 'policy language', 'whoami', 'sign transaction', 'root quorum', 'sessions', 'ADDRESS_FORMAT_ETHEREUM', 'export wallet'];

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/** Types `query` into the search page's box as one input event and resolves with ms until its results are rendered. */
async function timeQuery(page, query) {
  return page.evaluate(
    (q) =>
      new Promise((resolve, reject) => {
        const box = document.querySelector('input[type="search"]');
        const status = document.querySelector('[role="status"]');
        if (!box || !status) return reject(new Error('no search box or status on the page'));
        const done = () => /found for “|No results for “/.test(status.textContent ?? '') && status.textContent.includes(q);
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          // The frame that shows the results.
          requestAnimationFrame(() => resolve(performance.now() - started));
        });
        observer.observe(status, {childList: true, subtree: true, characterData: true});
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        setValue.call(box, q);
        box.dispatchEvent(new Event('input', {bubbles: true}));
        setTimeout(() => reject(new Error(`no results for ${q} after 30 s`)), 30_000);
      }),
    query,
  );
}

async function clear(page) {
  await page.evaluate(() => {
    const box = document.querySelector('input[type="search"]');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(box, '');
    box.dispatchEvent(new Event('input', {bubbles: true}));
  });
  await page.waitForFunction(() => (document.querySelector('[role="status"]')?.textContent ?? '') === '');
}

export async function measureSearch(base) {
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
    let counting = false;
    const files = new Map();
    const urls = new Map();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => {
      if (counting) files.set(urls.get(e.requestId) ?? e.requestId, e.encodedDataLength);
    });
    await page.goto(`${base}/search`, {waitUntil: 'networkidle'});
    await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});

    counting = true;
    const firstMs = await timeQuery(page, 'wallet');
    await page.waitForTimeout(300);
    counting = false;
    const list = [...files.entries()].map(([url, bytes]) => ({url: url.replace(base, ''), bytes}));
    const sum = (xs) => xs.reduce((a, f) => a + f.bytes, 0);
    const own = list.filter((f) => f.url.startsWith('/pagefind/'));

    const warm = [];
    for (const q of WARM_QUERIES) {
      await clear(page);
      warm.push(await timeQuery(page, q));
    }
    warm.sort((a, b) => a - b);
    return {
      firstQuery: {bytes: sum(own), prefetchedBytes: sum(list) - sum(own), ms: firstMs, files: own},
      warm: {queries: WARM_QUERIES.length, medianMs: warm[Math.floor(warm.length / 2)], maxMs: warm[warm.length - 1]},
    };
  } finally {
    await browser.close();
  }
}

const kib = (b) => (b / 1024).toFixed(1);

/** The "## Search" section of bench/REPORT.md, and the figures that miss their target. */
export function searchReport(search) {
  const ok = {bytes: search.firstQuery.bytes <= SEARCH_TARGETS.firstQueryBytes, ms: search.warm.medianMs <= SEARCH_TARGETS.keystrokeToResultsMs};
  const misses = [];
  if (!ok.bytes) misses.push(`search: the first query downloads ${kib(search.firstQuery.bytes)} KiB`);
  if (!ok.ms) misses.push(`search: ${search.warm.medianMs.toFixed(0)} ms from keystroke to results`);
  const section = `## Search

Measured by \`bench/search.mjs\` on \`/search\` in Debian Chromium with the CPU slowed down 4x (as Lighthouse's mobile profile).

| figure | value | target | met |
| --- | --- | --- | --- |
| bytes the first query downloads (compressed; search files only) | ${kib(search.firstQuery.bytes)} KiB | ≤ ${kib(SEARCH_TARGETS.firstQueryBytes)} KiB | ${ok.bytes ? 'yes' : '**no**'} |
| keystroke to rendered results, Pagefind loaded (median of ${search.warm.queries} queries; worst ${search.warm.maxMs.toFixed(0)} ms) | ${search.warm.medianMs.toFixed(0)} ms | ≤ ${SEARCH_TARGETS.keystrokeToResultsMs} ms | ${ok.ms ? 'yes' : '**no**'} |
| keystroke to rendered results, first query (loads Pagefind) | ${search.firstQuery.ms.toFixed(0)} ms | | |

The first query's search files: ${search.firstQuery.files.map((f) => `\`${f.url.replace(/\?.*$/, '')}\` ${kib(f.bytes)} KiB`).join(', ')}.
Besides them, Docusaurus prefetched ${kib(search.firstQuery.prefetchedBytes)} KiB of page code for the result links.
`;
  return {section, misses};
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const {values} = parseArgs({options: {base: {type: 'string', default: 'http://127.0.0.1:4180'}, report: {type: 'boolean', default: false}}});
  const search = await measureSearch(values.base);
  console.log(JSON.stringify(search, null, 2));
  if (values.report) {
    const file = fileURLToPath(new URL('REPORT.md', import.meta.url));
    const report = readFileSync(file, 'utf8');
    const {section, misses} = searchReport(search);
    const at = report.indexOf('## Search\n');
    if (at < 0) throw new Error('bench/REPORT.md has no Search section; run npm run bench');
    // The section runs until the list of misses that follows it.
    const next = /\n(Pages below target|Every sampled page)/.exec(report.slice(at));
    if (!next) throw new Error('bench/REPORT.md: cannot find the end of the Search section');
    // The search lines of that list follow the new figures (the pages' lines stay as measured).
    const rest = report
      .slice(at + next.index)
      .replace(/^- search: .*\n/gm, '')
      .replace(/^(Pages below target:\n\n(?:- .*\n)*)/m, (list) => list + misses.map((m) => `- ${m}\n`).join(''));
    writeFileSync(file, report.slice(0, at) + section + rest);
  }
}
