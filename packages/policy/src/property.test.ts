import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { BinaryOperator, Expr } from './ast.js';
import { stripSpans } from './ast.js';
import { parse } from './parse.js';
import { print } from './print.js';

const KEYWORDS = new Set(['true', 'false', 'null', 'in']);
const identifier = fc
  .stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,7}$/)
  .filter((s) => !KEYWORDS.has(s));
// After a dot any name is allowed, keywords included.
const property = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,7}$/);

const literal: fc.Arbitrary<Expr> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 8 }).map((value) => ({ type: 'Literal', value }) as Expr),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map((value) => ({ type: 'Literal', value }) as Expr),
  fc.double({ min: 0, max: 1e25, noNaN: true, noDefaultInfinity: true })
    .filter((v) => !Object.is(v, -0))
    .map((value) => ({ type: 'Literal', value }) as Expr),
  fc.boolean().map((value) => ({ type: 'Literal', value }) as Expr),
  fc.constant<Expr>({ type: 'Literal', value: null }),
);

const OPERATORS: BinaryOperator[] = ['==', '!=', '<', '<=', '>', '>=', 'in', '&&', '||'];

const { expr } = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal,
    identifier.map((name) => ({ type: 'Identifier', name }) as Expr),
    fc.record({ type: fc.constant('List' as const), items: fc.array(tie('expr'), { maxLength: 3 }) }),
    fc.record({ type: fc.constant('Member' as const), object: tie('expr'), property }),
    fc.record({
      type: fc.constant('Call' as const),
      object: tie('expr'),
      method: identifier.filter((m) => !['any', 'all', 'filter'].includes(m)),
      args: fc.array(tie('expr'), { maxLength: 2 }),
    }),
    fc.record({
      type: fc.constant('Quantifier' as const),
      object: tie('expr'),
      quantifier: fc.constantFrom('any' as const, 'all' as const, 'filter' as const),
      variable: identifier,
      body: tie('expr'),
    }),
    fc.record({ type: fc.constant('Unary' as const), operator: fc.constantFrom('!' as const, '-' as const), operand: tie('expr') }),
    fc.record({ type: fc.constant('Binary' as const), operator: fc.constantFrom(...OPERATORS), left: tie('expr'), right: tie('expr') }),
  ),
}));

/** Comparisons do not chain, so `a == b` nested directly in a comparison is printed with parentheses and that is fine. */
describe('print/parse round trip', () => {
  test('parse(print(ast)) equals ast, ignoring positions', () => {
    fc.assert(
      fc.property(expr, (ast) => {
        expect(stripSpans(parse(print(ast)))).toEqual(ast);
      }),
      { numRuns: 500 },
    );
  });

  test('print is stable: printing a parsed print gives the same text', () => {
    fc.assert(
      fc.property(expr, (ast) => {
        const once = print(ast);
        expect(print(parse(once))).toBe(once);
      }),
      { numRuns: 500 },
    );
  });
});
