// kill -9 under load loses nothing acknowledged: a server with --data runs in a child process, concurrent
// clients submit stamped activities and record every one acknowledged with HTTP 200, the child is killed with
// SIGKILL while requests are in flight, and a new server on the same directory must return every one of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_MODULE = fileURLToPath(new URL('./index.ts', import.meta.url));
const CLIENTS = 16;
/** Kill once this many activities were acknowledged: enough that the kill lands among many in-flight writes. */
const KILL_AFTER = 300;

interface Child {
  process: ChildProcess;
  url: string;
  /** What the child printed up to its banner. */
  output: string;
  exited: Promise<void>;
}

/**
 * Starts the Node server from source (tsx) in a child process and waits for its banner. The rate limit is off:
 * the test needs hundreds of writes in flight at the kill, far above 60 requests per second.
 */
function startChild(dataDir: string): Promise<Child> {
  const script = `
    import { startEmulatorServer } from ${JSON.stringify(SERVER_MODULE)};
    await startEmulatorServer({ port: 0, dataDir: ${JSON.stringify(dataDir)}, rateLimit: false });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: PACKAGE_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 30 s: ${output}`)), 30_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url && output.includes('This is a development tool')) {
        clearTimeout(timer);
        resolve({ process: child, url, output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`server exited early: ${output}`)));
  });
}

async function stamped(url: string, stamper: ApiKeyStamper, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const text = JSON.stringify(body);
  const { stampHeaderName, stampHeaderValue } = await stamper.stamp(text);
  const response = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', [stampHeaderName]: stampHeaderValue }, body: text });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('--data survives kill -9 under load', { timeout: 120_000 }, () => {
  let root: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sigil-crash-'));
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
  });

  it('every acknowledged activity is readable after a restart', async () => {
    const dataDir = join(root, 'data');
    const first = await startChild(dataDir);
    children.push(first.process);
    const key = JSON.parse(await readFile(join(dataDir, 'root-api-key.json'), 'utf8')) as { publicKey: string; privateKey: string };
    const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
    const orgId = /Organization +.* \(([0-9a-f-]{36})\)/.exec(first.output)?.[1];
    expect(orgId).toBeDefined();

    // One tag whose renames are the load: each rename is a stamped, policy-checked activity.
    const tag = await stamped(first.url, stamper, '/public/v1/submit/create_user_tag', {
      type: 'ACTIVITY_TYPE_CREATE_USER_TAG',
      timestampMs: String(Date.now()),
      organizationId: orgId,
      parameters: { userTagName: 'crash-0', userIds: [] },
    });
    expect(tag.status).toBe(200);
    const userTagId = (tag.json.activity as { result: { createUserTagResult: { userTagId: string } } }).result.createUserTagResult.userTagId;

    const acknowledged: string[] = [];
    let killed = false;
    let sent = 0;
    const worker = async (client: number): Promise<void> => {
      // Each client keeps sending until a request fails after the kill, so some requests are always cut off.
      for (let n = 0; ; n++) {
        sent++;
        try {
          const answer = await stamped(first.url, stamper, '/public/v1/submit/update_user_tag', {
            type: 'ACTIVITY_TYPE_UPDATE_USER_TAG',
            timestampMs: String(Date.now()),
            organizationId: orgId,
            parameters: { userTagId, newUserTagName: `crash-${client}-${n}`, addUserIds: [], removeUserIds: [] },
          });
          expect(answer.status).toBe(200);
          acknowledged.push((answer.json.activity as { id: string }).id);
          if (acknowledged.length >= KILL_AFTER && !killed) {
            killed = true;
            first.process.kill('SIGKILL');
          }
        } catch (error) {
          // Requests cut off by the kill were never acknowledged; anything else is a failure.
          if (!killed) throw error;
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, client) => worker(client)));
    await first.exited;
    expect(first.process.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // Requests were still in flight when the kill landed (acknowledged ones are a subset of those sent).
    expect(sent).toBeGreaterThan(acknowledged.length);

    const second = await startChild(dataDir);
    children.push(second.process);
    const missing: string[] = [];
    for (const activityId of acknowledged) {
      const answer = await stamped(second.url, stamper, '/public/v1/query/get_activity', { organizationId: orgId, activityId });
      if (answer.status !== 200 || (answer.json.activity as { id?: string } | undefined)?.id !== activityId) missing.push(activityId);
    }
    expect(missing).toEqual([]);
    second.process.kill('SIGTERM');
    await second.exited;
  });
});
