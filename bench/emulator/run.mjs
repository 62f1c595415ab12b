// npm run bench:emulator: throughput, latency and memory of the emulator's Node server over loopback HTTP,
// written to bench/emulator/REPORT.md. A benchmark, not a test: it measures and reports, it asserts only
// that the requests it times succeeded. Every loop is bounded by a count or a time limit.
//
// The server runs in its own process (the built CLI: `sigil emulator start --data <tmp>`), so the load
// generator and the emulator each get a core of a 2-core machine.
import { spawn } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BROWSER_QUERIES, browserQueries } from './browser.mjs';
import { privateKeyFrom, stampHeader } from './stamp.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'packages/cli/dist/bin.js');
const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));

const CLIENTS = 32;
const QUERY_SECONDS = 10;
const HALF_RATE_SECONDS = 10;
const ACTIVITY_PHASE_COUNT = Number(process.env.BENCH_ACTIVITIES ?? 10_000);
const TARGET_USERS = Number(process.env.BENCH_USERS ?? 10_000);
const TARGET_ACTIVITIES = Number(process.env.BENCH_TOTAL_ACTIVITIES ?? 100_000);
/** The memory fill stops here even if it has not reached the target counts. */
const FILL_LIMIT_SECONDS = 600;
const RAW_VERIFY_MS = 3000;
const IN_PROCESS_QUERIES = 2000;
/** The docs site's sandbox runs this same core in a Web Worker: its per-query target. */
const SANDBOX_QUERY_TARGET_MS = 5;

const log = (line) => process.stdout.write(line + '\n');

// `--only browser` measures the sandbox in Chromium alone and updates its lines of REPORT.md, leaving the rest.
const { values: options } = parseArgs({ options: { only: { type: 'string' } } });
if (options.only !== undefined && options.only !== 'browser') throw new Error(`--only takes "browser", not "${options.only}"`);

// ---------- raw verification rate on one core ----------

function rawVerifyRate() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const body = Buffer.from(JSON.stringify({ organizationId: randomUUID(), userId: randomUUID() }));
  const signature = sign('sha256', body, privateKey);
  const key = createPublicKey(publicKey.export({ format: 'pem', type: 'spki' }));
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < RAW_VERIFY_MS) {
    for (let i = 0; i < 100; i++) if (verify('sha256', body, key, signature)) count++;
  }
  return (count * 1000) / (performance.now() - started);
}

/** The same check with @noble/curves, the library the isomorphic core verifies with. */
function nobleVerifyRate() {
  const require = createRequire(join(ROOT, 'packages/emulator/package.json'));
  const nist = require.resolve('@noble/curves/nist.js');
  const sha = require.resolve('@noble/hashes/sha2.js');
  return Promise.all([import(nist), import(sha)]).then(([{ p256 }, { sha256 }]) => {
    const { secretKey, publicKey } = p256.keygen();
    const message = new TextEncoder().encode(JSON.stringify({ organizationId: randomUUID(), userId: randomUUID() }));
    const digest = sha256(message);
    const signature = p256.sign(digest, secretKey, { prehash: false, format: 'der' });
    let count = 0;
    const started = performance.now();
    while (performance.now() - started < RAW_VERIFY_MS) {
      for (let i = 0; i < 10; i++) if (p256.verify(signature, digest, publicKey, { prehash: false, format: 'der' })) count++;
    }
    return (count * 1000) / (performance.now() - started);
  });
}

// ---------- the server ----------

// The bench measures the emulator's own throughput, far above Sigil's 60 requests per second per organization.
function startServer(dataDir) {
  const child = spawn(process.execPath, [CLI, 'emulator', 'start', '--port', '0', '--data', dataDir, '--no-rate-limit'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 60 s:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk.toString('utf8');
      if (!output.includes('This is a development tool')) return;
      clearTimeout(timer);
      const url = /listening on (http:\/\/\S+)/.exec(output)[1];
      const organizationId = /Organization +.* \(([0-9a-f-]{36})\)/.exec(output)[1];
      const userId = /Root user +\S+ \(([0-9a-f-]{36})\)/.exec(output)[1];
      const key = JSON.parse(readFileSync(join(dataDir, 'root-api-key.json'), 'utf8'));
      resolve({ child, url: new URL(url), organizationId, userId, key });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`emulator exited (${code}):\n${output}`)));
  });
}

