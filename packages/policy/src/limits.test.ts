import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import peggy from 'peggy';
import { describe, expect, test } from 'vitest';
import type { ContextInput } from './context.js';
import { normalizeContext } from './context.js';
import { evaluatePolicies } from './engine.js';
import { PolicyError } from './errors.js';
import { evaluate } from './evaluate.js';
import {
  checkContextJsonLimits,
  expressionDepthExceeded,
  MAX_EXPRESSION_LENGTH,
  MAX_NESTING_DEPTH,
  PolicyLimitError,
} from './limits.js';
import { parse, parsePolicyExpression } from './parse.js';

/** The error `fn` throws; fails the test when it returns or throws anything but a PolicyError. */
function policyError(fn: () => unknown): PolicyError {
  try {
    fn();
  } catch (e) {
    if (e instanceof PolicyError) return e;
    throw e;
  }
  throw new Error('expected a PolicyError');
}

function limitError(src: string): PolicyLimitError {
  const e = policyError(() => parse(src));
  expect(e).toBeInstanceOf(PolicyLimitError);
  expect(e.code).toBe('LIMIT');
  return e as PolicyLimitError;
}

describe('the limits are the API document’s', () => {
  // Read the source YAML, not the bundle, so the test does not depend on a build of api-spec.
  const yaml = readFileSync(new URL('../../api-spec/openapi.yaml', import.meta.url), 'utf8');
  const limit = (id: string) => {
    const entry = new RegExp(`- id: ${id}\\n(?:    .*\\n)*?    value: (\\d+)\\n    unit: (.+)\\n`).exec(yaml);
    return entry ? { value: Number(entry[1]), unit: entry[2] } : undefined;
  };

  test('x-limits states the length and the depth', () => {
    expect(limit('policy-expression-max-length')).toEqual({ value: MAX_EXPRESSION_LENGTH, unit: 'characters' });
    expect(limit('policy-expression-max-depth')).toEqual({ value: MAX_NESTING_DEPTH, unit: 'levels' });
  });

  test('the condition and consensus schemas carry the length as maxLength', () => {
    const policies = readFileSync(new URL('../../api-spec/components/policies.yaml', import.meta.url), 'utf8');
    const maxLengths = [...policies.matchAll(/^ {4}(condition|consensus|policyCondition|policyConsensus):\n(?: {6}.*\n)*? {6}maxLength: (\d+)$/gm)];
    expect(maxLengths.map((m) => [m[1], Number(m[2])]).sort()).toEqual(
      [['condition', MAX_EXPRESSION_LENGTH], ['consensus', MAX_EXPRESSION_LENGTH], ['policyCondition', MAX_EXPRESSION_LENGTH], ['policyConsensus', MAX_EXPRESSION_LENGTH]],
    );
  });
});

