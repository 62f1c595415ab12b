#!/usr/bin/env node
// The site benchmark (`npm run bench`): builds the libraries and the production
// site, serves the build with compression (website/tests/serve-build.mjs, which
// also applies _headers), runs Lighthouse (mobile defaults, 3 runs per page,
// median run) and a browser pass on a fixed sample of pages with the team's
// measuring tool, and writes bench/REPORT.md. Not part of CI: Lighthouse's
// figures depend on the machine.
//
//   npm run bench [-- --skip-build] [-- --runs 5]
//   env: BENCH_PORT (default 4180), SIGIL_MEASURE_DIR (default ../shared/tools/measure)
import {spawn, spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {fileURLToPath} from 'node:url';
import {measureSearch, searchReport} from './search.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const website = path.join(root, 'website');
const {values} = parseArgs({options: {'skip-build': {type: 'boolean', default: false}, runs: {type: 'string', default: '3'}}});
const port = Number(process.env.BENCH_PORT ?? 4180);
const buildDirName = 'build-bench';
const buildDir = path.join(website, buildDirName);
const TARGET = {performance: 98, accessibility: 100};

const log = (msg) => console.error(`[bench] ${msg}`);
function run(cmd, args, options = {}) {
  log(`${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, {stdio: 'inherit', ...options});
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status}`);
}

// 1. Build (production: no test fixtures), into its own folders so a running dev build is left alone.
if (!values['skip-build']) {
  run('node', ['scripts/build-packages.mjs'], {cwd: root});
  run('npx', ['docusaurus', 'build', '--out-dir', buildDirName], {
    cwd: website,
    env: {...process.env, SIGIL_TEST_FIXTURES: '', DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-bench'},
  });
}
if (!existsSync(path.join(buildDir, 'index.html'))) throw new Error(`No build in ${buildDir}; run without --skip-build.`);

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
function pick(label, preferred, prefix, filter = () => true) {
  if (exists(preferred)) return {label, path: preferred, note: ''};
  const fallback = pagesOf(prefix).find(filter);
  if (!fallback) return undefined;
  return {label, path: fallback, note: `${preferred} is not built; used ${fallback}`};
}
const depth = (p) => p.split('/').filter(Boolean).length;
const sample = [
  pick('home', '/', '/'),
  pick('quickstart', '/getting-started/quickstart', '/getting-started/'),
  pick('concept', '/concepts/wallets', '/concepts/'),
  pick('code example', '/embedded-wallets/code-examples/create-sub-org-passkey', '/embedded-wallets/code-examples/'),
  pick('SDK', '/sdks/javascript-server', '/sdks/'),
  pick('API home', '/api', '/api'),
  pick('API operation', '/api/wallets/create-wallet', '/api/', (p) => depth(p) === 3 && !p.startsWith('/api/schemas/')),
  pick('API schema', '/api/schemas/wallet', '/api/schemas/', (p) => depth(p) === 3),
  pick('search', '/search', '/search'),
].filter(Boolean);

// 4. Serve and measure.
const server = spawn('node', [path.join(website, 'tests', 'serve-build.mjs'), '--port', String(port), '--dir', buildDir], {stdio: 'ignore'});
const out = mkdtempSync(path.join(os.tmpdir(), 'sigil-bench-'));
let search;
try {
  await new Promise((resolve) => setTimeout(resolve, 800));
  const tool = measureTool();
  run('node', [
    path.join(tool, 'measure.mjs'),
    '--base', `http://127.0.0.1:${port}`,
    '--paths', sample.map((s) => s.path).join(','),
    '--out', out,
    '--label', 'bench',
    '--lighthouse', '--runs', values.runs,
  ]);
  log('search: first query and keystroke-to-results on /search (CPU 4x slower)');
  search = await measureSearch(`http://127.0.0.1:${port}`);
} finally {
  server.kill();
}

// 5. The report.
const result = JSON.parse(readFileSync(path.join(out, 'bench.json'), 'utf8'));
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
const axe = result.pages.map((p) => `- \`${p.path}\`: ${p.axe?.violations?.length ? p.axe.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join(', ') : 'no violations'}`);
const third = [...new Set(result.pages.flatMap((p) => p.network?.thirdPartyHosts ?? []))];
const notes = sample.filter((s) => s.note).map((s) => `- ${s.label}: ${s.note}`);
const bench = result.pages.find((p) => p.lighthouse?.benchmarkIndex)?.lighthouse.benchmarkIndex;
const {section: searchSection, misses: searchMisses} = searchReport(search);
misses.push(...searchMisses);
const report = `# Site benchmark

Made by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit \`${commit}\`:
production build, served with gzip and the build's \`_headers\` by \`website/tests/serve-build.mjs\`, measured with
\`shared/tools/measure\` (Lighthouse ${result.versions?.lighthouse ?? ''}, default mobile config with simulated throttling,
median of ${values.runs} runs per page; browser pass in Debian Chromium). Machine: ${os.cpus().length} cores, Node ${process.version},
Lighthouse benchmarkIndex ${bench ?? '–'}. Target: performance ≥ ${TARGET.performance} and accessibility ${TARGET.accessibility} on every page.

| page | path | perf (runs) | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | bytes KiB | JS KiB (wire) | target met |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

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
