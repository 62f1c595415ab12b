import { ApiKeyStamper, TEST_VECTOR } from '@sigil/api-key-stamper';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MiniClient, type MiniActivity } from '../test/mini-client.js';
import { ActivityTimeoutError } from './errors.js';
import { waitForActivity, type ActivityPoller } from './wait.js';

function activity(status: string, id = 'act-1'): MiniActivity {
  return { id, organizationId: 'org', status, type: 'ACTIVITY_TYPE_CREATE_WALLET', result: {} };
}

/** A poller that answers with `statuses` in turn (repeating the last) and records when it was called. */
function scripted(statuses: string[]): ActivityPoller<MiniActivity> & { calls: Array<{ at: number; body: unknown }> } {
  const calls: Array<{ at: number; body: unknown }> = [];
  return {
    calls,
    async getActivity(body) {
      calls.push({ at: Date.now(), body });
      const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
      return { activity: activity(status, body.activityId) };
    },
  };
}

describe('waitForActivity against the emulator', () => {
  let server: TestEmulator;
  let client: MiniClient;
  let completed: MiniActivity;

  beforeAll(async () => {
    server = await startTestEmulator({ apiPublicKeys: [TEST_VECTOR.publicKey], pendingPolls: 2 });
    const stamper = new ApiKeyStamper({ apiPublicKey: TEST_VECTOR.publicKey, apiPrivateKey: TEST_VECTOR.privateKey });
    client = new MiniClient({ baseUrl: server.url, organizationId: server.organizationId, stamper });
  });

  afterAll(async () => {
    await server.close();
  });

  it('polls a PENDING activity until COMPLETED and returns its result', async () => {
    const pending = await client.createWallet({
      walletName: 'Main',
      accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
    });
    expect(pending.status).toBe('ACTIVITY_STATUS_PENDING');
    const { outcome, activity } = await waitForActivity(client, pending, { initialDelayMs: 5 });
    expect(outcome).toBe('COMPLETED');
    expect(activity.id).toBe(pending.id);
    expect(activity.result).toHaveProperty('createWalletResult.walletId');
    const polls = server.requests.filter((r) => r.path === '/public/v1/query/get_activity');
    // The emulator keeps it PENDING for two reads and runs it on the third.
    expect(polls).toHaveLength(3);
    expect(JSON.parse(polls[0]!.body)).toEqual({ activityId: pending.id, organizationId: server.organizationId });
    completed = activity;
  });

  it('returns an activity that is already final without polling', async () => {
    expect(completed.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const before = server.requests.length;
    const { outcome, activity } = await waitForActivity(client, completed);
    expect(outcome).toBe('COMPLETED');
    expect(activity).toBe(completed);
    expect(server.requests.length).toBe(before);
  });
});

describe('waitForActivity outcomes and timing', () => {
  it.each([
    ['ACTIVITY_STATUS_FAILED', 'FAILED'],
    ['ACTIVITY_STATUS_REJECTED', 'REJECTED'],
    ['ACTIVITY_STATUS_CONSENSUS_NEEDED', 'CONSENSUS_NEEDED'],
    ['ACTIVITY_STATUS_COMPLETED', 'COMPLETED'],
  ])('stops at %s', async (status, outcome) => {
    const poller = scripted(['ACTIVITY_STATUS_CREATED', 'ACTIVITY_STATUS_PENDING', status]);
    const result = await waitForActivity(poller, 'act-9', { initialDelayMs: 1 });
    expect(result.outcome).toBe(outcome);
    expect(result.activity.status).toBe(status);
    expect(poller.calls).toHaveLength(3);
    // Given only an ID, the client's default organization is used (no organizationId sent).
    expect(poller.calls[0]!.body).toEqual({ activityId: 'act-9' });
  });

  it('backs off exponentially up to maxDelayMs', async () => {
    // The delays asked of the timer, not the gaps measured between polls: a loaded machine stretches the gaps.
    const asked: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
      asked.push(ms ?? 0);
      return realSetTimeout(handler, ms);
    }) as typeof setTimeout);
    try {
      const poller = scripted(['P', 'P', 'P', 'P', 'P', 'ACTIVITY_STATUS_COMPLETED']);
      await waitForActivity(poller, 'act-1', { initialDelayMs: 20, factor: 2, maxDelayMs: 50 });
      expect(poller.calls).toHaveLength(6);
    } finally {
      spy.mockRestore();
    }
    expect(asked).toEqual([20, 40, 50, 50, 50]);
  });

  it('throws ActivityTimeoutError with the last state seen', async () => {
    const poller = scripted(['ACTIVITY_STATUS_PENDING']);
    const started = Date.now();
    const error = (await waitForActivity(poller, 'act-slow', { timeoutMs: 120, initialDelayMs: 10 }).catch((e: unknown) => e)) as ActivityTimeoutError;
    expect(error).toBeInstanceOf(ActivityTimeoutError);
    expect(error.activityId).toBe('act-slow');
    expect(error.timeoutMs).toBe(120);
    expect((error.lastActivity as MiniActivity).status).toBe('ACTIVITY_STATUS_PENDING');
    expect(error.message).toBe('Activity act-slow did not finish within 120 ms (last status ACTIVITY_STATUS_PENDING)');
    expect(Date.now() - started).toBeGreaterThanOrEqual(118);
  });

  it('stops when the signal aborts', async () => {
    const poller = scripted(['ACTIVITY_STATUS_PENDING']);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user gave up')), 30);
    await expect(waitForActivity(poller, 'act-1', { initialDelayMs: 10, signal: controller.signal })).rejects.toThrow('user gave up');
  });

  it('polls in the activity’s own organization', async () => {
    const poller = scripted(['ACTIVITY_STATUS_COMPLETED']);
    await waitForActivity(poller, { ...activity('ACTIVITY_STATUS_PENDING'), organizationId: 'sub-org' }, { initialDelayMs: 1 });
    expect(poller.calls[0]!.body).toEqual({ activityId: 'act-1', organizationId: 'sub-org' });
  });
});
