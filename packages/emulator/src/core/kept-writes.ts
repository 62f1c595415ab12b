// A refusal that keeps some of its writes. A request's writes are one transaction, undone whole when it is
// refused; a wrong one-time code is the exception, since it must still use up an attempt.
import { ApiError } from './errors.js';

/** One write to keep: value null deletes the record. */
export interface KeptWrite {
  collection: string;
  id: string;
  value: unknown;
}

/** A request error whose listed writes stay although the request's other writes are undone. */
export class ApiErrorKeepingWrites extends ApiError {
  constructor(
    error: ApiError,
    readonly writes: KeptWrite[],
  ) {
    super(error.code, error.message, error.details);
  }
}