function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

// ---------- HTTP client ----------

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

function post(url, path, body, stamp) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-stamp': stamp } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A signer for one key pair: stamps each body with node:crypto. */
function signer(pair) {
  const privateKey = privateKeyFrom(pair.privateKey);
  return (body) => stampHeader(body, privateKey, pair.publicKey);
}

function compressedPublicKey(publicKeyObject) {
  const { x, y } = publicKeyObject.export({ format: 'jwk' });
  const yBytes = Buffer.from(y, 'base64url');
  return (yBytes[31] & 1 ? '03' : '02') + Buffer.from(x, 'base64url').toString('hex');
}

function newPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const d = Buffer.from(privateKey.export({ format: 'jwk' }).d, 'base64url').toString('hex').padStart(64, '0');
  return { publicKey: compressedPublicKey(publicKey), privateKey: d };
}

async function submit(server, stamp, name, type, parameters, organizationId = server.organizationId) {
  const body = JSON.stringify({ type, timestampMs: String(Date.now()), organizationId, parameters });
  const answer = await post(server.url, `/public/v1/submit/${name}`, body, stamp(body));
  if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${answer.text}`);
  const { activity } = JSON.parse(answer.text);
  return { activity, ms: answer.ms };
}

// ---------- the core alone, as the sandbox's worker runs it ----------

/**
 * Stamped whoami queries straight into the core's handle(), one at a time (a worker answers one message at a
 * time), with no HTTP in between: the cost a sandbox query has in the browser, measured here in Node.
 */
async function inProcessQueries() {
  const { createEmulator } = await import(pathToFileURL(join(ROOT, 'packages/emulator/dist/core/index.js')).href);
  const emulator = createEmulator();
  try {
    const pair = newPair();
    const { organizationId } = await emulator.bootstrap({ organizationName: 'bench sandbox', userName: 'bench-root', apiPublicKey: pair.publicKey });
    const stamp = signer(pair);
    const body = JSON.stringify({ organizationId });
    const warmUp = 200;
    const latencies = [];
    for (let i = 0; i < warmUp + IN_PROCESS_QUERIES; i++) {
      const request = { method: 'POST', path: '/public/v1/query/whoami', headers: { 'content-type': 'application/json', 'x-stamp': stamp(body) }, body };
      const started = performance.now();
      const answer = await emulator.handle(request);
      const ms = performance.now() - started;
      if (answer.status !== 200) throw new Error(`whoami in process answered ${answer.status}: ${answer.body}`);
      if (i >= warmUp) latencies.push(ms);
    }
    const sorted = Float64Array.from(latencies).sort();
    return { count: latencies.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  } finally {
    await emulator.close();
  }
}

// ---------- load shapes ----------

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summarize(latencies, seconds) {
  const sorted = Float64Array.from(latencies).sort();
  return { count: latencies.length, rate: latencies.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** CLIENTS closed loops until `until()` says stop; each runs `one(i)` and records its latency. */
async function closedLoop(one, until) {
  const latencies = [];
  let index = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!until(index, performance.now() - started)) {
        const ms = await one(index++);
        latencies.push(ms);
      }
    }),
  );
  return summarize(latencies, (performance.now() - started) / 1000);
}

/** Sends `one(i)` at a fixed rate for `seconds` regardless of answers (open loop), for latency under a set load. */
async function openLoop(one, ratePerSecond, seconds) {
  const latencies = [];
  const pending = [];
  const tickMs = 5;
  const perTick = (ratePerSecond * tickMs) / 1000;
  let owed = 0;
  let index = 0;
  const started = performance.now();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      if (elapsed >= seconds * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      // Catch up on ticks the timer slipped, so the offered rate stays the target.
      const due = (elapsed / 1000) * ratePerSecond - index;
      owed = Math.max(owed + perTick, due);
      while (owed >= 1) {
        owed--;
        pending.push(one(index++).then((ms) => latencies.push(ms)));
      }
    }, tickMs);
  });
  await Promise.all(pending);
  return { ...summarize(latencies, seconds), offered: ratePerSecond };
}

// ---------- main ----------

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sigil-bench-emulator-'));
  const loadBefore = loadavg()[0];
  let server;
  try {
    log('raw node:crypto P-256 verify, one core…');
    const rawRate = rawVerifyRate();
    const nobleRate = await nobleVerifyRate();
    log(`  ${rawRate.toFixed(0)}/s (node:crypto), ${nobleRate.toFixed(0)}/s (@noble/curves)`);
    log('stamped whoami straight into the core, one at a time (what the sandbox worker runs)…');
    const inProcess = await inProcessQueries();
    log(`  p50 ${inProcess.p50.toFixed(2)} ms, p99 ${inProcess.p99.toFixed(2)} ms over ${inProcess.count} queries`);

    log(`stamped whoami and get_wallet answered by the sandbox worker in Chromium, one at a time…`);
    const browser = await browserQueries(ROOT, log);
    log(`  ${browserResult(browser)}`);

    server = await startServer(dataDir);
    log(`emulator pid ${server.child.pid} at ${server.url.href}, data in ${dataDir}`);
    const root = signer(server.key);
    let activities = 0;

    // Setup: a service user whose writes a policy allows, a tag for it to rename, and users to read.
    const writerKey = newPair();
    const created = await submit(server, root, 'create_users', 'ACTIVITY_TYPE_CREATE_USERS', {
      users: [{ userName: 'bench-person', accessType: 'ACCESS_TYPE_ALL', apiKeys: [], authenticators: [], userTags: [] }],
      apiOnlyUsers: [
        { userName: 'bench-writer', userTags: [], apiKeys: [{ apiKeyName: 'bench-writer key', publicKey: writerKey.publicKey }] },
        ...Array.from({ length: 96 }, (_, i) => ({ userName: `bench-reader-${i}`, userTags: [], apiKeys: [] })),
      ],
    });
    activities++;
    const userIds = created.activity.result.createUsersResult.userIds;
    // create_users lists `users` first, then `apiOnlyUsers`.
    const writerId = userIds[1];
    const tag = await submit(server, root, 'create_user_tag', 'ACTIVITY_TYPE_CREATE_USER_TAG', { userTagName: 'bench-0', userIds: [] });
    activities++;
    const userTagId = tag.activity.result.createUserTagResult.userTagId;
    await submit(server, root, 'create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3', {
      policyName: 'bench writer renames tags',
      effect: 'EFFECT_ALLOW',
      condition: `activity.type == 'ACTIVITY_TYPE_UPDATE_USER_TAG' && user.id == '${writerId}'`,
    });
    activities++;

    const writer = signer(writerKey);
    let renames = 0;
    const rename = async () => {
      const n = renames++;
      const { activity, ms } = await submit(server, writer, 'update_user_tag', 'ACTIVITY_TYPE_UPDATE_USER_TAG', {
        userTagId,
        userTagName: `bench-${n + 1}`,
        addUserIds: [],
        removeUserIds: [],
      });
      if (activity.status !== 'ACTIVITY_STATUS_COMPLETED') throw new Error(`rename ${n} ended ${activity.status}`);
      activities++;
      return ms;
    };

    log(`activities: ${ACTIVITY_PHASE_COUNT} policy-checked update_user_tag by a non-root user, ${CLIENTS} clients, --data…`);
    const activityRun = await closedLoop(rename, (i) => i >= ACTIVITY_PHASE_COUNT);
    log(`  ${activityRun.rate.toFixed(0)}/s, p50 ${activityRun.p50.toFixed(2)} ms, p99 ${activityRun.p99.toFixed(2)} ms`);

    // Queries: get_user over the 99 users of the organization, each body stamped once up front.
    const readTargets = [server.userId, ...userIds];
    const queries = readTargets.map((userId) => {
      const body = JSON.stringify({ organizationId: server.organizationId, userId });
      return { body, stamp: root(body) };
    });
    const query = async (i) => {
      const { body, stamp } = queries[i % queries.length];
      const answer = await post(server.url, '/public/v1/query/get_user', body, stamp);
      if (answer.status !== 200) throw new Error(`get_user answered ${answer.status}: ${answer.text}`);
      return answer.ms;
    };
    log(`queries: get_user, ${CLIENTS} clients, ${QUERY_SECONDS} s…`);
    await closedLoop(query, (i) => i >= 2000); // warm-up
    const queryRun = await closedLoop(query, (_, elapsed) => elapsed >= QUERY_SECONDS * 1000);
    log(`  ${queryRun.rate.toFixed(0)}/s, p50 ${queryRun.p50.toFixed(2)} ms, p99 ${queryRun.p99.toFixed(2)} ms`);

    log(`queries at half the peak rate (${(queryRun.rate / 2).toFixed(0)}/s, open loop, ${HALF_RATE_SECONDS} s)…`);
    const halfRun = await openLoop(query, queryRun.rate / 2, HALF_RATE_SECONDS);
    log(`  achieved ${halfRun.rate.toFixed(0)}/s, p50 ${halfRun.p50.toFixed(2)} ms, p99 ${halfRun.p99.toFixed(2)} ms`);
    log(`activities at half the peak rate (${(activityRun.rate / 2).toFixed(0)}/s, open loop, ${HALF_RATE_SECONDS} s)…`);
    const halfActivities = await openLoop(rename, activityRun.rate / 2, HALF_RATE_SECONDS);
    log(`  achieved ${halfActivities.rate.toFixed(0)}/s, p50 ${halfActivities.p50.toFixed(2)} ms, p99 ${halfActivities.p99.toFixed(2)} ms`);

    // Memory: 10,000 users (sub-organizations of 100 root users each) and 100,000 activities.
    log(`fill: ${TARGET_USERS} users and ${TARGET_ACTIVITIES} activities (at most ${FILL_LIMIT_SECONDS} s)…`);
    const fillStarted = performance.now();
    const overTime = () => performance.now() - fillStarted > FILL_LIMIT_SECONDS * 1000;
    let users = 1 + userIds.length;
    let subOrganizations = 0;
    while (users + 100 <= TARGET_USERS + 99 && !overTime()) {
      const rootUsers = Array.from({ length: 100 }, (_, i) => ({ userName: `member-${subOrganizations}-${i}`, apiKeys: [], authenticators: [], oauthProviders: [] }));
      await submit(server, root, 'create_sub_organization', 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7', {
        subOrganizationName: `bench-sub-${subOrganizations}`,
        rootUsers,
        rootQuorumThreshold: 1,
      });
      subOrganizations++;
      users += 100;
      activities++;
    }
    const fillRun = await closedLoop(rename, () => activities >= TARGET_ACTIVITIES || overTime());
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const rss = residentBytes(server.child.pid);
    log(`  ${users} users, ${activities} activities in ${fillSeconds.toFixed(0)} s (${fillRun.rate.toFixed(0)}/s); resident ${(rss / 2 ** 20).toFixed(0)} MiB`);

    writeReport({ loadBefore, loadAfter: loadavg()[0], rawRate, nobleRate, inProcess, browser, activityRun, queryRun, halfRun, halfActivities, users, activities, rss, fillSeconds, subOrganizations });
    log(`wrote ${REPORT}`);
  } finally {
    server?.child.kill('SIGKILL');
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------- the sandbox in Chromium ----------

const BROWSER_LABEL = 'Sandbox worker in Chromium, one stamped query at a time over postMessage (whoami and get_wallet), p50 / p99';

function browserResult(b) {
  return `p50 ${b.all.p50.toFixed(2)} ms, p99 ${b.all.p99.toFixed(2)} ms over ${b.all.count} queries (whoami ${b.whoami.p50.toFixed(2)} / ${b.whoami.p99.toFixed(2)} ms, get_wallet ${b.getWallet.p50.toFixed(2)} / ${b.getWallet.p99.toFixed(2)} ms)`;
}

function browserRow(b) {
  const result = `${b.all.p50.toFixed(2)} / ${b.all.p99.toFixed(2)} ms (whoami ${b.whoami.p50.toFixed(2)} / ${b.whoami.p99.toFixed(2)}, get_wallet ${b.getWallet.p50.toFixed(2)} / ${b.getWallet.p99.toFixed(2)})`;
  // Judged by the slower kind's p99, so a slow whoami cannot hide behind fast get_wallet answers.
  const p99 = Math.max(b.whoami.p99, b.getWallet.p99);
  return [BROWSER_LABEL, result, `≤ ${SANDBOX_QUERY_TARGET_MS} ms (p99 of each)`, p99 <= SANDBOX_QUERY_TARGET_MS ? 'met' : '**missed**'];
}

function browserBullet(b) {
  return `- **Sandbox worker in Chromium**: the built docs site in Chromium ${b.chromium} (headless), the request builder opened on
  \`/api/organizations/whoami\` so the sandbox worker starts, then ${BROWSER_QUERIES} stamped \`whoami\` and ${BROWSER_QUERIES} stamped \`get_wallet\`
  queries (each after 50 warm-up queries) handed to the worker through the test builds' \`window.__sigilSandbox\` hook, one
  at a time. Each time is taken in the page with \`performance.now()\`, from the call until the answer is back: the
  \`postMessage\` round trip and the core's work; the page is not cross-origin isolated, so Chromium rounds
  \`performance.now()\` to 0.1 ms. Stamps are made in Node beforehand. The 1-minute load average was
  ${b.load.toFixed(1)} when this measurement started. The site: ${b.how}.`;
}

