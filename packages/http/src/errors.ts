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
export const STATUS_CODE_UNKNOWN = 2;

function isStatus(value: unknown): value is SigilStatus {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message, details } = value as Record<string, unknown>;
  return typeof code === 'number' && typeof message === 'string' && (details === undefined || Array.isArray(details));
}

/** A call that reached Sigil (or something in front of it) and got a non-2xx answer. */
export class SigilRequestError extends Error {
  /** HTTP status of the response. */
  readonly status: number;
  /** gRPC-style status code from the Status body (2, UNKNOWN, when there was none). */
  readonly code: number;
  readonly details: StatusDetail[];
  /** The API path that was called, e.g. `/public/v1/submit/create_wallet`. */
  readonly path: string;

  constructor(init: { status: number; code: number; message: string; details: StatusDetail[]; path: string }) {
    super(init.message);
    this.name = 'SigilRequestError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.path = init.path;
  }

  /** Builds the error from a response body that may or may not be a Status. */
  static fromResponse(status: number, path: string, bodyText: string): SigilRequestError {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bodyText);
    } catch {
      parsed = undefined;
    }
    if (isStatus(parsed)) {
      return new SigilRequestError({ status, path, code: parsed.code, message: parsed.message, details: parsed.details ?? [] });
    }
    const excerpt = bodyText.trim().slice(0, 200);
    return new SigilRequestError({
      status,
      path,
      code: STATUS_CODE_UNKNOWN,
      message: `HTTP ${status} from ${path}${excerpt ? `: ${excerpt}` : ''}`,
      details: [],
    });
  }
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
