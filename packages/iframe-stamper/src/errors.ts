/** Why an `IframeStamper` call failed. */
export type IframeStamperErrorReason = 'timeout' | 'origin-mismatch' | 'no-credential';

/** A call the frame did not answer in time, answered from the wrong origin, or could not serve yet. */
export class IframeStamperError extends Error {
  readonly reason: IframeStamperErrorReason;

  constructor(reason: IframeStamperErrorReason, message: string) {
    super(message);
    this.name = 'IframeStamperError';
    this.reason = reason;
  }
}
