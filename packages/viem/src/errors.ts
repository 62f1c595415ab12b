import type { ActivityOutcome } from '@sigil/http';

/** A signing activity that ended without a signature (what `waitForActivity` reported, with the activity). */
export class SigilActivityError extends Error {
  /** `FAILED`, `REJECTED`, or `CONSENSUS_NEEDED` when a policy requires approvals first. */
  readonly outcome: Exclude<ActivityOutcome, 'COMPLETED'>;
  /** The activity as last read: its `id`, `status`, `failure` and, once approved, `result`. */
  readonly activity: { id: string; status: string; failure?: { message?: string } | undefined };

  constructor(outcome: Exclude<ActivityOutcome, 'COMPLETED'>, activity: SigilActivityError['activity']) {
    const why = activity.failure?.message ? `: ${activity.failure.message}` : '';
    super(`Sigil activity ${activity.id} ended ${outcome}${why}`);
    this.name = 'SigilActivityError';
    this.outcome = outcome;
    this.activity = activity;
  }
}