describe('pathological input gives the documented error, never a stack overflow', () => {
  test.each([
    ['! repeated 5,000 times', '!'.repeat(5000) + 'true'],
    ['- repeated 5,000 times', '-'.repeat(5000) + '1 > 0'],
    ['20,000 (', '('.repeat(20000)],
    ['20,000 [', '['.repeat(20000)],
    ['balanced 2,000 levels', '('.repeat(2000) + 'true' + ')'.repeat(2000)],
    ['nested lists', '['.repeat(40) + ']'.repeat(40) + ' == []'],
    ['nested quantifiers', 'approvers.any(u, '.repeat(40) + 'true' + ')'.repeat(40)],
    ['20,000 ( after 4,000 characters', `user.name == '${'x'.repeat(4000)}' && ${'('.repeat(20000)}`],
    ['! and ( alternating', '!('.repeat(20) + 'true' + ')'.repeat(20)],
  ])('%s: too deeply nested', (_name, src) => {
    const e = limitError(src);
    expect(e.limit).toBe('depth');
    expect(e.max).toBe(MAX_NESTING_DEPTH);
    expect(e.message).toContain('too deeply nested');
    expect(e.message).toContain(String(MAX_NESTING_DEPTH));
  });

  test.each([
    ['a 10,000-term && chain', Array.from({ length: 10000 }, () => 'true').join(' && ')],
    ['a 10,000-term || chain of comparisons', Array.from({ length: 10000 }, (_, i) => `eth.tx.nonce == ${i}`).join(' || ')],
    ['a string of a million characters', `user.name == '${'x'.repeat(1_000_000)}'`],
  ])('%s: too long', (_name, src) => {
    const e = limitError(src);
    expect(e.limit).toBe('length');
    expect(e.message).toBe(`The expression is too long: ${[...src].length} characters, and the limit is ${MAX_EXPRESSION_LENGTH}.`);
    expect(e.start).toBe(MAX_EXPRESSION_LENGTH);
    expect(e.end).toBe(src.length);
  });

  test('the error points at where the nesting went too deep, with line and column', () => {
    const e = limitError('true &&\n' + '('.repeat(40) + 'true' + ')'.repeat(40));
    expect([e.start, e.line, e.column]).toEqual([8 + MAX_NESTING_DEPTH, 2, MAX_NESTING_DEPTH + 1]);
  });

  test('parsePolicyExpression returns the error instead of throwing', () => {
    const result = parsePolicyExpression('!'.repeat(5000) + 'true');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toBeInstanceOf(PolicyLimitError);
    expect(result.errors[0]?.toJSON()).toMatchObject({ code: 'LIMIT', start: MAX_NESTING_DEPTH });
  });

  test('the engine lists a policy beyond the limits as an error; a deny fails closed', () => {
    const verdict = evaluatePolicies(
      [{ policyName: 'deep', effect: 'EFFECT_DENY', condition: '('.repeat(20000) }],
      { activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION' } },
    );
    expect(verdict.outcome).toBe('DENY');
    expect(verdict.errors).toEqual([expect.objectContaining({ code: 'LIMIT', expression: 'condition', policyName: 'deep' })]);
  });
});

describe('input at the limits is accepted', () => {
  test('nesting of exactly the maximum depth parses, checks and evaluates', () => {
    const d = MAX_NESTING_DEPTH;
    expect(evaluate(parse('!'.repeat(d) + 'true'), {})).toBe(true);
    expect(evaluate(parse('('.repeat(d) + 'true' + ')'.repeat(d)), {})).toBe(true);
    expect(evaluate(parse('['.repeat(d - 1) + '1' + ']'.repeat(d - 1) + ' != []'), {})).toBe(true);
    expect(evaluate(parse('!('.repeat(d / 2) + 'true' + ')'.repeat(d / 2)), {})).toBe(true);
    expect(limitError('!'.repeat(d + 1) + 'true').start).toBe(d);
  });

  test('a binary operator or a comma ends a run of ! (it does not nest across operands)', () => {
    const many = Array.from({ length: 100 }, () => '!'.repeat(MAX_NESTING_DEPTH) + 'true').join(' && ');
    expect(evaluate(parse(many), {})).toBe(true);
    expect(parse(`[${Array.from({ length: 100 }, () => '-'.repeat(MAX_NESTING_DEPTH - 1) + '1').join(', ')}] != []`).type).toBe('Binary');
  });

  test('brackets inside strings and the minus of an exponent do not count', () => {
    expect(expressionDepthExceeded(`user.name == '${'('.repeat(100)}' && 1e-5 < 1 && "[[[[[\\"[[" != ''`, 1)).toBe(-1);
    expect(expressionDepthExceeded('-1e-5 < 0', 1)).toBe(-1);
    expect(expressionDepthExceeded('--1 < 0', 1)).toBe(1);
    expect(expressionDepthExceeded('!(a)', 1)).toBe(1);
  });

  test('an expression of exactly the maximum length parses; the length counts characters, not UTF-16 units', () => {
    const longest = `user.name == '${'x'.repeat(MAX_EXPRESSION_LENGTH - 15)}'`;
    expect(longest).toHaveLength(MAX_EXPRESSION_LENGTH);
    expect(evaluate(parse(longest), { user: { name: 'x' } })).toBe(false);
    expect(limitError(`${longest} `).start).toBe(MAX_EXPRESSION_LENGTH);
    const emoji = `user.name == '${'🔑'.repeat(MAX_EXPRESSION_LENGTH - 15)}'`;
    expect(emoji.length).toBeGreaterThan(MAX_EXPRESSION_LENGTH);
    expect(parse(emoji).type).toBe('Binary');
  });

  test('the longest && chain that fits evaluates', () => {
    const terms = Math.floor((MAX_EXPRESSION_LENGTH + 2) / 6);
    const chain = Array.from({ length: terms }, () => 'true').join('&&');
    expect(chain.length).toBeLessThanOrEqual(MAX_EXPRESSION_LENGTH);
    expect(evaluate(parse(chain), {})).toBe(true);
  });
});

describe('parsing is linear in the size of the input', () => {
  // A parser built from the same grammar with tracing on; it counts rule invocations, a measure
  // of parse work that does not depend on the machine (wall-clock time would).
  const grammar = readFileSync(new URL('./grammar.peggy', import.meta.url), 'utf8');
  const traced = peggy.generate(grammar, { trace: true });
  const work = (src: string): number => {
    let rules = 0;
    const tracer = { trace: (event: { type: string }) => void (event.type === 'rule.enter' && rules++) };
    try {
      traced.parse(src, { tracer });
    } catch (e) {
      if (!(e instanceof traced.SyntaxError)) throw e;
    }
    return rules;
  };

  // Each shape used to make the parser try the same text again on the way back out: 2^depth work.
  const shapes: [string, (depth: number) => string][] = [
    ['parentheses', (d) => '('.repeat(d) + 'a' + ')'.repeat(d)],
    ['unclosed parentheses', (d) => '('.repeat(d) + 'a'],
    ['comparisons in parentheses', (d) => '(a == '.repeat(d) + 'b' + ')'.repeat(d)],
    ['quantifiers', (d) => 'x.any(u, '.repeat(d) + 'true' + ')'.repeat(d)],
    ['unclosed quantifiers around parentheses', (d) => 'x.any(u, ('.repeat(d) + 'a'],
    ['calls', (d) => 'x.f('.repeat(d) + '1' + ')'.repeat(d)],
    ['lists', (d) => '['.repeat(d) + ']'.repeat(d)],
    ['unary operators', (d) => '!-'.repeat(d) + 'a'],
  ];

  test.each(shapes)('%s: three times the depth is at most three and a half times the work', (_name, shape) => {
    const small = work(shape(10));
    const large = work(shape(30));
    expect(large / small).toBeLessThan(3.5);
  });

  test('the traced parser is the shipped one: both give the same trees', () => {
    for (const src of ["approvers.any(u, u.id == 'x') && !(eth.tx.value > 1)", 'x.any((u), c)', 'x.all(u, c, d)', '[1, [2]] == [1]']) {
      expect(traced.parse(src, { tracer: { trace: () => undefined } })).toEqual(parse(src));
    }
  });
});

describe('request contexts', () => {
  /** A value nested `depth` levels deep, built without recursion. */
  const deep = (depth: number): unknown => {
    let v: unknown = 'x';
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  };

  test('a deeply nested context value is refused or ignored, never walked recursively', () => {
    const ctx = { user: { tags: deep(100_000) }, unknown: deep(100_000) } as ContextInput;
    expect(policyError(() => normalizeContext(ctx)).code).toBe('CONTEXT');
    expect(normalizeContext({ unknown: deep(100_000) } as ContextInput)).toEqual({ approvers: [], credentials: [] });
  });

  test('context JSON nested deeper than the limit is too deeply nested', () => {
    const e = policyError(() => checkContextJsonLimits('['.repeat(20000)));
    expect(e).toBeInstanceOf(PolicyLimitError);
    expect(e.message).toContain('too deeply nested');
    expect(e.start).toBe(MAX_NESTING_DEPTH);
    expect(() => checkContextJsonLimits(`{"a": "${'['.repeat(100)}", "b": ${'['.repeat(MAX_NESTING_DEPTH - 1)}${']'.repeat(MAX_NESTING_DEPTH - 1)}}`)).not.toThrow();
  });
});

describe('random expressions never throw anything but the documented errors', () => {
  const DOCUMENTED = new Set(['LIMIT', 'SYNTAX', 'UNKNOWN_FIELD', 'UNKNOWN_METHOD', 'UNKNOWN_VALUE', 'ARITY', 'TYPE', 'CONTEXT']);
  // Pieces that make deep or backtracking-heavy text likely, plus valid fields and values.
  const token = fc.constantFrom(
    '(', ')', '[', ']', '!', '-', ',', ' ', '.', "'", '"', '\\', '&&', '||', '==', '!=', '<', '>=', ' in ',
    'true', 'null', '1', '1e-5', '2.5', 'eth.tx.value', 'approvers', '.any(u, ', '.filter(u, ', '.count()', '.contains(',
    'u.tags', "'ops'", 'user.tags', 'activity.type', "'ACTIVITY_TYPE_SIGN_TRANSACTION'",
  );
  const text = fc.oneof(
    fc.array(token, { maxLength: 60 }).map((t) => t.join('')),
    fc.array(token, { minLength: 500, maxLength: 3000 }).map((t) => t.join('')),
    fc.tuple(fc.constantFrom('!', '(', '[', '-', 'x.any(u, '), fc.integer({ min: 0, max: 20000 }), fc.array(token, { maxLength: 10 }))
      .map(([piece, n, rest]) => piece.repeat(n) + rest.join('')),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
  );
  const request = { activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION' }, user: { tags: ['ops'] }, eth: { tx: { value: '5' } }, approvers: [{ id: 'a', tags: ['ops'] }] };

  test('parsePolicyExpression and the engine return results or PolicyErrors', () => {
    fc.assert(
      fc.property(text, (src) => {
        const result = parsePolicyExpression(src);
        if (!result.ok) {
          expect(result.errors.length).toBeGreaterThan(0);
          for (const e of result.errors) {
            expect(e).toBeInstanceOf(PolicyError);
            expect(DOCUMENTED.has(e.code), e.code).toBe(true);
          }
        }
        const verdict = evaluatePolicies([{ policyName: 'p', effect: 'EFFECT_ALLOW', condition: src, consensus: src }], request);
        for (const e of verdict.errors) expect(DOCUMENTED.has(e.code), e.code).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
