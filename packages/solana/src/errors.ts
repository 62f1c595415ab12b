import type { ActivityOutcome } from '@sigil/http';

/** The part of an activity this error keeps: enough to find it again and to read why it stopped. */
export interface FinishedActivity {
  id: string;
  status: string;
  type?: string;
  organizationId?: string;
  failure?: unknown;
}

/**
 * A signing activity that ended without a signature: `FAILED`, `REJECTED`, or `CONSENSUS_NEEDED` (it waits for
 * approvals, which can take longer than a blockhash lives). `activity` is the activity as last read.
 */
export class SigilActivityError extends Error {
  readonly outcome: Exclude<ActivityOutcome, 'COMPLETED'>;
  readonly activity: FinishedActivity;

  constructor(outcome: Exclude<ActivityOutcome, 'COMPLETED'>, activity: FinishedActivity) {
    super(`Sigil activity ${activity.id} (${activity.type ?? 'signing'}) ended as ${outcome}, without a signature`);
    this.name = 'SigilActivityError';
    this.outcome = outcome;
    this.activity = activity;
  }
}
