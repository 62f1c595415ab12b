import type { ActivityOutcome } from './wait.js';

/** The part of an activity a {@link SigilActivityError} keeps: enough to find it again and to read why it stopped. */
export interface UnfinishedActivity {
  id: string;
  status: string;
  type?: string | undefined;
  organizationId?: string | undefined;
  failure?: { message?: string | undefined } | undefined;
}

/**
 * An activity that ended without the result the caller waited for: `FAILED`, `REJECTED`, or `CONSENSUS_NEEDED`
 * (a policy requires approvals first). The libraries that sign for a chain library (the web3 adapters) throw it, so
 * one `instanceof` check serves them all. `activity` is the activity as last read.
 */
export class SigilActivityError extends Error {
  readonly outcome: Exclude<ActivityOutcome, 'COMPLETED'>;
  readonly activity: UnfinishedActivity;

  constructor(outcome: Exclude<ActivityOutcome, 'COMPLETED'>, activity: UnfinishedActivity) {
    const why = activity.failure?.message ? `: ${activity.failure.message}` : '';
    super(`Sigil activity ${activity.id}${activity.type ? ` (${activity.type})` : ''} ended ${outcome}${why}`);
    this.name = 'SigilActivityError';
    this.outcome = outcome;
    this.activity = activity;
  }
}
