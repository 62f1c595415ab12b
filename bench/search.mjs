// The two search figures of the benchmark (issue 22), measured in Debian's
// Chromium on a served build, with the CPU slowed down 4x as Lighthouse's
// mobile profile does:
//   - bytes the first query downloads: the compressed bodies of the search's
//     own files (Pagefind's code, WebAssembly, index, fragments, our names and
//     pages files) requested from the first keystroke on /search until its
//     results are complete (excerpts included) and the network is quiet. A
//     reader reaches the box by focusing it, and focusing it starts loading
//     the engine: those bytes are reported on their own line ("preloaded on
//     focus"), as are the HTTP headers of all these responses (the test
//     server sends the site's whole Content-Security-Policy with every file,
//     ~2.7 KB each; a production host compresses repeated headers);
//   - time from keystroke to rendered results (the status line names the
//     query and the result titles are on screen), for queries typed once the
//     engine is loaded, median and worst; and the time until their excerpts
//     are in too (the list drops `aria-busy`).
// Used by bench/run.mjs. Alone, against a served build:
//   node bench/search.mjs --base http://127.0.0.1:4180 [--runs 3] [--report]
// prints the figures, and with --report rewrites the Search section of bench/REPORT.md.
import {readFileSync, writeFileSync} from 'node:fs';
import {cpus, loadavg} from 'node:os';
import {parseArgs} from 'node:util';
import {fileURLToPath} from 'node:url';
import {chromium} from 'playwright-core';

export const SEARCH_TARGETS = {firstQueryBytes: 100 * 1024, keystrokeToResultsMs: 50};
const WARM_QUERIES = ['create wallet', 'passkey', 'policy language', 'whoami', 'sign transaction', 'root quorum', 'sessions', 'ADDRESS_FORMAT_ETHEREUM', 'export wallet'];

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/**
 * Types `query` into the search page's box as one input event and resolves
 * with ms until its results are rendered and until they are complete.
 */
