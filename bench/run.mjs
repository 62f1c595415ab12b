#!/usr/bin/env node
// The site benchmark (`npm run bench`): builds the libraries and the production
// site, serves the build with compression (website/tests/serve-build.mjs, which
// also applies _headers), runs Lighthouse (mobile defaults, 3 runs per page,
// median run) and a browser pass on a fixed sample of pages with the team's
// measuring tool, and writes bench/REPORT.md. Not part of CI: Lighthouse's
// figures depend on the machine.
//
// Every run also measures a control in the same way: the Docusaurus classic template at our Docusaurus version
// (bench/control.mjs: generated into tmp/, built with our node_modules, cached), served by the same server. The
// report gives our pages as ratios to the control's docs page, so figures from a busy and a quiet machine can be
// compared through the control.
//
//   npm run bench [-- --skip-build] [-- --runs 5] [-- --results DIR (report again from a run's raw results)]
//   env: BENCH_PORT (default 4180), BENCH_CONTROL_PORT (default BENCH_PORT + 10),
//        SIGIL_MEASURE_DIR (default ../shared/tools/measure)
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {fileURLToPath} from 'node:url';
import {measureSearchRuns, searchReport} from './search.mjs';
import {CONTROL_DOCS_PAGE, CONTROL_LONG_PAGE, ensureControlBuild} from './control.mjs';
import {serveBuild} from './serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const website = path.join(root, 'website');
const {values} = parseArgs({
  options: {'skip-build': {type: 'boolean', default: false}, runs: {type: 'string', default: '3'}, results: {type: 'string'}},
});
// --results DIR: write the report again from a finished run's raw results (the folder it names at the end).
const resultsDir = values.results ? path.resolve(values.results) : undefined;
const port = Number(process.env.BENCH_PORT ?? 4180);
const controlPort = Number(process.env.BENCH_CONTROL_PORT ?? port + 10);
const buildDirName = 'build-bench';
const buildDir = path.join(website, buildDirName);
const TARGET = {performance: 98, accessibility: 100};
/** Docs pages against the control's docs page: at most these multiples of its figures. */
const DOCS_TARGET = {tbt: 0.5, lcp: 1.0, js: 1.0};

const log = (msg) => console.error(`[bench] ${msg}`);
function run(cmd, args, options = {}) {
  log(`${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, {stdio: 'inherit', ...options});
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status}`);
}

