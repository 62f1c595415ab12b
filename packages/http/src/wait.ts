import { ActivityTimeoutError } from './errors.js';

/** The final states `waitForActivity` stops at, without the `ACTIVITY_STATUS_` prefix. */
export type ActivityOutcome = 'COMPLETED' | 'FAILED' | 'REJECTED' | 'CONSENSUS_NEEDED';

const FINAL: Record<string, ActivityOutcome> = {
  ACTIVITY_STATUS_COMPLETED: 'COMPLETED',
  ACTIVITY_STATUS_FAILED: 'FAILED',
  ACTIVITY_STATUS_REJECTED: 'REJECTED',
  ACTIVITY_STATUS_CONSENSUS_NEEDED: 'CONSENSUS_NEEDED',
};

export interface WaitForActivityOptions {
  /** Give up (throw `ActivityTimeoutError`) after this long. Default 60000. */
  timeoutMs?: number;
  /** Delay before the second poll. Default 250. */
  initialDelayMs?: number;
  /** Upper bound for the delay between polls. Default 5000. */
  maxDelayMs?: number;
  /** Each delay is the previous one times this. Default 2. */
  factor?: number;
  /** Stops waiting; the promise rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Organization to poll in; defaults to the activity's own, else the client's. */
  organizationId?: string;
}

export interface WaitForActivityResult<A> {
  outcome: ActivityOutcome;
  activity: A;
}

/** The part of an activity `waitForActivity` reads. */
export interface ActivityLike {
  id: string;
  status: string;
  organizationId?: string;
}

/** Anything with a `getActivity` query, such as `SigilClient`. */
export interface ActivityPoller<A extends ActivityLike = ActivityLike> {
  getActivity(body: { activityId: string; organizationId?: string }): Promise<{ activity: A }>;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls `getActivity` until the activity is COMPLETED, FAILED, REJECTED or CONSENSUS_NEEDED, waiting
 * `initialDelayMs`, then `factor` times longer each time (capped at `maxDelayMs`) between polls.
 * Pass an activity (as returned by a submission) or its ID. An activity already in a final state is
 * returned without polling. Throws `ActivityTimeoutError` after `timeoutMs`.
 *
 * Given the activity a submission method returned, the result keeps that method's type, so
 * `activity.result.createWalletResult` is known after `client.createWallet(...)`. Polls are queries: a
 * client with a read-only session (`readOnlySession`) sends them with `X-Session`, so a passkey client
 * does not prompt for each one.
 */
export function waitForActivity<A extends ActivityLike>(
  client: ActivityPoller,
  activity: A,
  options?: WaitForActivityOptions,
): Promise<WaitForActivityResult<A>>;
export function waitForActivity<P extends ActivityLike>(
  client: ActivityPoller<P>,
  activityId: string,
  options?: WaitForActivityOptions,
): Promise<WaitForActivityResult<P>>;
export async function waitForActivity<A extends ActivityLike>(
  client: ActivityPoller,
  activityOrId: string | A,
  options: WaitForActivityOptions = {},
): Promise<WaitForActivityResult<A>> {
  const { timeoutMs = 60_000, initialDelayMs = 250, maxDelayMs = 5_000, factor = 2, signal } = options;
  const deadline = Date.now() + timeoutMs;
  const activityId = typeof activityOrId === 'string' ? activityOrId : activityOrId.id;
  const organizationId =
    options.organizationId ?? (typeof activityOrId === 'string' ? undefined : activityOrId.organizationId);

  let last: A | undefined = typeof activityOrId === 'string' ? undefined : activityOrId;
  let delay = initialDelayMs;
  // Given an activity we already know its state, so the first fetch waits; given an ID, fetch at once.
  let mustWait = last !== undefined;
  for (;;) {
    if (last) {
      const outcome = FINAL[last.status];
      if (outcome) return { outcome, activity: last };
    }
    if (mustWait) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new ActivityTimeoutError(activityId, timeoutMs, last);
      await sleep(Math.min(delay, remaining), signal);
      delay = Math.min(delay * factor, maxDelayMs);
    }
    if (signal?.aborted) throw signal.reason;
    if (Date.now() >= deadline) throw new ActivityTimeoutError(activityId, timeoutMs, last);
    const { activity } = await client.getActivity(organizationId ? { activityId, organizationId } : { activityId });
    // The polled activity is the one that was submitted, so its result has the submission's type.
    last = activity as A;
    mustWait = true;
  }
}
