// explain_error: an error code, name, HTTP status or error body (a `Status`, or a failed activity) -> what it
// means, whether to retry (the document's `retryable` and `submissionRetryable`), and the pages that cover it.
import type { Corpus } from './corpus.js';
import { ERRORS_PAGE } from './corpus.js';
import { findOperation, squash, type ErrorCode, type OpenApiDocument } from './openapi.js';

export interface ErrorExplanation {
  code: number;
  name: string;
  httpStatus: number;
  meaning: string;
  /** The error body's own message, when one was given. */
  message?: string;
  details?: unknown[];
  retry: { query: boolean; submission: boolean; advice: string };
  /** What the operation's reference says about this code, when an operation was named. */
  whenForOperation?: string[];
  pages: string[];
}

type ErrorInput = string | number | Record<string, unknown>;

function asBody(input: ErrorInput): Record<string, unknown> | undefined {
  if (typeof input === 'object' && input !== null) return input;
  if (typeof input === 'string' && /^\s*\{/.test(input)) {
    try {
      const parsed: unknown = JSON.parse(input);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      throw new Error('The error looks like JSON but does not parse: pass the body exactly as the API answered, or just its code (3, "INVALID_ARGUMENT").');
    }
  }
  return undefined;
}

/** The codes an input names: one for a code or name, possibly several for an HTTP status. */
function codesFor(doc: OpenApiDocument, input: string | number): ErrorCode[] {
  const codes = doc['x-error-codes'];
  const text = String(input).trim();
  const http = /^(?:http\s*)?(\d{3})\b/i.exec(text);
  const number = /^\d+$/.test(text) ? Number(text) : undefined;
  if (number !== undefined && number <= 16) return codes.filter((c) => c.code === number);
  if (http) return codes.filter((c) => c.httpStatus === Number(http[1]));
  const wanted = squash(text.replace(/^(code|status)\s*/i, ''));
  return codes.filter((c) => squash(c.name) === wanted);
}

function advice(code: ErrorCode): string {
  if (code.retryable && code.submissionRetryable) return 'Retry with exponential backoff; a submission may be sent again as it was.';
  if (code.retryable) {
    return 'Retry a query with exponential backoff. Do not resend a submission blindly: the activity may already exist, so check with list_activities (or get_activity) first.';
  }
  return 'Do not retry unchanged: fix the request (or the permissions, policy or state it names) first.';
}

export function explainError(doc: OpenApiDocument, corpus: Corpus, input: ErrorInput, operation?: string): ErrorExplanation[] {
  const body = asBody(input);
  let source: Record<string, unknown> | undefined = body;
  // A failed activity carries its Status in `failure` (also inside `{ activity }`).
  const activity = (body?.activity ?? body) as Record<string, unknown> | undefined;
  if (activity && typeof activity.failure === 'object' && activity.failure) source = activity.failure as Record<string, unknown>;
  const key = source ? source.code : (input as string | number);
  if (key === undefined || key === null || (typeof key !== 'string' && typeof key !== 'number')) {
    throw new Error('No error code found: pass a code (3), a name ("PERMISSION_DENIED"), an HTTP status ("HTTP 403"), or an error body with "code".');
  }
  const matches = codesFor(doc, key);
  if (matches.length === 0) {
    const names = doc['x-error-codes'].map((c) => `${c.code} ${c.name}`).join(', ');
    throw new Error(`"${String(key)}" is no Sigil error code. The codes: ${names}.`);
  }
  const op = operation ? findOperation(doc, operation) : undefined;
  if (operation && !op) throw new Error(`No operation "${operation}": name it as create_wallet, createWallet or its path.`);
  return matches.map((code) => {
    const when = op ? [...(op.op['x-errors'] ?? []), ...doc['x-common-errors']].filter((e) => e.code === code.code).map((e) => e.when) : undefined;
    const related = corpus.search.search(code.name, 5).hits.map((h) => h.path).filter((p) => p !== ERRORS_PAGE && p !== '/api');
    return {
      code: code.code,
      name: code.name,
      httpStatus: code.httpStatus,
      meaning: code.description,
      ...(typeof source?.message === 'string' ? { message: source.message } : {}),
      ...(Array.isArray(source?.details) ? { details: source.details } : {}),
      retry: { query: code.retryable, submission: code.submissionRetryable, advice: advice(code) },
      ...(when ? { whenForOperation: [...new Set(when)] } : {}),
      pages: [`${ERRORS_PAGE}#error-codes`, `${ERRORS_PAGE}#retrying`, ...(op ? [op.page] : []), ...related.slice(0, 3)],
    };
  });
}
