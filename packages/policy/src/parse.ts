import type { Expr } from './ast.js';
import { check } from './check.js';
import { PolicyError } from './errors.js';
import { checkExpressionLimits } from './limits.js';
import { parse as peggyParse, SyntaxError as PeggySyntaxError } from './generated/parser.js';

/**
 * Parses an expression into an AST whose nodes carry source spans. Throws PolicyError: code LIMIT
 * (a PolicyLimitError) for text beyond MAX_EXPRESSION_LENGTH or MAX_NESTING_DEPTH, code SYNTAX otherwise.
 * Linear in the length of the text.
 */
export function parse(src: string): Expr {
  // Before the parser: it recurses once per nesting level, so depth must be bounded first.
  checkExpressionLimits(src);
  try {
    return peggyParse(src);
  } catch (e) {
    if (e instanceof PeggySyntaxError) {
      const { start, end } = e.location;
      throw new PolicyError('SYNTAX', syntaxMessage(e), {
        start: { offset: start.offset, line: start.line, column: start.column },
        end: { offset: end.offset, line: end.line, column: end.column },
      });
    }
    throw e;
  }
}

function syntaxMessage(e: PeggySyntaxError): string {
  const found = e.found == null ? 'end of input' : `"${e.found}"`;
  let names = new Set<string>();
  for (const x of e.expected) {
    if (x.type === 'literal') names.add(`"${x.text}"`);
    else if (x.type === 'other') names.add(x.description);
    else if (x.type === 'end') names.add('end of input');
  }
  // Whitespace is allowed almost everywhere; listing it only adds noise.
  names.delete('whitespace');
  // When every way to start a value is possible, say so in two words instead of ten alternatives.
  const starters = ['number', 'string', '"true"', '"false"', '"null"', '"["', 'name', '"("'];
  if (starters.every((x) => names.has(x))) {
    for (const x of [...starters, '"!"', '"-"']) names.delete(x);
    names = new Set(['an expression', ...names]);
  }
  const expected = [...names];
  if (expected.length === 0) return `Unexpected ${found}.`;
  const list = expected.length === 1 ? expected[0] : `${expected.slice(0, -1).join(', ')} or ${expected[expected.length - 1]}`;
  return `Expected ${list} but found ${found}.`;
}

export type ParsedExpression =
  /** `expr` is undefined for empty text, which means "always true" in a policy. */
  | { ok: true; expr: Expr | undefined }
  /** Every problem found; the first is the one to show. Never empty. */
  | { ok: false; errors: PolicyError[] };

/**
 * Parses and checks a condition or consensus as `create_policy` does, without throwing: any
 * string, however long or nested, gives a result or the documented errors (codes LIMIT, SYNTAX,
 * UNKNOWN_FIELD, UNKNOWN_METHOD, UNKNOWN_VALUE, ARITY, TYPE).
 */
export function parsePolicyExpression(src: string): ParsedExpression {
  if (src.trim() === '') return { ok: true, expr: undefined };
  let expr: Expr;
  try {
    expr = parse(src);
  } catch (e) {
    if (e instanceof PolicyError) return { ok: false, errors: [e] };
    throw e;
  }
  const problems = check(expr);
  return problems.length > 0 ? { ok: false, errors: problems } : { ok: true, expr };
}
