import {evaluatePolicies, parse, check, checkContextJsonLimits, PolicyError} from '@sigil/policy';
import type {Outcome, PolicyRequest} from '@sigil/policy';
import type {PlaygroundEffect} from './initial';
import {jsonErrorOffset} from './json-position';

export type ExpressionName = 'condition' | 'consensus';

/** One problem inside an expression, with its range in that expression's text. */
export interface Diagnostic {
  expression: ExpressionName;
  message: string;
  start: number;
  end: number;
  line: number;
  column: number;
}

export interface PlaygroundInput {
  condition: string;
  consensus: string;
  effect: PlaygroundEffect;
  contextText: string;
}

export type DisplayStatus = Outcome | 'INVALID';

export interface DisplayState {
  status: DisplayStatus;
  /** Short label for the verdict badge. */
  label: string;
  /** The sentence explaining the verdict or what to fix. */
  reason: string;
  diagnostics: Record<ExpressionName, Diagnostic[]>;
  /** Problem with the JSON of the request context, if any. */
  contextError?: {message: string; line?: number; column?: number};
}

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  ALLOW: 'Allowed',
  DENY: 'Denied',
  CONSENSUS_NEEDED: 'Consensus needed',
  ROOT_QUORUM: 'Decided by the root quorum',
  INVALID: 'Cannot evaluate',
};

/** Static problems (syntax, unknown fields, types) of one expression; empty text means "always true". */
export function diagnose(expression: ExpressionName, src: string): Diagnostic[] {
  if (src.trim() === '') return [];
  try {
    return check(parse(src)).map((e) => toDiagnostic(expression, e));
  } catch (e) {
    if (e instanceof PolicyError) return [toDiagnostic(expression, e)];
    throw e;
  }
}

function toDiagnostic(
  expression: ExpressionName,
  e: Pick<PolicyError, 'message' | 'start' | 'end' | 'line' | 'column'>,
): Diagnostic {
  return {expression, message: e.message, start: e.start, end: e.end, line: e.line, column: e.column};
}

/** Line and column (1-based) of an offset in a text. */
export function lineColumn(text: string, offset: number): {line: number; column: number} {
  const before = text.slice(0, offset).split('\n');
  return {line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1};
}

/** Parses the context textarea; on a syntax error the position comes from jsonErrorOffset, not the engine's message. */
export function parseContext(text: string): {context: PolicyRequest} | {error: NonNullable<DisplayState['contextError']>} {
  // Before anything that walks the text or the value recursively (jsonErrorOffset does).
  try {
    checkContextJsonLimits(text);
  } catch (e) {
    if (!(e instanceof PolicyError)) throw e;
    return {error: {message: e.message, line: e.line, column: e.column}};
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const offset = jsonErrorOffset(text);
    return {error: offset === undefined ? {message} : {message, ...lineColumn(text, offset)}};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {error: {message: 'The request context must be a JSON object, like {"activity": {"type": "…"}}.'}};
  }
  return {context: value as PolicyRequest};
}

/**
 * Everything the playground shows, from what the reader typed. Pure, so it is unit-tested.
 * Never throws: an error that escaped here would reach the lazy-load error boundary, which
 * replaces the playground and loses what the reader typed.
 */
export function computeDisplay(input: PlaygroundInput): DisplayState {
  try {
    return display(input);
  } catch (e) {
    return {
      status: 'INVALID',
      label: STATUS_LABELS.INVALID,
      reason: `The playground could not evaluate this input (${e instanceof Error ? e.message : String(e)}). Your text is kept: change it to try again.`,
      diagnostics: {condition: [], consensus: []},
    };
  }
}

function display(input: PlaygroundInput): DisplayState {
  const diagnostics: Record<ExpressionName, Diagnostic[]> = {
    condition: diagnose('condition', input.condition),
    consensus: diagnose('consensus', input.consensus),
  };
  const parsed = parseContext(input.contextText);
  if ('error' in parsed) {
    return {
      status: 'INVALID',
      label: STATUS_LABELS.INVALID,
      reason: 'Fix the JSON of the request context to see a verdict.',
      diagnostics,
      contextError: parsed.error,
    };
  }
  const staticCount = diagnostics.condition.length + diagnostics.consensus.length;
  if (staticCount > 0) {
    const which = diagnostics.condition.length > 0 ? 'condition' : 'consensus';
    return {
      status: 'INVALID',
      label: STATUS_LABELS.INVALID,
      reason: `Fix the ${which} to see a verdict. (The engine would treat this policy as broken: a deny fails closed, an allow is ignored.)`,
      diagnostics,
    };
  }
  const verdict = evaluatePolicies(
    [{policyName: 'Playground policy', effect: input.effect, condition: input.condition, consensus: input.consensus}],
    parsed.context,
  );
  const contextProblem = verdict.errors.find((e) => e.expression === undefined);
  if (contextProblem) {
    return {
      status: 'INVALID',
      label: STATUS_LABELS.INVALID,
      reason: 'Fix the request context to see a verdict.',
      diagnostics,
      contextError: {message: contextProblem.message},
    };
  }
  // Errors that only show at run time (e.g. comparing a string with a number inside a mixed list).
  for (const e of verdict.errors) {
    if (e.expression) diagnostics[e.expression].push(toDiagnostic(e.expression, e));
  }
  return {status: verdict.outcome, label: STATUS_LABELS[verdict.outcome], reason: verdict.reason, diagnostics};
}

/** Splits a text around an error range. An empty range (e.g. "end of input") marks a single placeholder space. */
export function splitAtRange(text: string, start: number, end: number): {before: string; marked: string; after: string} {
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  if (e === s) {
    // Mark the next character when there is one, otherwise a visible placeholder after the text.
    if (s < text.length && text[s] !== '\n') return {before: text.slice(0, s), marked: text.slice(s, s + 1), after: text.slice(s + 1)};
    return {before: text.slice(0, s), marked: '\u00a0', after: text.slice(s)};
  }
  return {before: text.slice(0, s), marked: text.slice(s, e), after: text.slice(e)};
}