// 1. Build (production: no test fixtures), into its own folders so a running dev build is left alone.
if (!values['skip-build'] && !resultsDir) {
  run('node', ['scripts/build-packages.mjs'], {cwd: root});
  run('npx', ['docusaurus', 'build', '--out-dir', buildDirName], {
    cwd: website,
    env: {...process.env, SIGIL_TEST_FIXTURES: '', DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-bench'},
  });
}
if (!existsSync(path.join(buildDir, 'index.html'))) throw new Error(`No build in ${buildDir}; run without --skip-build.`);
const control = ensureControlBuild({log});

// 2. The measuring tool: used in place when installed, else copied to a temp folder and installed there.
function measureTool() {
  const dir = path.resolve(process.env.SIGIL_MEASURE_DIR ?? path.join(root, '..', 'shared', 'tools', 'measure'));
  if (!existsSync(path.join(dir, 'measure.mjs'))) throw new Error(`Measuring tool not found in ${dir} (set SIGIL_MEASURE_DIR).`);
  if (existsSync(path.join(dir, 'node_modules', 'lighthouse'))) return dir;
  const copy = path.join(os.tmpdir(), 'sigil-measure');
  if (!existsSync(path.join(copy, 'node_modules', 'lighthouse'))) {
    cpSync(dir, copy, {recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`)});
    run('npm', ['ci', '--no-audit', '--no-fund'], {cwd: copy});
  }
  return copy;
}

// 3. The sample: fixed pages, each with a fallback to the first built page of its kind.
function pagesOf(prefix) {
  const out = [];
  const walk = (dir, rel) => {
    for (const e of readdirSync(dir, {withFileTypes: true})) {
      if (e.isDirectory()) walk(path.join(dir, e.name), `${rel}/${e.name}`);
      else if (e.name === 'index.html') out.push(rel || '/');
    }
  };
  walk(buildDir, '');
  return out.filter((p) => p.startsWith(prefix)).sort();
}
const exists = (p) => existsSync(path.join(buildDir, p, 'index.html'));
function pick(label, preferred, prefix, filter = () => true, docs = false) {
  if (exists(preferred)) return {label, path: preferred, note: '', docs};
  const fallback = pagesOf(prefix).find(filter);
  if (!fallback) return undefined;
  return {label, path: fallback, note: `${preferred} is not built; used ${fallback}`, docs};
}
const isDoc = () => true;
const depth = (p) => p.split('/').filter(Boolean).length;
const sample = [
  pick('home', '/', '/'),
  pick('quickstart', '/getting-started/quickstart', '/getting-started/', isDoc, true),
  pick('concept', '/concepts/wallets', '/concepts/', isDoc, true),
  pick('code example', '/embedded-wallets/code-examples/create-sub-org-passkey', '/embedded-wallets/code-examples/', isDoc, true),
  pick('SDK', '/sdks/javascript-server', '/sdks/', isDoc, true),
  pick('API home', '/api', '/api'),
  pick('API operation', '/api/wallets/create-wallet', '/api/', (p) => depth(p) === 3 && !p.startsWith('/api/schemas/')),
  pick('API schema', '/api/schemas/wallet', '/api/schemas/', (p) => depth(p) === 3),
  pick('search', '/search', '/search'),
].filter(Boolean);

// 4. Serve and measure: the control first, then ours, with the same tool, throttling and number of runs.
const out = resultsDir ?? mkdtempSync(path.join(os.tmpdir(), 'sigil-bench-'));
let search;
if (resultsDir) search = JSON.parse(readFileSync(path.join(out, 'search.json'), 'utf8'));
else {
  const server = await serveBuild(buildDir, port);
  const controlServer = await serveBuild(control.buildDir, controlPort);
  try {
    const tool = measureTool();
    run('node', [
      path.join(tool, 'measure.mjs'),
      '--base', `http://127.0.0.1:${controlPort}`,
      '--paths', [CONTROL_DOCS_PAGE, CONTROL_LONG_PAGE].join(','),
      '--out', out,
      '--label', 'control',
      '--lighthouse', '--runs', values.runs,
    ]);
    run('node', [
      path.join(tool, 'measure.mjs'),
      '--base', `http://127.0.0.1:${port}`,
      '--paths', sample.map((s) => s.path).join(','),
      '--out', out,
      '--label', 'bench',
      '--lighthouse', '--runs', values.runs,
    ]);
    log(`search: first query and keystroke-to-results on /search (CPU 4x slower), ${values.runs} runs`);
    search = await measureSearchRuns(`http://127.0.0.1:${port}`, values.runs);
    writeFileSync(path.join(out, 'search.json'), JSON.stringify(search));
  } finally {
    server.stop();
    controlServer.stop();
  }
}

// 5. The report.
const result = JSON.parse(readFileSync(path.join(out, 'bench.json'), 'utf8'));
const runsDone = result.pages.find((p) => p.lighthouse?.runs)?.lighthouse.runs.length ?? values.runs;
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: root, encoding: 'utf8'}).stdout.trim();
const kib = (b) => (b == null ? '–' : (b / 1024).toFixed(1));
const rows = [];
const misses = [];
for (const s of sample) {
  const p = result.pages.find((x) => x.path === s.path);
  const l = p?.lighthouse;
  if (!p || p.error || !l || l.error || l.runtimeError) {
    rows.push(`| ${s.label} | \`${s.path}\` | error: ${p?.error ?? l?.error ?? l?.runtimeError ?? 'not measured'} |||||||||`);
    misses.push(`${s.path}: not measured`);
    continue;
  }
  const perfRuns = (l.runs ?? []).map((r) => r.scores.performance);
  const range = perfRuns.length ? ` (${Math.min(...perfRuns)}–${Math.max(...perfRuns)})` : '';
  const ok = l.scores.performance >= TARGET.performance && l.scores.accessibility >= TARGET.accessibility;
  if (!ok) misses.push(`${s.path}: performance ${l.scores.performance}, accessibility ${l.scores.accessibility}`);
  rows.push(
    `| ${s.label} | \`${s.path}\` | ${l.scores.performance}${range} | ${l.scores.accessibility} | ${l.scores['best-practices']} | ${l.scores.seo} | ` +
      `${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${kib(l.totalByteWeight)} | ${kib(p.network.jsEncoded)} | ${ok ? 'yes' : '**no**'} |`,
  );
}
// The control and the ratios to it.
const controlResult = JSON.parse(readFileSync(path.join(out, 'control.json'), 'utf8'));
const controlRows = [];
for (const cp of [CONTROL_DOCS_PAGE, CONTROL_LONG_PAGE]) {
  const p = controlResult.pages.find((x) => x.path === cp);
  const l = p?.lighthouse;
  if (!p || p.error || !l || l.error || l.runtimeError) {
    controlRows.push(`| control | \`${cp}\` | error: ${p?.error ?? l?.error ?? l?.runtimeError ?? 'not measured'} |||||||||||`);
    continue;
  }
  const perfRuns = (l.runs ?? []).map((r) => r.scores.performance);
  const range = perfRuns.length ? ` (${Math.min(...perfRuns)}–${Math.max(...perfRuns)})` : '';
  controlRows.push(
    `| control${cp === CONTROL_DOCS_PAGE ? ' (reference)' : ''} | \`${cp}\` | ${l.scores.performance}${range} | ${l.scores.accessibility} | ${l.scores['best-practices']} | ${l.scores.seo} | ` +
      `${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${kib(l.totalByteWeight)} | ${kib(p.network.jsEncoded)} |`,
  );
}
const ref = controlResult.pages.find((x) => x.path === CONTROL_DOCS_PAGE);
const refOk = ref && !ref.error && ref.lighthouse && !ref.lighthouse.error && !ref.lighthouse.runtimeError;
const ratio = (a, b) => (a == null || !b ? undefined : a / b);
const fmtRatio = (r) => (r == null ? '–' : `${r.toFixed(2)}×`);
const ratioRows = [];
for (const s of sample) {
  const p = result.pages.find((x) => x.path === s.path);
  const l = p?.lighthouse;
  if (!refOk || !p || p.error || !l || l.error || l.runtimeError) {
    ratioRows.push(`| ${s.label} | \`${s.path}\` | not measured ||||`);
    continue;
  }
  const r = {
    // A TBT of 0 on the control would make every ratio infinite; it is then compared in ms (0 ms needs 0 ms).
    tbt: ref.lighthouse.tbtMs ? ratio(l.tbtMs, ref.lighthouse.tbtMs) : l.tbtMs === 0 ? 0 : Infinity,
    lcp: ratio(l.lcpMs, ref.lighthouse.lcpMs),
    js: ratio(p.network.jsEncoded, ref.network.jsEncoded),
  };
  let met = '';
  if (s.docs) {
    const fails = [];
    if (!(r.tbt <= DOCS_TARGET.tbt)) fails.push(`TBT ${fmtRatio(r.tbt)} > ${DOCS_TARGET.tbt}×`);
    if (!(r.lcp <= DOCS_TARGET.lcp)) fails.push(`LCP ${fmtRatio(r.lcp)} > ${DOCS_TARGET.lcp}×`);
    if (!(r.js <= DOCS_TARGET.js)) fails.push(`JS ${fmtRatio(r.js)} > ${DOCS_TARGET.js}×`);
    if (fails.length) misses.push(`${s.path} against the control: ${fails.join(', ')}`);
    met = fails.length ? `**no** (${fails.join('; ')})` : 'yes';
  } else met = '(not a docs page)';
  ratioRows.push(`| ${s.label} | \`${s.path}\` | ${fmtRatio(r.tbt)} (${l.tbtMs} ms) | ${fmtRatio(r.lcp)} (${l.lcpMs} ms) | ${fmtRatio(r.js)} (${kib(p.network.jsEncoded)} KiB) | ${met} |`);
}
/** The median of the pages' benchmarkIndex (Lighthouse measures it once per page). */
function benchmarkIndexOf(pages) {
  const xs = pages.map((p) => p.lighthouse?.benchmarkIndex).filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (!xs.length) return undefined;
  const m = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
}
const controlBench = benchmarkIndexOf(controlResult.pages);
const indexRange = (pages) => {
  const xs = pages.map((p) => p.lighthouse?.benchmarkIndex).filter((x) => typeof x === 'number');
  return xs.length ? `${Math.min(...xs)}–${Math.max(...xs)}` : '–';
};
const axe = result.pages.map((p) => `- \`${p.path}\`: ${p.axe?.violations?.length ? p.axe.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join(', ') : 'no violations'}`);
const third = [...new Set(result.pages.flatMap((p) => p.network?.thirdPartyHosts ?? []))];
const notes = sample.filter((s) => s.note).map((s) => `- ${s.label}: ${s.note}`);
const bench = benchmarkIndexOf(result.pages);
// Lighthouse's benchmarkIndex is how fast the machine ran a fixed piece of work during the runs; when it moved a lot
// between the control's runs and ours, the machine's load changed and the ratios mix two machines.
const speedShift = controlBench && bench ? Math.max(controlBench, bench) / Math.min(controlBench, bench) : 1;
const speedWarning =
  speedShift > 1.25
    ? `\n**The machine's speed changed between the control's runs and ours** (benchmarkIndex ${controlBench} against ${bench}, ` +
      `${speedShift.toFixed(1)}×): other work started or stopped on the shared machine, so these ratios compare a quiet and a busy ` +
      'machine (TBT stretches with load, bytes do not). Run the benchmark again on a quieter machine before deciding on them.\n'
    : '';
