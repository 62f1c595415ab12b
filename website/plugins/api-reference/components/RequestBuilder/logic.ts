/** The request builder's pure logic: body preparation, parsing and error wording. */
import {fieldAnchor} from '../../slugs';

export type OperationKind = 'query' | 'submission';

/** The subset of an Ajv error object the builder reads. */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

export interface FieldProblem {
  /** Where, in the body's terms: `parameters.accounts[0].curve`, or `(body)` for the whole body. */
  path: string;
  /** Anchor of the field's row in the page's request table (array indexes dropped). */
  anchor?: string;
  message: string;
}

/** The example body with `type` and `timestampMs` filled in (submissions), pretty-printed for editing. */
export function initialBody(exampleJson: string, kind: OperationKind, activityType: string | undefined, nowMs: number): string {
  const body = JSON.parse(exampleJson) as unknown;
  if (kind === 'submission' && body && typeof body === 'object' && !Array.isArray(body)) {
    const envelope = body as Record<string, unknown>;
    const {type: _type, timestampMs: _timestampMs, ...rest} = envelope;
    return JSON.stringify({type: activityType ?? envelope.type, timestampMs: String(nowMs), ...rest}, null, 2);
  }
  return JSON.stringify(body, null, 2);
}

/** Sets `timestampMs` to now, keeping everything else; undefined when the text is not a JSON object. */
export function withTimestamp(text: string, nowMs: number): string | undefined {
  const parsed = parseBody(text);
  if (!parsed.ok || !parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) return undefined;
  return JSON.stringify({...(parsed.value as Record<string, unknown>), timestampMs: String(nowMs)}, null, 2);
}

export type ParsedBody = {ok: true; value: unknown; exact: string} | {ok: false; error: string};

/** Parses the editor's text; `exact` is the compact JSON that is signed and sent, byte for byte. */
export function parseBody(text: string): ParsedBody {
  try {
    const value = JSON.parse(text) as unknown;
    return {ok: true, value, exact: JSON.stringify(value)};
  } catch (error) {
    return {ok: false, error: `Not valid JSON: ${(error as Error).message}`};
  }
}

function pointerSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function displayPath(segments: string[]): string {
  return segments.reduce((out, s) => (/^\d+$/.test(s) ? `${out}[${s}]` : out ? `${out}.${s}` : s), '');
}

/** Ajv's errors in the reference's words, each pointing at the field's row in the request table. */
export function describeErrors(errors: readonly ValidationError[]): FieldProblem[] {
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const error of errors) {
    const segments = pointerSegments(error.instancePath);
    let message = error.message ?? 'is not valid';
    if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
      segments.push(error.params.missingProperty);
      message = 'is required';
    } else if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) {
      message = `must be one of ${error.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (error.keyword === 'const') {
      message = `must be ${JSON.stringify(error.params.allowedValue)}`;
    } else if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
      segments.push(error.params.additionalProperty);
      message = 'is an unknown field (no field of that name here)';
    }
    const path = displayPath(segments);
    const named = segments.filter((s) => !/^\d+$/.test(s));
    const problem: FieldProblem = {
      path: path || '(body)',
      ...(named.length ? {anchor: fieldAnchor(named.join('.'))} : {}),
      message,
    };
    const key = `${problem.path} ${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(problem);
    }
  }
  return out;
}

/** A base URL the reader typed that the builder may send to: http(s) only. */
export function sendableBaseUrl(input: string): string | undefined {
  const trimmed = input.trim().replace(/\/+$/, '');
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The body with its top-level `organizationId` set (the sandbox's organization), keeping everything
 * else; the text unchanged when it is not a JSON object or has no `organizationId` field.
 */
export function withOrganization(text: string, organizationId: string): string {
  const parsed = parseBody(text);
  if (!parsed.ok || !parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) return text;
  const body = parsed.value as Record<string, unknown>;
  if (!('organizationId' in body) || body.organizationId === organizationId) return text;
  return JSON.stringify({...body, organizationId}, null, 2);
}

/** Whether a submission's `timestampMs` is inside the window the API accepts, at `nowMs`. */
export type TimestampCheck = {state: 'fresh' | 'absent'} | {state: 'old' | 'future'; byMs: number};

export function checkTimestamp(value: unknown, nowMs: number, limits: {maxAgeMs: number; maxSkewMs: number}): TimestampCheck {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {state: 'absent'};
  const raw = (value as Record<string, unknown>).timestampMs;
  // A timestamp that is not a decimal string is the schema check's to report.
  if (typeof raw !== 'string' || !/^[0-9]{1,16}$/.test(raw)) return {state: 'absent'};
  const ageMs = nowMs - Number(raw);
  if (ageMs > limits.maxAgeMs) return {state: 'old', byMs: ageMs};
  if (-ageMs > limits.maxSkewMs) return {state: 'future', byMs: -ageMs};
  return {state: 'fresh'};
}

/** "6 minutes", "45 seconds": how far off a timestamp is, for the warning. */
export function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}

/** The activity of a submission's or get_activity's answer, when it is one (`{activity: {id, status}}`). */
export function activityOf(answerBody: string): {id: string; status: string} | undefined {
  try {
    const activity = (JSON.parse(answerBody) as {activity?: {id?: unknown; status?: unknown}}).activity;
    return typeof activity?.id === 'string' && typeof activity.status === 'string' ? {id: activity.id, status: activity.status} : undefined;
  } catch {
    return undefined;
  }
}

/** Statuses an activity leaves on its own; polling stops at any other. */
export const UNSETTLED_STATUSES: ReadonlySet<string> = new Set(['ACTIVITY_STATUS_CREATED', 'ACTIVITY_STATUS_PENDING']);

/** How long to wait before poll number `n` (0-based): 1 s, then 1.5 times longer each time, at most 8 s. */
export function pollDelayMs(n: number): number {
  return Math.min(8000, Math.round(1000 * 1.5 ** n));
}
