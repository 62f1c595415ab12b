// One HTTP exchange with Sigil, with a per-attempt timeout, abort, and retries with exponential
// backoff and full jitter for the codes the API document marks retryable.
//
// The retry rules:
// 1. A query is sent again after a failure whose code the document marks `retryable` (4, 8, 10, 14),
//    and after a failure with no answer (a refused connection, a dropped one, a timeout).
// 2. A submission is retried on the same failures, and resends the identical body: the envelope, its
//    `timestampMs` included, is built once per call and only stamped again. The API's replay rule answers
//    an identical signed body with the activity the first one created, so a retry after a lost answer
//    cannot create a second activity.
// 3. Nothing else is retried: the same request would fail the same way.
import { SigilError, STATUS_CODE_UNKNOWN } from './errors.js';
import { ERROR_CODE } from './generated/error-codes.js';

export interface RetryOptions {
  /** Attempts after the first. Default 3; 0 turns retries off. */
  retries?: number;
  /** Upper bound of the first wait. Default 250 ms; each later bound doubles. */
  baseDelayMs?: number;
  /** Upper bound of any one wait. Default 5000 ms. */
  maxDelayMs?: number;
  /** Random numbers in [0, 1) for the jitter. Default `Math.random` (replace it only in tests). */
  random?: () => number;
}

/** Per-call transport options, for queries and submissions alike. */
export interface RequestOptions {
  /**
   * Give up on one attempt after this many milliseconds (a `SigilError` with code 4, DEADLINE_EXCEEDED).
   * Defaults to the client's `timeoutMs` (30000); 0 waits for ever.
   */
  timeoutMs?: number;
  /** Aborting it stops the call at once, retries included (a `SigilError` with code 1, CANCELLED). */
  signal?: AbortSignal;
  /** Overrides the client's retry settings for this call; `false` sends once. */
  retry?: RetryOptions | false;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY: Required<RetryOptions> = { retries: 3, baseDelayMs: 250, maxDelayMs: 5_000, random: Math.random };

/** What to send on one attempt: stamped again for each; a submission's body stays the same bytes (rule 2). */
export interface PreparedRequest {
  body: string;
  headers: Record<string, string>;
}

export interface ExchangeInput {
  fetch: typeof fetch;
  url: string;
  path: string;
  /** Which retry rule applies; `prepare` must give a submission the same body on every attempt (rule 2). */
  kind: 'query' | 'submission';
  prepare: () => Promise<PreparedRequest>;
  timeoutMs: number;
  retry: RetryOptions | false;
  signal?: AbortSignal;
}

// Errors Node's fetch reports when the connection never opened, so nothing reached Sigil.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (typeof cause !== 'object' || cause === null) return undefined;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Node tries each address of a host in turn and reports them together.
  const inner = (cause as { errors?: unknown }).errors;
  if (Array.isArray(inner)) {
    const codes = inner.map((e: unknown) => (e as { code?: unknown } | undefined)?.code).filter((c): c is string => typeof c === 'string');
    if (codes.length > 0 && codes.every((c) => NOT_SENT_CODES.has(c))) return codes[0];
  }
  return undefined;
}

function describe(error: unknown): string {
  const code = causeCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  const causeMessage = cause instanceof Error && cause.message && cause.message !== message ? `: ${cause.message}` : '';
  return `${message}${causeMessage}${code && !causeMessage.includes(code) ? ` (${code})` : ''}`;
}

function cancelled(path: string, reason: unknown): SigilError {
  return new SigilError({ status: undefined, code: ERROR_CODE.CANCELLED, path, details: [], message: `The call to ${path} was cancelled`, cause: reason });
}

function sleep(ms: number, signal: AbortSignal | undefined, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled(path, signal.reason));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled(path, signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Full jitter: a uniformly random wait between 0 and min(maxDelayMs, baseDelayMs × 2^attempt). */
export function backoffDelay(attempt: number, options: Required<RetryOptions>): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return Math.floor(options.random() * ceiling);
}

/** One attempt: the parsed JSON answer, or a `SigilError`. */
async function attempt<T>(input: ExchangeInput): Promise<T> {
  const { path, signal, timeoutMs } = input;
  if (signal?.aborted) throw cancelled(path, signal.reason);
  let prepared: PreparedRequest;
  try {
    prepared = await input.prepare();
  } catch (error) {
    // A stamper that refuses (an expired session, say) does not know the path; name it here.
    if (error instanceof SigilError && !error.path) {
      throw new SigilError({ status: error.status, code: error.code, message: error.message, details: error.details, path, cause: error.cause });
    }
    throw error;
  }
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  try {
    let response: Response;
    let text: string;
    try {
      response = await input.fetch(input.url, { method: 'POST', headers: prepared.headers, body: prepared.body, signal: controller.signal });
      // The timer also covers reading the body: a server that sends headers and then stalls is a timeout too.
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw cancelled(path, signal.reason);
      if (timedOut) {
        throw new SigilError({
          status: undefined,
          code: ERROR_CODE.DEADLINE_EXCEEDED,
          path,
          details: [],
          message: `No answer from ${input.url} within ${timeoutMs} ms`,
          cause: error,
          // The request may have reached Sigil, so a submission may have created its activity.
          submissionRetryable: false,
        });
      }
      const code = causeCode(error);
      throw new SigilError({
        status: undefined,
        code: ERROR_CODE.UNAVAILABLE,
        path,
        details: [],
        message: `Could not reach ${input.url}: ${describe(error)}`,
        cause: error,
        submissionRetryable: code !== undefined && NOT_SENT_CODES.has(code),
      });
    }
    if (!response.ok) throw SigilError.fromResponse(response.status, path, text);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new SigilError({
        status: response.status,
        path,
        code: STATUS_CODE_UNKNOWN,
        message: `Expected a JSON answer from ${path}, got: ${text.slice(0, 200)}`,
        details: [],
      });
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Rules 1 and 2: the same for both kinds, since a submission is resent as the identical body. */
function mayRetry(error: SigilError): boolean {
  return error.retryable;
}

/**
 * Sends the request, retrying failures the API document marks retryable (rules 1 and 2 above), waiting a
 * random time up to a doubling bound between attempts.
 */
export async function exchange<T>(input: ExchangeInput): Promise<T> {
  const retry = input.retry === false ? { ...DEFAULT_RETRY, retries: 0 } : { ...DEFAULT_RETRY, ...input.retry };
  for (let attemptIndex = 0; ; attemptIndex++) {
    try {
      return await attempt<T>(input);
    } catch (error) {
      if (!(error instanceof SigilError) || attemptIndex >= retry.retries || !mayRetry(error)) throw error;
      await sleep(backoffDelay(attemptIndex, retry), input.signal, input.path);
    }
  }
}
