#!/usr/bin/env node
// Where a docs page's main-thread time goes at first load, beside the control site's docs page, written to
// bench/PROFILE.md (the summary only; the traces stay in a temp folder). Each page is loaded `--runs` times,
// alternately with the control, in Debian Chromium with the CPU slowed down 4x (Lighthouse's mobile factor) and a
// 412 px wide viewport; every load is traced (DevTools protocol Tracing, with V8's sampling profiler) and the
// summary shows the load with the median script time of each side. Run it again after a change to see what it removed.
//
//   node bench/profile.mjs [--dir website/build-bench] [--path /concepts/wallets] [--runs 3] [--port PORT]
//                          [--control-port PORT]   (ports: a free one when unset)
//   (the default folder is the benchmark's production build: npm run bench builds it)
import {readFileSync, writeFileSync, existsSync, mkdtempSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {fileURLToPath} from 'node:url';
import {spawnSync} from 'node:child_process';
import {chromium} from 'playwright-core';
import {ensureControlBuild, CONTROL_DOCS_PAGE} from './control.mjs';
import {serveBuild} from './serve.mjs';
import {requestedPort} from './ports.mjs';
import {chromiumLaunchOptions, median, summarise, traceFirstLoad} from './trace.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {values} = parseArgs({
  options: {
    dir: {type: 'string', default: path.join(root, 'website', 'build-bench')},
    path: {type: 'string', default: '/concepts/wallets'},
    runs: {type: 'string', default: '3'},
    port: {type: 'string', default: process.env.BENCH_PORT ?? '0'},
    'control-port': {type: 'string', default: process.env.BENCH_CONTROL_PORT ?? '0'},
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number, not ${values.runs}`);
const buildDir = path.resolve(values.dir);
if (!existsSync(path.join(buildDir, values.path, 'index.html'))) {
  console.error(`profile: ${values.path} is not built in ${buildDir} (npm run bench builds website/build-bench)`);
  process.exit(2);
}

const log = (m) => console.error(`[profile] ${m}`);
const loadBefore = os.loadavg()[0];
const control = ensureControlBuild({log});
const ours = await serveBuild(buildDir, requestedPort(values.port, '--port'));
const theirs = await serveBuild(control.buildDir, requestedPort(values['control-port'], '--control-port'));
const browser = await chromium.launch(chromiumLaunchOptions);
const traces = mkdtempSync(path.join(os.tmpdir(), 'sigil-profile-'));
const loads = {ours: [], control: []};
/** The same loads without the slowdown: thread time, the steadiest figure on a busy machine (bench/main-thread-check.mjs). */
const plain = {ours: [], control: []};
try {
  const sides = {ours: {server: ours, page: values.path}, control: {server: theirs, page: CONTROL_DOCS_PAGE}};
  for (const side of Object.keys(sides)) await traceFirstLoad(browser, sides[side].server.origin + sides[side].page); // warm-up, not counted
  for (let i = 0; i < runs; i++) {
    for (const side of i % 2 ? ['control', 'ours'] : ['ours', 'control']) {
      const {server, page} = sides[side];
      log(`${side} ${page} (${i + 1}/${runs})`);
      const events = await traceFirstLoad(browser, server.origin + page, {samples: true});
      const file = path.join(traces, `${side}-${i + 1}.json`);
      writeFileSync(file, JSON.stringify({traceEvents: events}));
      loads[side].push({...summarise(events, server.origin), file});
    }
  }
  for (let i = 0; i < runs; i++) {
    for (const side of i % 2 ? ['control', 'ours'] : ['ours', 'control']) {
      const {server, page} = sides[side];
      plain[side].push(summarise(await traceFirstLoad(browser, server.origin + page, {cpuRate: 1}), server.origin));
    }
  }
} finally {
  await browser.close();
  ours.stop();
  theirs.stop();
}
const loadAfter = os.loadavg()[0];

/** The load whose script time is the median of its side's. */
const pick = (side) => {
  const m = median(loads[side].map((l) => l.scriptMs));
  return loads[side].reduce((best, l) => (Math.abs(l.scriptMs - m) < Math.abs(best.scriptMs - m) ? l : best));
};
const x = (a, b) => (b ? `${(a / b).toFixed(2)}×` : '–');
const row = (label, a, b) => `| ${label} | ${a} | ${b} | ${x(a, b)} |`;
const o = pick('ours');
const c = pick('control');
const pickPlain = (side) => {
  const m = median(plain[side].map((l) => l.scriptCpuMs));
  return plain[side].reduce((best, l) => (Math.abs(l.scriptCpuMs - m) < Math.abs(best.scriptCpuMs - m) ? l : best));
};
const po = pickPlain('ours');
const pc = pickPlain('control');
const cpuRows = [...new Set([...Object.keys(po.cpuActivities), ...Object.keys(pc.cpuActivities)])]
  .filter((k) => k !== 'other')
  .map((k) => row(k, po.cpuActivities[k] ?? 0, pc.cpuActivities[k] ?? 0));
const cpuTotal = (l) => Object.entries(l.cpuActivities).reduce((a, [k, v]) => a + (k === 'other' ? 0 : v), 0);
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: root, encoding: 'utf8'}).stdout.trim();

const activityRows = [...new Set([...Object.keys(o.activities), ...Object.keys(c.activities)])]
  .filter((k) => k !== 'other')
  .map((k) => row(k, o.activities[k] ?? 0, c.activities[k] ?? 0));
const phaseRows = Object.keys(o.phases).map((k) => row(k, o.phases[k], c.phases[k] ?? 0));

function fileSize(url, dir) {
  if (!url.startsWith('/')) return '';
  const p = path.join(dir, url);
  return existsSync(p) && statSync(p).isFile() ? `${(statSync(p).size / 1024).toFixed(1)} KiB` : '';
}
/** What a chunk holds, from the manifest our build writes (website/plugins/chunks); the control has none. */
function holds(url, dir) {
  const file = path.join(dir, '.chunk-packages.json');
  if (!existsSync(file)) return '';
  const entry = JSON.parse(readFileSync(file, 'utf8'))[url];
  if (!entry) return '';
  const pkgs = entry.packages.filter((p) => p !== 'site');
  const sources = entry.sources.filter((s) => !s.endsWith('.css')).map((s) => s.replace(/^src\/|\/index\.tsx?$/g, ''));
  const list = (xs, n) => (xs.length > n ? `${xs.slice(0, n).join(', ')} and ${xs.length - n} more` : xs.join(', '));
  return [pkgs.length ? `packages: ${list(pkgs, 6)}` : '', sources.length ? `site: ${list(sources, 6)}` : ''].filter(Boolean).join('; ');
}
const fileRows = (l, dir, n = 12) => {
  const entries = Object.entries(l.sampledScriptByUrl ?? l.scriptByUrl).slice(0, n);
  return entries.map(([url, t]) => `| \`${url}\` | ${t} | ${fileSize(url, dir)} | ${holds(url, dir)} |`).join('\n');
};
const taskRows = (l) =>
  l.longTasks.map((t) => `| ${t.startMs} | ${t.durMs} | ${t.what} |`).join('\n') || '| – | – | no long task |';
