/**
 * Every operation's Python sample runs against the Sigil emulator with the system's Python 3
 * (`/usr/bin/python3` with Debian's python3-requests and python3-cryptography; scripts/test-all.sh
 * installs them). The sample's stamp must be accepted and its body must arrive as documented.
 */
import {execFile} from 'node:child_process';
import {startTestEmulator, type TestEmulator} from '@sigil/emulator/testing';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadModel} from './test-helpers';
import type {OperationPageData} from './types';

const PYTHON = '/usr/bin/python3';
/**
 * Refusals that come from the emulator being a test double, not from the sample: it verifies ID tokens of its
 * own test issuer only, so the documented Google token is refused there (and accepted by the platform).
 */
const EMULATOR_ONLY_REFUSALS: Record<string, RegExp> = {oauth: /the emulator accepts only ID tokens of its test issuer/};
const API_BASE_URL = 'https://api.sigil.example';

function run(command: string, args: string[], input: string, env: Record<string, string>): Promise<{code: number; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    const child = execFile(command, args, {env: {...process.env, ...env}, timeout: 60_000, maxBuffer: 8 << 20}, (error, stdout, stderr) =>
      resolve({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr}),
    );
    child.stdin?.end(input);
  });
}

/** The sample as a reader would adapt it: their base URL and their organization instead of the documented ones. */
function adapt(sample: string, page: OperationPageData, emulator: TestEmulator): string {
  const example = JSON.parse(page.requestExample.json) as {organizationId?: unknown};
  let text = sample.split(API_BASE_URL).join(emulator.url);
  if (typeof example.organizationId === 'string') text = text.split(example.organizationId).join(emulator.organizationId);
  return text;
}

/** Runs tasks with at most `limit` at a time (each sample is its own Python process). */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({length: limit}, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  }));
}

describe('Python samples', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it('the system Python has requests and cryptography (scripts/test-all.sh installs them)', async () => {
    const result = await run(PYTHON, ['-c', 'import requests, cryptography'], '', {});
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it(
    'every operation’s sample signs a stamp the emulator accepts and sends the documented body',
    async () => {
      const operations = loadModel().operations;
      const outcomes = new Map<string, {status: number; code: number; stderr: string; body: string}>();
      const env = {SIGIL_API_PUBLIC_KEY: emulator.rootKeys.publicKey, SIGIL_API_PRIVATE_KEY: emulator.rootKeys.privateKey};
      await pool(operations, 4, async (page) => {
        const before = emulator.requests.length;
        const result = await run(PYTHON, ['-'], adapt(page.samples.python, page, emulator), env);
        const exchange = emulator.requests.slice(before).find((r) => r.path === page.path);
        outcomes.set(page.operationId, {status: exchange?.status ?? 0, code: result.code, stderr: result.stderr, body: exchange?.body ?? ''});
      });
      const problems: string[] = [];
      for (const page of operations) {
        const outcome = outcomes.get(page.operationId)!;
        if (outcome.status === 0) {
          problems.push(`${page.name}: no request arrived (${outcome.stderr.trim().split('\n').pop()})`);
          continue;
        }
        // A 200 prints the answer and exits 0; an error answer exits with its message.
        if ((outcome.status === 200) !== (outcome.code === 0)) problems.push(`${page.name}: HTTP ${outcome.status} but exit code ${outcome.code}`);
        if (outcome.status === 401 || /code 16\)/.test(outcome.stderr)) problems.push(`${page.name}: stamp refused: ${outcome.stderr.trim()}`);
        if (/code 3\)/.test(outcome.stderr) && !EMULATOR_ONLY_REFUSALS[page.name]?.test(outcome.stderr)) problems.push(`${page.name}: body refused: ${outcome.stderr.trim()}`);
        const sent = JSON.parse(outcome.body) as Record<string, unknown>;
        const documented = JSON.parse(page.requestExample.json) as Record<string, unknown>;
        for (const key of ['timestampMs', 'organizationId']) {
          if (key in documented) documented[key] = sent[key];
        }
        if (JSON.stringify(sent) !== JSON.stringify(documented)) problems.push(`${page.name}: sent ${outcome.body}`);
        if ('timestampMs' in sent && Math.abs(Number(sent.timestampMs) - Date.now()) > 120_000) problems.push(`${page.name}: stale timestampMs`);
      }
      const statuses = [...outcomes.values()].reduce<Record<number, number>>((acc, o) => ({...acc, [o.status]: (acc[o.status] ?? 0) + 1}), {});
      console.log(`Python samples against the emulator: ${operations.length} run, HTTP status counts ${JSON.stringify(statuses)}`);
      expect(problems, problems.join('\n')).toEqual([]);
      expect(operations.length).toBeGreaterThanOrEqual(75);
    },
    300_000,
  );
});
