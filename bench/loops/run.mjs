// The developer loops of a fresh clone, timed as a reader lives them, into bench/loops/REPORT.md:
// 1. `npm ci && npm start` up to the dev server's first page (npm ci; the libraries' build; the dev server's compile);
// 2. a second `npm run emulator` up to "listening" (the libraries are built by then);
// 3. `npm run emulator -- --help` up to its exit;
// 4. `npm run registry` up to "serving" (the libraries are built by then).
// A benchmark, not a test: it changes nothing in the checkout, runs in a clone under tmp/, and takes minutes.
//
// Usage: node bench/loops/run.mjs [--keep]   (--keep leaves the clone in tmp/loops-clone for a look)
//
// npm's cache is the machine's (a first install on a new machine downloads too, which depends on the network, not on
// this repository). The dev server listens on a free port: `npm start` is `npm run build:packages` then the site's
// `docusaurus start`, run here as those two commands so the port can be chosen; the sum is what `npm start` costs.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const clone = join(root, 'tmp/loops-clone');
const keep = process.argv.includes('--keep');
const TARGETS = { firstPage: 300, emulator: 5, help: 2 };

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Runs a command to its end; resolves with its seconds and output, rejects on a non-zero exit. */
function run(command, args, cwd) {
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) done({ seconds, output });
      else fail(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** Starts a long-running command; resolves with its seconds once `ready(output)` holds, with a stop function. */
function until(command, args, cwd, ready, timeoutMs) {
  const started = performance.now();
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      process.kill(-child.pid, 'SIGTERM');
    });
  return new Promise((done, fail) => {
    const deadline = Date.now() + timeoutMs;
    const check = async () => {
      if (await ready(output)) return done({ seconds: (performance.now() - started) / 1000, output, stop });
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        return fail(new Error(`${command} ${args.join(' ')} did not get ready:\n${output.slice(-4000)}`));
      }
      setTimeout(check, 200);
    };
    check();
  });
}

async function firstPage(url) {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(120_000) });
    return answer.ok && (await answer.text()).includes('<html');
  } catch {
    return false;
  }
}

const load = [loadavg()[0]];
const rows = [];
function record(step, seconds, target, note = '') {
  rows.push({ step, seconds, target, note });
  console.log(`${step}: ${seconds.toFixed(1)} s${note ? ` (${note})` : ''}`);
}

rmSync(clone, { recursive: true, force: true });
mkdirSync(join(root, 'tmp'), { recursive: true });
const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
record('git clone', (await run('git', ['clone', '--quiet', root, clone], root)).seconds);

const install = await run('npm', ['ci', '--no-audit', '--no-fund'], clone);
record('npm ci', install.seconds);
const build = await run('npm', ['run', 'build:packages'], clone);
const builtLine = /build-packages: .*/.exec(build.output)?.[0] ?? '';
record('npm start: the libraries\' build', build.seconds, undefined, builtLine.replace('build-packages: ', ''));
const port = await freePort();
const site = await until('npm', ['run', 'start', '-w', 'website', '--', '--port', String(port)], clone, () => firstPage(`http://127.0.0.1:${port}/`), 900_000);
record('npm start: dev server to the first page', site.seconds);
await site.stop();
const firstPageTotal = install.seconds + build.seconds + site.seconds;

const listening = (output) => /listening on http/.test(output);
const first = await until('npm', ['run', 'emulator', '--', '--port', '0'], clone, listening, 600_000);
await first.stop();
record('first npm run emulator, to listening', first.seconds);
const second = await until('npm', ['run', 'emulator', '--', '--port', '0'], clone, listening, 600_000);
await second.stop();
record('second npm run emulator, to listening', second.seconds, TARGETS.emulator);
const help = await run('npm', ['run', 'emulator', '--', '--help'], clone);
record('npm run emulator -- --help', help.seconds, TARGETS.help);
const direct = await run('node', ['packages/cli/dist/bin.js', 'emulator', 'start', '--help'], clone);
record('node packages/cli/dist/bin.js emulator start --help (no npm, no build check)', direct.seconds);
const check = await run('npm', ['run', 'build:packages', '--silent'], clone);
record('npm run build:packages on a built tree', check.seconds);
const registry = await until('npm', ['run', 'registry', '--', '--port', '0'], clone, (o) => /Local npm registry listening on/.test(o), 600_000);
await registry.stop();
record('npm run registry, to serving (built tree)', registry.seconds);
load.push(loadavg()[0]);
if (!keep) rmSync(clone, { recursive: true, force: true });

const met = (seconds, target) => (seconds <= target ? 'met' : 'not met');
const table = [
  '| Loop | Seconds | Target | |',
  '| --- | --- | --- | --- |',
  `| \`npm ci && npm start\` to the first page | ${firstPageTotal.toFixed(1)} | ≤ ${TARGETS.firstPage} | ${met(firstPageTotal, TARGETS.firstPage)} |`,
  `| second \`npm run emulator\` to listening | ${second.seconds.toFixed(1)} | ≤ ${TARGETS.emulator} | ${met(second.seconds, TARGETS.emulator)} |`,
  `| \`npm run emulator -- --help\` | ${help.seconds.toFixed(1)} | ≤ ${TARGETS.help} | ${met(help.seconds, TARGETS.help)} |`,
];
const steps = ['| Step | Seconds | |', '| --- | --- | --- |', ...rows.map((r) => `| ${r.step} | ${r.seconds.toFixed(1)} | ${r.note} |`)];
const notesFile = join(root, 'bench/loops/REPORT.md');
// Hand-written analysis under "## Where the time goes" survives a new run, as bench/PROFILE.md's notes do.
const previous = existsSync(notesFile) ? readFileSync(notesFile, 'utf8') : '';
const notes = /\n## Where the time goes\n[\s\S]*$/.exec(previous)?.[0] ?? '\n## Where the time goes\n\n(to be written after a run)\n';
const report = `# Developer loops from a fresh clone

Written by \`node bench/loops/run.mjs\` on ${new Date().toISOString().slice(0, 10)} at commit ${head}.
Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.
The 1-minute load average was ${load[0].toFixed(1)} when the run started and ${load[1].toFixed(1)} when it ended
(on ${cpus().length} cores): on a shared machine every figure is an upper bound; compare the steps within one run.
npm's cache was the machine's, so \`npm ci\` downloaded nothing it had seen before.

${table.join('\n')}

Each step, in the order it ran (a clone of the commit above in \`tmp/loops-clone\`):

${steps.join('\n')}
${notes}`;
writeFileSync(notesFile, report);
console.log(`\nwrote ${notesFile}`);