const {section: searchSection, misses: searchMisses} = searchReport(search);
misses.push(...searchMisses);
const report = `# Site benchmark

Made by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit \`${commit}\`:
production build, served with gzip and the build's \`_headers\` by \`website/tests/serve-build.mjs\`, measured with
\`shared/tools/measure\` (Lighthouse ${result.versions?.lighthouse ?? ''}, default mobile config with simulated throttling,
median of ${runsDone} runs per page; browser pass in Debian Chromium). Machine: ${os.cpus().length} cores, Node ${process.version},
Lighthouse benchmarkIndex ${bench ?? '–'} (median over the pages). Target: performance ≥ ${TARGET.performance} and accessibility ${TARGET.accessibility} on every page.

| page | path | perf (runs) | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | bytes KiB | JS KiB (wire) | target met |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

## Beside the control

The control is the official classic template of \`create-docusaurus\` ${control.version} (the Docusaurus version of our
lockfile), generated by \`bench/control.mjs\` into \`tmp/\` (never committed), built with our own node_modules and served
by the same server; measured in this run just before our pages, with the same tool, Lighthouse config and ${runsDone} runs
per page. Lighthouse benchmarkIndex (median over the pages) during the control's runs ${controlBench ?? '–'} (pages: ${indexRange(controlResult.pages)}), during ours ${bench ?? '–'} (pages: ${indexRange(result.pages)}).
${speedWarning}
| site | path | perf (runs) | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | bytes KiB | JS KiB (wire) |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${controlRows.join('\n')}

Our pages as a ratio to the control's \`${CONTROL_DOCS_PAGE}\` (absolute figures in brackets). Targets for docs pages:
TBT ≤ ${DOCS_TARGET.tbt}×, LCP ≤ ${DOCS_TARGET.lcp}×, JavaScript ≤ ${DOCS_TARGET.js}× the control's.

| page | path | TBT | LCP | JS (wire) | docs target met |
| --- | --- | --- | --- | --- | --- |
${ratioRows.join('\n')}

${searchSection}
${misses.length ? `Pages below target:\n\n${misses.map((m) => `- ${m}`).join('\n')}` : 'Every sampled page meets the target.'}

${notes.length ? `Sample fallbacks:\n\n${notes.join('\n')}\n` : 'Every preferred sample page exists.\n'}
axe-core (WCAG 2.1 AA) in the browser pass:

${axe.join('\n')}

Hosts other than the site's own requested: ${third.length ? third.join(', ') : 'none'}.

Lighthouse's simulated figures move from run to run and with the machine's load (see benchmarkIndex); compare runs
made on the same machine, and use \`--runs 5\` for decisions.
`;
writeFileSync(path.join(root, 'bench', 'REPORT.md'), report);
log(`wrote bench/REPORT.md (raw results in ${out})`);
if (misses.length) log(`below target: ${misses.join('; ')}`);
