import type { ActivityOutcome } from '@sigil/sdk-browser';

/** An error carrying the API's `code` and `message` for an activity that did not complete. */
export class ActivityNotCompletedError extends Error {
  readonly code: number | undefined;
  readonly outcome: ActivityOutcome;

  constructor(operation: string, outcome: ActivityOutcome, failure: { code: number; message: string } | undefined) {
    super(`${operation} ended ${outcome}${failure ? `: ${failure.message}` : ''}`);
    this.name = 'ActivityNotCompletedError';
    this.code = failure?.code;
    this.outcome = outcome;
  }
}

/** The activity of a `{wait: true}` submission, once it completed; otherwise an error with the failure's code. */
export function completed<A extends { failure?: { code: number; message: string } }>(
  operation: string,
  { outcome, activity }: { outcome: ActivityOutcome; activity: A },
): A {
  if (outcome !== 'COMPLETED') throw new ActivityNotCompletedError(operation, outcome, activity.failure);
  return activity;
}
