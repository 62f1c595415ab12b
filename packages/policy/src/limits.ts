import type { Position, Span } from './ast.js';
import { PolicyError } from './errors.js';

/**
 * Longest condition or consensus, in characters (Unicode code points, as JSON Schema's `maxLength`
 * counts). About 80 quoted Ethereum addresses fit in one allowlist, ten times the longest example;
 * longer lists belong in tags. The API document states it in `x-limits` (`policy-expression-max-length`).
 */
export const MAX_EXPRESSION_LENGTH = 4096;

/**
 * Deepest nesting of an expression: brackets `(` and `[` open at a point plus the `!` and `-`
 * operators that apply there. Hand-written policies stay under 6; 32 leaves room while keeping the
 * recursive parser, checker and evaluator far from any stack limit. In `x-limits` as
 * `policy-expression-max-depth`. The playground applies the same depth to its request context JSON.
 */
export const MAX_NESTING_DEPTH = 32;

export type PolicyLimit = 'length' | 'depth';

/** An expression (or request context) beyond MAX_EXPRESSION_LENGTH or MAX_NESTING_DEPTH. Code `LIMIT`. */
export class PolicyLimitError extends PolicyError {
  readonly limit: PolicyLimit;
  readonly max: number;

  constructor(limit: PolicyLimit, max: number, message: string, span?: Span) {
    super('LIMIT', message, span);
    this.limit = limit;
    this.max = max;
  }
}

/** Line and column (1-based) of an offset, counted as the generated parser counts them. */
function positionAt(src: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (src.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

function spanOf(src: string, start: number, end: number): Span {
  return { start: positionAt(src, start), end: positionAt(src, end) };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * UTF-16 offset where code point number `limit` (0-based) starts, or -1 when the text has no more
 * than `limit` code points. Stops early, so a huge paste costs no more than the limit.
 */
function offsetOfCodePoint(src: string, limit: number): number {
  if (src.length <= limit) return -1;
  let count = 0;
  for (let i = 0; i < src.length; i++) {
    if (count === limit) return i;
    if (isHighSurrogate(src.charCodeAt(i)) && i + 1 < src.length) i++;
    count++;
  }
  return -1;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isWordChar = (c: string | undefined) =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');

/**
 * Offset where the nesting of an expression first goes beyond `max`, or -1. One pass over the text
 * and no recursion, so it is safe on any input; the parser runs only on text that passes. Strings
 * are skipped (a `(` inside quotes does not nest) and the `-` of an exponent (`1e-5`) is not an operator.
 * A run of `!`/`-` applies until the operand ends, so it still counts inside `!x.any(u, …)`; a binary
 * operator or a comma at the same bracket level ends it.
 */
export function expressionDepthExceeded(src: string, max = MAX_NESTING_DEPTH): number {
  // Per open bracket: the unary operators that were pending when it opened.
  const saved: number[] = [];
  let outer = 0; // brackets and pending unary operators of the enclosing levels
  let run = 0; // pending unary operators at the current level
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === '"' || c === "'") {
      i++;
      while (i < src.length && src[i] !== c) i += src[i] === '\\' ? 2 : 1;
      i++;
    } else if (isDigit(c)) {
      // A number, exponent included: `1.5e-3` holds no operator.
      i++;
      while (i < src.length && (isWordChar(src[i]) || src[i] === '.' || ((src[i] === '-' || src[i] === '+') && /[eE]/.test(src[i - 1] ?? '')))) i++;
    } else if (isWordChar(c)) {
      const start = i;
      while (i < src.length && isWordChar(src[i])) i++;
      if (src.slice(start, i) === 'in') run = 0;
    } else if (c === '!' && src[i + 1] !== '=') {
      run++;
      if (outer + run > max) return i;
      i++;
    } else if (c === '-') {
      run++;
      if (outer + run > max) return i;
      i++;
    } else if (c === '(' || c === '[') {
      saved.push(run);
      outer += run + 1;
      run = 0;
      if (outer > max) return i;
      i++;
    } else if (c === ')' || c === ']') {
      const r = saved.pop();
      if (r !== undefined) {
        outer -= r + 1;
        run = r;
      }
      i++;
    } else {
      // `&&`, `||`, `,` and the comparison operators end the operand the pending unary operators apply to.
      if (c === '&' || c === '|' || c === ',' || c === '=' || c === '<' || c === '>' || c === '!') run = 0;
      i++;
    }
  }
  return -1;
}

/**
 * Offset where the nesting of `[` and `{` in a JSON text first goes beyond `max`, or -1. Linear and
 * without recursion, so it can run before anything that walks the value recursively.
 */
export function jsonDepthExceeded(text: string, max = MAX_NESTING_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    } else if (c === '[' || c === '{') {
      depth++;
      if (depth > max) return i;
    } else if (c === ']' || c === '}') {
      depth = Math.max(0, depth - 1);
    }
  }
  return -1;
}

/**
 * Throws PolicyLimitError when an expression is longer than MAX_EXPRESSION_LENGTH or nests deeper
 * than MAX_NESTING_DEPTH. `parse` calls it first; the work is linear in the length of the text.
 */
export function checkExpressionLimits(src: string): void {
  const tooLongAt = offsetOfCodePoint(src, MAX_EXPRESSION_LENGTH);
  // Depth first, within the allowed length: `!` repeated 5,000 times is better described as too
  // deeply nested than as too long, and a huge paste costs no more than the limit to scan.
  const deepAt = expressionDepthExceeded(tooLongAt >= 0 ? src.slice(0, tooLongAt) : src);
  if (deepAt >= 0) {
    throw new PolicyLimitError(
      'depth',
      MAX_NESTING_DEPTH,
      `The expression is too deeply nested: more than ${MAX_NESTING_DEPTH} levels of brackets, \`!\` and \`-\` (the limit is ${MAX_NESTING_DEPTH}).`,
      spanOf(src, deepAt, deepAt + 1),
    );
  }
  if (tooLongAt >= 0) {
    let length = MAX_EXPRESSION_LENGTH;
    for (let i = tooLongAt; i < src.length; i++) {
      if (isHighSurrogate(src.charCodeAt(i)) && i + 1 < src.length) i++;
      length++;
    }
    throw new PolicyLimitError(
      'length',
      MAX_EXPRESSION_LENGTH,
      `The expression is too long: ${length} characters, and the limit is ${MAX_EXPRESSION_LENGTH}.`,
      spanOf(src, tooLongAt, src.length),
    );
  }
}

/**
 * Throws PolicyLimitError when a request context written as JSON nests `[` and `{` deeper than
 * MAX_NESTING_DEPTH. For callers that parse context text themselves, such as the playground.
 */
export function checkContextJsonLimits(text: string): void {
  const deepAt = jsonDepthExceeded(text);
  if (deepAt >= 0) {
    throw new PolicyLimitError(
      'depth',
      MAX_NESTING_DEPTH,
      `The request context is too deeply nested: more than ${MAX_NESTING_DEPTH} levels of \`[\` and \`{\` (the limit is ${MAX_NESTING_DEPTH}).`,
      spanOf(text, deepAt, deepAt + 1),
    );
  }
}
