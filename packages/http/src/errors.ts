import { ERROR_CODE, ERROR_CODES, type SigilErrorCode } from './generated/error-codes.js';

export type { SigilErrorCode };

/** One structured error detail from a Status body; `@type` names its kind. */
export interface StatusDetail {
  '@type': string;
  [key: string]: unknown;
}

/** The error body Sigil returns for every failed call. */
export interface SigilStatus {
  code: number;
  message: string;
  details: StatusDetail[];
}

/** gRPC-style UNKNOWN, used when a failed response carries no Status body (for example a proxy's HTML page). */
export const STATUS_CODE_UNKNOWN = ERROR_CODE.UNKNOWN;

const BY_NUMBER = new Map<number, (typeof ERROR_CODES)[number]>(ERROR_CODES.map((entry) => [entry.code, entry]));
const BY_NAME = new Map<string, (typeof ERROR_CODES)[number]>(ERROR_CODES.map((entry) => [entry.name, entry]));

/** The name of a numeric code, e.g. `errorCodeName(14) === 'UNAVAILABLE'` (`'UNKNOWN'` for one the document does not list). */
export function errorCodeName(code: number): SigilErrorCode {
  return BY_NUMBER.get(code)?.name ?? 'UNKNOWN';
}

function isStatus(value: unknown): value is SigilStatus {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message, details } = value as Record<string, unknown>;
  return typeof code === 'number' && typeof message === 'string' && (details === undefined || Array.isArray(details));
}

export interface SigilErrorInit {
  /** HTTP status of the answer; undefined when no answer arrived (refused connection, timeout, abort). */
  status: number | undefined;
  /** The numeric code from the Status body, or the one that fits a failure without an answer. */
  code: number | SigilErrorCode;
  message: string;
  details: StatusDetail[];
  path: string;
  /** The underlying error, for failures without an answer. */
  cause?: unknown;
}

/**
 * Every failed call: an answer that is not 2xx, or no answer at all (refused connection, DNS failure,
 * timeout, abort). `code` is the number Sigil sent (`7`), as in `activity.failure.code`; `codeName` its
 * name from the API document (`'PERMISSION_DENIED'`).
 */
export class SigilError extends Error {
  /** HTTP status of the answer; undefined when none arrived. */
  readonly status: number | undefined;
  /** The gRPC-style number from the Status body (2, UNKNOWN, when there was none), e.g. `7`. */
  readonly code: number;
  /** The code's name, e.g. `'PERMISSION_DENIED'`; `'UNKNOWN'` for a number the document does not list. */
  readonly codeName: SigilErrorCode;
  readonly details: StatusDetail[];
  /** The API path that was called, e.g. `/public/v1/submit/create_wallet`. */
  readonly path: string;
  /** Whether the API document marks the code retryable (the same request may succeed later). */
  readonly retryable: boolean;
  /**
   * Whether a submission that failed this way is safe to send again: the document's `submissionRetryable`
   * for an answer, and for no answer only a connection that never opened (nothing was sent).
   */
  readonly submissionRetryable: boolean;

  constructor(init: SigilErrorInit & { submissionRetryable?: boolean }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SigilError';
    const entry = typeof init.code === 'number' ? BY_NUMBER.get(init.code) : BY_NAME.get(init.code);
    this.status = init.status;
    this.code = typeof init.code === 'number' ? init.code : (entry?.code ?? STATUS_CODE_UNKNOWN);
    this.codeName = entry?.name ?? 'UNKNOWN';
    this.details = init.details;
    this.path = init.path;
    this.retryable = entry?.retryable ?? false;
    this.submissionRetryable = init.submissionRetryable ?? entry?.submissionRetryable ?? false;
  }

  /** Builds the error from a response body that may or may not be a Status. */
  static fromResponse(status: number, path: string, bodyText: string): SigilError {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bodyText);
    } catch {
      parsed = undefined;
    }
    if (isStatus(parsed)) {
      return new SigilError({ status, path, code: parsed.code, message: parsed.message, details: parsed.details ?? [] });
    }
    const excerpt = bodyText.trim().slice(0, 200);
    return new SigilError({
      status,
      path,
      code: STATUS_CODE_UNKNOWN,
      message: `HTTP ${status} from ${path}${excerpt ? `: ${excerpt}` : ''}`,
      details: [],
    });
  }
}

/**
 * The name earlier releases gave `SigilError`; the same class, so `instanceof SigilRequestError` still
 * matches every failure.
 */
export const SigilRequestError = SigilError;
export type SigilRequestError = SigilError;

/** True for a `SigilError` whose code the API document marks retryable. */
export function isRetryableError(error: unknown): boolean {
  return error instanceof SigilError && error.retryable;
}

/** `waitForActivity` gave up before the activity reached a final state. */
export class ActivityTimeoutError extends Error {
  readonly activityId: string;
  readonly timeoutMs: number;
  /** The last state seen, if any poll succeeded. */
  readonly lastActivity: unknown;

  constructor(activityId: string, timeoutMs: number, lastActivity: unknown) {
    const status = (lastActivity as { status?: string } | undefined)?.status;
    super(`Activity ${activityId} did not finish within ${timeoutMs} ms${status ? ` (last status ${status})` : ''}`);
    this.name = 'ActivityTimeoutError';
    this.activityId = activityId;
    this.timeoutMs = timeoutMs;
    this.lastActivity = lastActivity;
  }
}
