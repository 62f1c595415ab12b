#!/usr/bin/env node
// The site benchmark (`npm run bench`): builds the libraries and the production
// site, serves the build with compression (website/tests/serve-build.mjs, which
// also applies _headers), runs Lighthouse (mobile defaults, 3 runs per page,
// median run) and a browser pass on a fixed sample of pages with the team's
// measuring tool, and writes bench/REPORT.md. Not part of CI: Lighthouse's
// figures depend on the machine.
//
// Every run measures three sides in the same way, one after the other: the Docusaurus control (the classic
// template at our Docusaurus version, bench/control.mjs), the floor (each sampled page's own HTML and CSS with every
// script removed, bench/floor.mjs) and our pages. Docs pages are judged against the control and their floor
// (bench/targets.mjs), so a slower machine slows every side alike; each page's benchmarkIndex is shown beside its
// scores, with a warning when it moved between the sides.
//
//   npm run bench [-- --skip-build] [-- --runs 5] [-- --results DIR (report again from a run's raw results)]
//   No environment variable is needed. Optional: BENCH_PORT, BENCH_CONTROL_PORT, BENCH_FLOOR_PORT (default: free
//   ports the system picks), SIGIL_MEASURE_DIR (default: the first shared/tools/measure above the repository).
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {fileURLToPath} from 'node:url';
import {measureSearchRuns, searchReport} from './search.mjs';
import {CONTROL_DOCS_PAGE, CONTROL_LONG_PAGE, ensureControlBuild} from './control.mjs';
import {serveBuild} from './serve.mjs';
import {requestedPort} from './ports.mjs';
import {buildFloor} from './floor.mjs';
import {DOCS_TARGETS, SCORE_TARGETS, SPEED_SHIFT_LIMIT, evaluateDocsPage, evaluateScores, speedShiftWarning} from './targets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const website = path.join(root, 'website');
const {values} = parseArgs({
  options: {'skip-build': {type: 'boolean', default: false}, runs: {type: 'string', default: '3'}, results: {type: 'string'}},
});
// --results DIR: write the report again from a finished run's raw results (the folder it names at the end).
const resultsDir = values.results ? path.resolve(values.results) : undefined;
const port = requestedPort(process.env.BENCH_PORT, 'BENCH_PORT');
const controlPort = requestedPort(process.env.BENCH_CONTROL_PORT, 'BENCH_CONTROL_PORT');
const floorPort = requestedPort(process.env.BENCH_FLOOR_PORT, 'BENCH_FLOOR_PORT');
const buildDirName = 'build-bench';
const buildDir = path.join(website, buildDirName);

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
/** The team's tool lives in shared/tools/measure beside the clones, however deep the clone is (worktrees nest). */
function findSharedMeasure() {
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'tools', 'measure');
    if (existsSync(path.join(candidate, 'measure.mjs'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}
function measureTool() {
  const dir = process.env.SIGIL_MEASURE_DIR ? path.resolve(process.env.SIGIL_MEASURE_DIR) : findSharedMeasure();
  if (!dir || !existsSync(path.join(dir, 'measure.mjs'))) {
    throw new Error(`Measuring tool not found (${dir ?? 'no shared/tools/measure in any folder above the repository'}); set SIGIL_MEASURE_DIR.`);
  }
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

// 4. Serve and measure three sides with the same tool, throttling and number of runs: the control, the floor, ours.
const out = resultsDir ?? mkdtempSync(path.join(os.tmpdir(), 'sigil-bench-'));
const floorDir = path.join(out, 'floor-site');
const loadAverages = {before: os.loadavg()[0]};
let search;
if (resultsDir) search = JSON.parse(readFileSync(path.join(out, 'search.json'), 'utf8'));
else {
  buildFloor(buildDir, sample.map((s) => s.path), floorDir);
  const servers = [];
  try {
    const tool = measureTool();
    const controlServer = await serveBuild(control.buildDir, controlPort);
    servers.push(controlServer);
    const floorServer = await serveBuild(floorDir, floorPort);
    servers.push(floorServer);
    const server = await serveBuild(buildDir, port);
    servers.push(server);
    const measure = (origin, paths, label) =>
      run('node', [path.join(tool, 'measure.mjs'), '--base', origin, '--paths', paths.join(','), '--out', out, '--label', label, '--lighthouse', '--runs', values.runs]);
    measure(controlServer.origin, [CONTROL_DOCS_PAGE, CONTROL_LONG_PAGE], 'control');
    measure(floorServer.origin, sample.map((s) => s.path), 'floor');
    measure(server.origin, sample.map((s) => s.path), 'bench');
    log(`search: first query and keystroke-to-results on /search (CPU 4x slower), ${values.runs} runs`);
    search = await measureSearchRuns(server.origin, values.runs);
    writeFileSync(path.join(out, 'search.json'), JSON.stringify(search));
  } finally {
    for (const s of servers) s.stop();
  }
}
loadAverages.after = os.loadavg()[0];

// 5. The report.
const readSide = (label) => JSON.parse(readFileSync(path.join(out, `${label}.json`), 'utf8'));
const result = readSide('bench');
const floorResult = readSide('floor');
const controlResult = readSide('control');
const runsDone = result.pages.find((p) => p.lighthouse?.runs)?.lighthouse.runs.length ?? values.runs;
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: root, encoding: 'utf8'}).stdout.trim();
const kib = (b) => (b == null ? '–' : (b / 1024).toFixed(1));
const idx = (x) => (typeof x === 'number' ? Math.round(x) : '–');
/** A side's measurement of a path, or the reason there is none. */
function measured(side, p) {
  const page = side.pages.find((x) => x.path === p);
  const l = page?.lighthouse;
  if (!page || page.error || !l || l.error || l.runtimeError) return {error: page?.error ?? l?.error ?? l?.runtimeError ?? 'not measured'};
  const perfRuns = (l.runs ?? []).map((r) => r.scores.performance);
  return {
    page,
    l,
    figures: {jsBytes: page.network.jsEncoded, tbtMs: l.tbtMs, lcpMs: l.lcpMs},
    range: perfRuns.length ? ` (${Math.min(...perfRuns)}–${Math.max(...perfRuns)})` : '',
  };
}
const misses = [];
const warnings = [];
const pageRow = (label, p, m, extra = '') =>
  m.error
    ? `| ${label} | \`${p}\` | error: ${m.error} |||||||||||`
    : `| ${label} | \`${p}\` | ${m.l.scores.performance}${m.range} | ${m.l.scores.accessibility} | ${idx(m.l.benchmarkIndex)} | ${m.l.fcpMs} | ${m.l.lcpMs} | ` +
      `${m.l.tbtMs} | ${m.l.cls} | ${kib(m.l.totalByteWeight)} | ${kib(m.page.network.jsEncoded)} |${extra}`;
const rows = [];
const floorRows = [];
for (const s of sample) {
  const m = measured(result, s.path);
  if (m.error) misses.push(`${s.path}: not measured (${m.error})`);
  const scoreMisses = m.error ? [] : evaluateScores(m.l.scores, m.l.benchmarkIndex);
  misses.push(...scoreMisses.map((x) => `${s.path}: ${x}`));
  rows.push(pageRow(s.label, s.path, m, ` ${m.error ? '–' : scoreMisses.length ? '**no**' : 'yes'} |`));
  floorRows.push(pageRow(`${s.label} (floor)`, s.path, measured(floorResult, s.path)));
}
const controlRows = [CONTROL_DOCS_PAGE, CONTROL_LONG_PAGE].map((cp) => pageRow(cp === CONTROL_DOCS_PAGE ? 'control (reference)' : 'control', cp, measured(controlResult, cp)));
const ref = measured(controlResult, CONTROL_DOCS_PAGE);
const fmt = (x, digits = 2, unit = '×') => (x == null ? '–' : `${x.toFixed(digits)}${unit}`);
const docsRows = [];
for (const s of sample.filter((x) => x.docs)) {
  const m = measured(result, s.path);
  const f = measured(floorResult, s.path);
  const e = evaluateDocsPage(m.figures ?? {}, ref.figures, f.figures);
  misses.push(...e.misses.map((x) => `${s.path}: ${x}`));
  const speeds = {ours: m.l?.benchmarkIndex, floor: f.l?.benchmarkIndex, control: ref.l?.benchmarkIndex};
  const shift = speedShiftWarning(speeds);
  if (shift) warnings.push(`${s.path}: ${shift}`);
  docsRows.push(
    `| ${s.label} | ${fmt(e.jsRatio)} (${kib(m.figures?.jsBytes)} / ${kib(ref.figures?.jsBytes)} KiB) | ` +
      `${e.tbtOverFloor == null ? '–' : `+${Math.round(e.tbtOverFloor)} ms`} (${m.l?.tbtMs ?? '–'} / ${f.l?.tbtMs ?? '–'} ms) | ` +
      `${fmt(e.lcpRatio)} (${m.l?.lcpMs ?? '–'} / ${f.l?.lcpMs ?? '–'} ms) | ${idx(speeds.ours)} / ${idx(speeds.floor)} / ${idx(speeds.control)} | ` +
      `${e.misses.length ? `**no** (${e.misses.join('; ')})` : 'yes'} |`,
  );
}
const medianIndex = (side) => {
  const xs = side.pages.map((p) => p.lighthouse?.benchmarkIndex).filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (!xs.length) return undefined;
  const h = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[h] : (xs[h - 1] + xs[h]) / 2;
};
const sideShift = speedShiftWarning({control: medianIndex(controlResult), floor: medianIndex(floorResult), ours: medianIndex(result)});
if (sideShift) warnings.unshift(`over the whole run: ${sideShift}`);
const axe = result.pages.map((p) => `- \`${p.path}\`: ${p.axe?.violations?.length ? p.axe.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join(', ') : 'no violations'}`);
const third = [...new Set(result.pages.flatMap((p) => p.network?.thirdPartyHosts ?? []))];
const notes = sample.filter((s) => s.note).map((s) => `- ${s.label}: ${s.note}`);
const {section: searchSection, misses: searchMisses} = searchReport(search);
misses.push(...searchMisses);
const header = '| page | path | perf (runs) | a11y | benchmarkIndex | FCP ms | LCP ms | TBT ms | CLS | bytes KiB | JS KiB (wire) |';
const rule = '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |';
const warningBlock = warnings.length
  ? `\n**The machine's speed moved during the run** (Lighthouse's benchmarkIndex; TBT and LCP stretch with load, bytes do not):\n\n${warnings.map((w) => `- ${w}`).join('\n')}\n`
  : `\nbenchmarkIndex stayed within ${Math.round((SPEED_SHIFT_LIMIT - 1) * 100)} % between the sides of every docs page.\n`;
const notePreserved = (() => {
  try {
    const old = readFileSync(path.join(root, 'bench', 'REPORT.md'), 'utf8');
    const at = old.indexOf('\n## Notes\n');
    return at >= 0 ? old.slice(at) : '';
  } catch {
    return '';
  }
})();
const report = `# Site benchmark

Made by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit \`${commit}\`:
production build, served with gzip and the build's \`_headers\` by \`website/tests/serve-build.mjs\`, measured with
\`shared/tools/measure\` (Lighthouse ${result.versions?.lighthouse ?? ''}, default mobile config with simulated throttling,
median of ${runsDone} runs per page; browser pass in Debian Chromium). Machine: ${os.cpus().length} cores, shared with other
work (1-minute load average ${loadAverages.before.toFixed(1)} at the start, ${loadAverages.after.toFixed(1)} at the end), Node ${process.version}.
Lighthouse benchmarkIndex (median over the pages): control ${idx(medianIndex(controlResult))}, floor ${idx(medianIndex(floorResult))}, ours ${idx(medianIndex(result))}.

Three sides, measured one after the other in this run with the same tool, config and runs: the **control** (the
official classic template of \`create-docusaurus\` ${control.version}, the Docusaurus version of our lockfile, built by
\`bench/control.mjs\` with our node_modules), the **floor** (each sampled page's own HTML and CSS with every script
removed, \`bench/floor.mjs\`: what reading costs with no JavaScript) and **ours**.

## Targets for docs pages (\`bench/targets.mjs\`)

JavaScript at most ${DOCS_TARGETS.jsToControl}× the control's \`${CONTROL_DOCS_PAGE}\`; TBT at most the page's floor + ${DOCS_TARGETS.tbtOverFloorMs} ms;
LCP at most ${DOCS_TARGETS.lcpToFloor}× the floor's. Columns give the ratio, then (ours / reference) in brackets;
benchmarkIndex is ours / floor / control.

| page | JS to the control | TBT over the floor | LCP to the floor | benchmarkIndex | met |
| --- | --- | --- | --- | --- | --- |
${docsRows.join('\n')}
${warningBlock}
## Every sampled page

Target: performance ≥ ${SCORE_TARGETS.performance} and accessibility ${SCORE_TARGETS.accessibility} at the machine speed of the run
(benchmarkIndex of the page's own runs beside the scores).

${header} target met |
${rule} --- |
${rows.join('\n')}

The floor of the same pages:

${header}
${rule}
${floorRows.join('\n')}

The control:

${header}
${rule}
${controlRows.join('\n')}

${searchSection}
${misses.length ? `Targets missed:\n\n${misses.map((m) => `- ${m}`).join('\n')}` : 'Every target is met.'}

${notes.length ? `Sample fallbacks:\n\n${notes.join('\n')}\n` : 'Every preferred sample page exists.\n'}
axe-core (WCAG 2.1 AA) in the browser pass:

${axe.join('\n')}

Hosts other than the site's own requested: ${third.length ? third.join(', ') : 'none'}.

Lighthouse's simulated figures move from run to run and with the machine's load (see benchmarkIndex); compare sides of
one run, and use \`--runs 5\` for decisions.
${notePreserved}`;
writeFileSync(path.join(root, 'bench', 'REPORT.md'), report);
log(`wrote bench/REPORT.md (raw results in ${out})`);
if (misses.length) log(`targets missed: ${misses.join('; ')}`);