const range = (side, key) => {
  const xs = loads[side].map((l) => l[key]);
  return `${Math.min(...xs)}–${Math.max(...xs)}`;
};

const md = `# Main-thread profile of a docs page, beside the control

Made by \`node bench/profile.mjs\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit \`${commit}\`: our
\`${values.path}\` (production build \`${path.relative(root, buildDir)}\`) and the control's \`${CONTROL_DOCS_PAGE}\` (the Docusaurus
${control.version} classic template, bench/control.mjs), both served with gzip by \`website/tests/serve-build.mjs\`, loaded
${runs} times each, alternately, in Debian Chromium with the CPU slowed down 4x and a 412×823 viewport, cold cache, each load
traced from navigation until the network was idle plus 1 s. The figures are those of each side's load with the median script
time (script ms of all loads: ours ${range('ours', 'scriptMs')}, control ${range('control', 'scriptMs')}).

The machine (${os.cpus().length} cores) was shared with other work: 1-minute load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}. Every
millisecond here is stretched by that load and by the 4x slowdown; compare ours with the control's (measured in the same
minutes), not with figures from another run.

## Main thread by activity (self time, ms, CPU 4x slower)

| activity | ours | control | ratio |
| --- | --- | --- | --- |
${activityRows.join('\n')}
| **busy in total** | **${o.busyMs}** | **${c.busyMs}** | **${x(o.busyMs, c.busyMs)}** |
| long tasks (> 50 ms): count | ${o.longTaskCount} | ${c.longTaskCount} | |
| long tasks: total ms | ${o.longTaskMs} | ${c.longTaskMs} | ${x(o.longTaskMs, c.longTaskMs)} |
| blocking time (the part of each long task over 50 ms) | ${o.blockingMs} | ${c.blockingMs} | ${x(o.blockingMs, c.blockingMs)} |

"script" is JavaScript compilation, evaluation, function calls, timers, event handlers and microtasks; "gc" garbage
collection; "style & layout" style recalculation, layout, pre-paint and layerization; the task runner's and IPC's own
spans are left out.

## Thread time by activity, CPU not slowed down (ms)

The same pages loaded ${runs} more times each without the slowdown; the load with the median script thread time of each
side. Thread time counts only what the renderer's main thread itself ran, so it does not grow while other processes
hold the cores (the slowdown's own waiting lands in thread time irregularly, which is why the CI's check,
bench/main-thread-check.mjs, measures this way). Script thread ms of all loads: ours ${plain.ours.map((l) => l.scriptCpuMs).join(', ')};
control ${plain.control.map((l) => l.scriptCpuMs).join(', ')}.

| activity | ours | control | ratio |
| --- | --- | --- | --- |
${cpuRows.join('\n')}
| **in total** | **${cpuTotal(po)}** | **${cpuTotal(pc)}** | **${x(cpuTotal(po), cpuTotal(pc))}** |

## Script time by phase (ms, CPU 4x slower)

Docusaurus hydrates the page only after \`main.js\` and the route's chunks have run, so script after the last script
file was evaluated is React's hydration of the layout (navbar, sidebar, table of contents, page), effects, client
modules and whatever widgets defer.

| phase | ours | control | ratio |
| --- | --- | --- | --- |
${phaseRows.join('\n')}

## Script time by file (ms, CPU 4x slower, from V8's sampling profiler)

Self time of the code in each file, whoever called it (React in \`main.js\` calls components that live in route
chunks; this charges them to their chunk). \`(program)\` is the engine's native work between JavaScript frames,
\`(garbage collector)\` collection; both are sampled over the whole trace. Sizes are the files' uncompressed bytes on
disk; what a file holds comes from the manifest our build writes (\`.chunk-packages.json\`, website/plugins/chunks).

Ours, \`${values.path}\`:

| file | ms | size | holds |
| --- | --- | --- | --- |
${fileRows(o, buildDir)}

Control, \`${CONTROL_DOCS_PAGE}\`:

| file | ms | size | holds |
| --- | --- | --- | --- |
${fileRows(c, control.buildDir)}

## Long tasks (CPU 4x slower, the median load of each)

Start is ms after the page's document started parsing; "what" is the task's main activity and, for script, the file that
ran longest in it.

Ours:

| start ms | ms | what |
| --- | --- | --- |
${taskRows(o)}

Control:

| start ms | ms | what |
| --- | --- | --- |
${taskRows(c)}
`;
// Hand-written findings (what was removed and what it cost) live under this heading and survive a new profile.
const NOTES = '## Notes (written by hand; kept when the profile is made again)';
const profileFile = path.join(root, 'bench', 'PROFILE.md');
const previous = existsSync(profileFile) ? readFileSync(profileFile, 'utf8') : '';
const notes = previous.includes(NOTES) ? previous.slice(previous.indexOf(NOTES)) : `${NOTES}\n\nNone yet.\n`;
writeFileSync(profileFile, `${md}\n${notes}`);
log(`wrote bench/PROFILE.md (traces in ${traces}; open one in Chromium's DevTools Performance panel)`);
