/**
 * `retryable` and `submissionRetryable` of an `x-error-codes` entry in words, for every table that lists the codes
 * (the docs' ErrorCodes and the reference's /api page): a submission may have created its activity after some
 * retryable codes, so retrying it blindly could do the work twice.
 */
export function retryAdvice(entry: {retryable: boolean; submissionRetryable?: boolean}): string {
  if (!entry.retryable) return 'No';
  return entry.submissionRetryable ? 'Yes' : 'Queries; check before resubmitting';
}