async function timeQuery(page, query) {
  return page.evaluate(
    (q) =>
      new Promise((resolve, reject) => {
        const box = document.querySelector('input[type="search"]');
        const status = document.querySelector('[role="status"]');
        if (!box || !status) return reject(new Error('no search box or status on the page'));
        const rendered = () => /found for “|No results for “/.test(status.textContent ?? '') && status.textContent.includes(q);
        const busy = () => document.querySelector('main [aria-busy="true"]') !== null;
        const started = performance.now();
        let renderedMs;
        const check = () => {
          if (renderedMs === undefined && rendered()) {
            renderedMs = -1;
            // The frame that shows the results.
            requestAnimationFrame(() => {
              renderedMs = performance.now() - started;
              check();
            });
          }
          if (renderedMs > 0 && !busy()) {
            observer.disconnect();
            const completeMs = performance.now() - started;
            resolve({rendered: renderedMs, complete: Math.max(renderedMs, completeMs)});
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.querySelector('main') ?? document.body, {childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy']});
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        setValue.call(box, q);
        box.dispatchEvent(new Event('input', {bubbles: true}));
        setTimeout(() => reject(new Error(`no results for ${q} after 30 s`)), 30_000);
      }),
    query,
  );
}

/** Resolves once no request has been in flight for `quietMs`. */
async function networkQuiet(inflight, quietMs = 500, maxMs = 15_000) {
  const until = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    if (inflight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
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
  const loadBefore = loadavg()[0];
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
    /** Which phase the responses count for: undefined (not counted), 'focus' or 'first'. */
    let phase;
    const requests = new Map();
    const inflight = new Set();
    const phases = {focus: [], first: []};
    cdp.on('Network.requestWillBeSent', (e) => {
      requests.set(e.requestId, {url: e.request.url.replace(base, ''), phase, headers: 0});
      inflight.add(e.requestId);
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.headers = e.response.encodedDataLength ?? 0;
    });
    const finish = (e, total) => {
      inflight.delete(e.requestId);
      const r = requests.get(e.requestId);
      if (!r?.phase) return;
      phases[r.phase].push({url: r.url, bytes: Math.max(0, total - r.headers), headers: r.headers});
    };
    cdp.on('Network.loadingFinished', (e) => finish(e, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => finish(e, 0));
    await page.goto(`${base}/search`, {waitUntil: 'networkidle'});
    await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});

    // A reader clicks into the box (or tabs to it) before typing.
    phase = 'focus';
    await page.evaluate(() => document.querySelector('input[type="search"]')?.focus());
    await networkQuiet(inflight);
    phase = 'first';
    const first = await timeQuery(page, 'wallet');
    await networkQuiet(inflight, 300);
    phase = undefined;

    const own = (list) => list.filter((f) => f.url.startsWith('/pagefind/'));
    const sum = (xs, key = 'bytes') => xs.reduce((a, f) => a + f[key], 0);
    const warm = [];
    for (const q of WARM_QUERIES) {
      await clear(page);
      warm.push(await timeQuery(page, q));
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const rendered = warm.map((w) => w.rendered);
    const complete = warm.map((w) => w.complete);
    return {
      // Timings stretch with other work on the machine: the 1-minute load average before and after, and the cores.
      machine: {cores: cpus().length, load: [loadBefore, loadavg()[0]]},
      focus: {bytes: sum(own(phases.focus)), files: own(phases.focus)},
      firstQuery: {
        bytes: sum(own(phases.first)),
        headerBytes: sum(own([...phases.focus, ...phases.first]), 'headers'),
        prefetchedBytes: sum(phases.first) - sum(own(phases.first)),
        ms: first.rendered,
        completeMs: first.complete,
        files: own(phases.first),
      },
      warm: {
        queries: WARM_QUERIES.length,
        medianMs: median(rendered),
        maxMs: Math.max(...rendered),
        completeMedianMs: median(complete),
        completeMaxMs: Math.max(...complete),
      },
    };
  } finally {
    await browser.close();
  }
}

/**
 * `runs` measurements, reported as the one with the median keystroke-to-results
 * time, with every run's median beside it (the machine is shared; one run can be
 * unlucky, as one Lighthouse run can).
 */
export async function measureSearchRuns(base, runs = 1) {
  const all = [];
  for (let i = 0; i < Math.max(1, Number(runs) || 1); i++) all.push(await measureSearch(base));
  all.sort((a, b) => a.warm.medianMs - b.warm.medianMs);
  return {...all[Math.floor((all.length - 1) / 2)], runs: all.map((r) => r.warm.medianMs)};
}

const kib = (b) => (b / 1024).toFixed(1);

/** The "## Search" section of bench/REPORT.md, and the figures that miss their target. */
export function searchReport(search) {
  const ok = {bytes: search.firstQuery.bytes <= SEARCH_TARGETS.firstQueryBytes, ms: search.warm.medianMs <= SEARCH_TARGETS.keystrokeToResultsMs};
  const misses = [];
  if (!ok.bytes) misses.push(`search: the first query downloads ${kib(search.firstQuery.bytes)} KiB`);
  if (!ok.ms) misses.push(`search: ${search.warm.medianMs.toFixed(0)} ms from keystroke to results`);
  const list = (files) => files.map((f) => `\`${f.url.replace(/\?.*$/, '')}\` ${kib(f.bytes)} KiB`).join(', ') || 'none';
  const section = `## Search

Measured by \`bench/search.mjs\` on \`/search\` in Debian Chromium with the CPU slowed down 4x (as Lighthouse's mobile profile).
Bytes are compressed response bodies of the search's own files; the reader focuses the box first, and what that starts
loading is counted on its own line, not in the first query. "Rendered results" is the frame that shows the status line
and the result titles in their final order; excerpts follow (the second timing).${search.machine ? ` Machine: ${search.machine.cores} cores, shared; 1-minute load average ${search.machine.load.map((l) => l.toFixed(1)).join(' → ')} during the run (timings stretch with it).` : ''}${search.runs?.length > 1 ? ` The median of ${search.runs.length} runs (their medians: ${search.runs.map((m) => m.toFixed(0)).join(', ')} ms).` : ''}

| figure | value | target | met |
| --- | --- | --- | --- |
| bytes the first query downloads (from the keystroke until its excerpts are in) | ${kib(search.firstQuery.bytes)} KiB | ≤ ${kib(SEARCH_TARGETS.firstQueryBytes)} KiB | ${ok.bytes ? 'yes' : '**no**'} |
| bytes preloaded when the box is focused (before the keystroke) | ${kib(search.focus.bytes)} KiB | | |
| HTTP headers of those responses (the test server's) | ${kib(search.firstQuery.headerBytes)} KiB | | |
| keystroke to rendered results, engine loaded (median of ${search.warm.queries} queries; worst ${search.warm.maxMs.toFixed(0)} ms) | ${search.warm.medianMs.toFixed(0)} ms | ≤ ${SEARCH_TARGETS.keystrokeToResultsMs} ms | ${ok.ms ? 'yes' : '**no**'} |
| keystroke to excerpts in, engine loaded (median; worst ${search.warm.completeMaxMs.toFixed(0)} ms) | ${search.warm.completeMedianMs.toFixed(0)} ms | | |
| keystroke to rendered results, first query after focusing (excerpts in: ${search.firstQuery.completeMs.toFixed(0)} ms) | ${search.firstQuery.ms.toFixed(0)} ms | | |

Preloaded on focus: ${list(search.focus.files)}.
The first query's search files: ${list(search.firstQuery.files)}.
Besides them, Docusaurus prefetched ${kib(search.firstQuery.prefetchedBytes)} KiB of page code for the result links.
`;
  return {section, misses};
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const {values} = parseArgs({
    options: {base: {type: 'string', default: 'http://127.0.0.1:4180'}, report: {type: 'boolean', default: false}, runs: {type: 'string', default: '1'}},
  });
  const search = await measureSearchRuns(values.base, values.runs);
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
      .replace(/^(Pages below target:\n\n(?:- .*\n)*)/m, (list) => list + misses.map((m) => `- ${m}\n`).join(''))
      // With the search's lines gone, an empty list says what run.mjs says when nothing misses.
      .replace(/^Pages below target:\n\n(?!- )/m, 'Every sampled page meets the target.\n');
    writeFileSync(file, report.slice(0, at) + section + rest);
  }
}