/** --only browser: puts the sandbox lines into the existing report, replacing earlier ones, and leaves every other line. */
function updateReportWithBrowser(b) {
  const lines = readFileSync(REPORT, 'utf8').split('\n').filter((line) => !line.startsWith(`| ${BROWSER_LABEL} |`));
  const rowAfter = lines.findIndex((line) => line.startsWith('| Core alone'));
  if (rowAfter < 0) throw new Error('REPORT.md has no "Core alone" row to put the sandbox line after; run the whole bench');
  lines.splice(rowAfter + 1, 0, `| ${browserRow(b).join(' | ')} |`);
  let text = lines.join('\n');
  text = text.replace(/\n- \*\*Sandbox worker in Chromium\*\*[\s\S]*?(?=\n- \*\*)/, '');
  text = text.replace(/\n- \*\*Half the peak rate\*\*/, `\n${browserBullet(b)}\n- **Half the peak rate**`);
  writeFileSync(REPORT, text);
}

async function browserOnly() {
  log('stamped whoami and get_wallet answered by the sandbox worker in Chromium, one at a time…');
  const browser = await browserQueries(ROOT, log);
  log(`  ${browserResult(browser)}`);
  updateReportWithBrowser(browser);
  log(`updated the sandbox lines of ${REPORT}`);
}

function writeReport(r) {
  const mark = (ok) => (ok ? 'met' : '**missed**');
  const ratio = r.queryRun.rate / r.rawRate;
  const cpu = cpus();
  const rows = [
    ['Stamped queries per second (get_user, 32 clients)', `${r.queryRun.rate.toFixed(0)}/s`, '≥ 3,000/s', mark(r.queryRun.rate >= 3000)],
    ['Query rate / raw node:crypto P-256 verify rate', `${ratio.toFixed(3)}x`, '≥ 0.25x', mark(ratio >= 0.25)],
    ['Query latency p50 / p99 at peak', `${r.queryRun.p50.toFixed(2)} / ${r.queryRun.p99.toFixed(2)} ms`, '', ''],
    ['Query latency p99 at half the peak rate', `${r.halfRun.p99.toFixed(2)} ms (p50 ${r.halfRun.p50.toFixed(2)} ms, ${r.halfRun.rate.toFixed(0)}/s)`, '≤ 25 ms', mark(r.halfRun.p99 <= 25)],
    ['Activities per second (stamp, policy, --data fsync; 32 clients)', `${r.activityRun.rate.toFixed(0)}/s`, '≥ 500/s', mark(r.activityRun.rate >= 500)],
    ['Activity latency p50 / p99 at peak', `${r.activityRun.p50.toFixed(2)} / ${r.activityRun.p99.toFixed(2)} ms`, '', ''],
    ['Activity latency p99 at half the peak rate', `${r.halfActivities.p99.toFixed(2)} ms (p50 ${r.halfActivities.p50.toFixed(2)} ms, ${r.halfActivities.rate.toFixed(0)}/s)`, '', ''],
    ['Core alone, one stamped whoami at a time (the sandbox worker\'s code), p50 / p99', `${r.inProcess.p50.toFixed(2)} / ${r.inProcess.p99.toFixed(2)} ms`, `≤ ${SANDBOX_QUERY_TARGET_MS} ms`, mark(r.inProcess.p99 <= SANDBOX_QUERY_TARGET_MS)],
    browserRow(r.browser),
    [`Resident memory with ${r.users.toLocaleString('en-US')} users and ${r.activities.toLocaleString('en-US')} activities`, `${(r.rss / 2 ** 20).toFixed(0)} MiB`, '≤ 300 MB', mark(r.rss <= 300e6 && r.users >= 10_000 && r.activities >= 100_000)],
  ];
  const text = `# Emulator benchmark

Written by \`npm run bench:emulator\` (\`bench/emulator/run.mjs\`) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.
The emulator runs in its own process (\`sigil emulator start --data <tmp dir>\`); the load generator runs in another
and talks to it over loopback HTTP with keep-alive connections. Numbers vary with what else the machine runs: the
1-minute load average was ${r.loadBefore.toFixed(1)} when this run started and ${r.loadAfter.toFixed(1)} when it ended (on ${cpu.length} cores).

| Measure | Result | Target | |
| --- | --- | --- | --- |
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

Raw P-256 verification on one core, measured in the same run: **${r.rawRate.toFixed(0)}/s** with \`node:crypto\` (OpenSSL, the
reference of the ratio above) and ${r.nobleRate.toFixed(0)}/s with \`@noble/curves\`.

## What each line measures

- **Queries**: \`get_user\` for the 99 users of the organization, every request with a valid \`X-Stamp\` of the root
  user's P-256 key, 32 clients each sending its next request as soon as the last one is answered, for ${QUERY_SECONDS} s after
  a warm-up of 2,000 requests. The stamps are made once up front so the load generator's own signing does not count.
- **Activities**: \`update_user_tag\` (renaming one tag) submitted by an API-only user who is not in the root quorum, so
  every request goes through stamp verification, the \`timestampMs\` window, policy evaluation (an \`EFFECT_ALLOW\`
  policy whose condition names the activity type and the user) and persistence: the server runs with \`--data\`, and each
  activity is appended to the change log and fdatasync'ed before its response. ${ACTIVITY_PHASE_COUNT.toLocaleString('en-US')} activities, 32 clients,
  each body stamped when it is sent.
- **Core alone**: ${IN_PROCESS_QUERIES.toLocaleString('en-US')} stamped \`whoami\` queries passed one after another to the core's \`handle()\` in this
  process, after 200 warm-up queries: no HTTP, no other load. The docs site's sandbox runs this same core in a Web Worker,
  so this is its per-query cost (measured in Node, not in the browser; stamps are made before each timing starts).
${browserBullet(r.browser)}
- **Half the peak rate**: an open loop offering half the measured peak rate for ${HALF_RATE_SECONDS} s, whatever the answers, so
  latency is measured under a steady load rather than at saturation.
- **Resident memory**: the emulator process's VmRSS after the fill: ${r.subOrganizations} sub-organizations created with 100 root
  users each, plus the organization's own users, and update_user_tag activities until the total reached the
  target (the fill took ${r.fillSeconds.toFixed(0)} s and stops after ${FILL_LIMIT_SECONDS} s at most).
`;
  writeFileSync(REPORT, text);
}

(options.only === 'browser' ? browserOnly() : main()).catch((error) => {
  process.stderr.write(`bench:emulator failed: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
