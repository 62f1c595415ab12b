import { describe, expect, test } from 'vitest';
import { stripSpans } from './ast.js';
import { check } from './check.js';
import { PolicyError } from './errors.js';
import { parse } from './parse.js';
import { print } from './print.js';

function syntaxError(src: string): PolicyError {
  try {
    parse(src);
  } catch (e) {
    if (e instanceof PolicyError) return e;
    throw e;
  }
  throw new Error(`expected a syntax error for ${src}`);
}

describe('parse errors carry positions', () => {
  test.each([
    ['eth.tx.value >', 1, 15, 14],
    ["wallet.id == 'abc", 1, 14, 13],
    ['approvers.count() >= 2 &&\n  approvers.any(u, )', 2, 20, 45],
    ['true &&\n\n  (false', 3, 9, 17],
    ['a == b == c', 1, 8, 7],
    ['[1, 2', 1, 6, 5],
    ['1 +', 1, 3, 2],
    ['@', 1, 1, 0],
  ])('%j → line %i, column %i', (src, line, column, offset) => {
    const e = syntaxError(src);
    expect(e.code).toBe('SYNTAX');
    expect(e.line).toBe(line);
    expect(e.column).toBe(column);
    expect(e.start).toBe(offset);
    expect(e.message).toMatch(/^(Expected|Unexpected)/);
  });

  test('the message names what was expected and what was found', () => {
    expect(syntaxError('eth.tx.value >').message).toContain('but found end of input');
    expect(syntaxError('1 +').message).toContain('but found "+"');
  });
});

describe('AST', () => {
  test('nodes carry source spans', () => {
    const e = parse("wallet.id == 'w1'");
    expect(e.type).toBe('Binary');
    if (e.type !== 'Binary') return;
    expect(e.span?.start.offset).toBe(0);
    expect(e.span?.end.offset).toBe(17);
    expect(e.right.span).toMatchObject({ start: { offset: 13, line: 1, column: 14 }, end: { offset: 17 } });
  });

  test('integers are bigint, decimals are floats', () => {
    expect(stripSpans(parse('1000000000000000000000 == 1.5'))).toEqual({
      type: 'Binary',
      operator: '==',
      left: { type: 'Literal', value: 1000000000000000000000n },
      right: { type: 'Literal', value: 1.5 },
    });
  });

  test('quantifiers parse to Quantifier nodes', () => {
    expect(stripSpans(parse("approvers.any(u, u.id == 'x')"))).toEqual({
      type: 'Quantifier',
      quantifier: 'any',
      variable: 'u',
      object: { type: 'Identifier', name: 'approvers' },
      body: {
        type: 'Binary',
        operator: '==',
        left: { type: 'Member', object: { type: 'Identifier', name: 'u' }, property: 'id' },
        right: { type: 'Literal', value: 'x' },
      },
    });
  });

  test('precedence: && binds tighter than ||, comparison tighter than &&', () => {
    expect(print(parse('(a == 1 || b == 2) && c'))).toBe('(a == 1 || b == 2) && c');
    expect(print(parse('a == 1 || (b == 2 && c)'))).toBe('a == 1 || b == 2 && c');
    expect(print(parse('((a))'))).toBe('a');
  });
});

describe('print', () => {
  test.each([
    ['  wallet.id=="w"&&true', "wallet.id == 'w' && true"],
    ["!( 'x'  in user.tags )", "!('x' in user.tags)"],
    ['approvers .filter( u ,u.tags.contains("a") ).count()>=2', "approvers.filter(u, u.tags.contains('a')).count() >= 2"],
    ["'a\\nb\\\\c\"d'", "'a\\nb\\\\c\"d'"],
    ['2.0 == 2', '2.0 == 2'],
    ['- -1 < 0', '--1 < 0'],
    ['[ ]== [ 1 ,2 ]', '[] == [1, 2]'],
  ])('%s → %s', (src, expected) => {
    expect(print(parse(src))).toBe(expected);
  });
});

describe('check', () => {
  test('reports every problem with its position', () => {
    const src = "eth.tx.vaule > 1 &&\n  activity.type == 'ACTIVITY_TYPE_NOPE' &&\n  foo";
    const problems = check(parse(src));
    expect(problems.map((p) => [p.code, p.line, p.column])).toEqual([
      ['UNKNOWN_FIELD', 1, 1],
      ['UNKNOWN_VALUE', 2, 20],
      ['UNKNOWN_FIELD', 3, 3],
    ]);
    expect(src.slice(problems[1]?.start, problems[1]?.end)).toBe("'ACTIVITY_TYPE_NOPE'");
  });

  test('lambda variables are in scope only inside the lambda', () => {
    expect(check(parse("approvers.any(u, u.id == 'x')"))).toEqual([]);
    expect(check(parse("approvers.any(u, true) && u.id == 'x'")).map((p) => p.code)).toEqual(['UNKNOWN_FIELD']);
  });

  test('a non-boolean expression is rejected', () => {
    expect(check(parse('approvers.count()')).map((p) => p.message)).toEqual([
      'An expression must be true or false, but it is an integer.',
    ]);
  });
});

test('a missing operand reads as "Expected an expression"', () => {
  expect(syntaxError('wallet.id == ').message).toBe('Expected an expression but found end of input.');
  expect(syntaxError('approvers.any(u, )').message).toBe('Expected an expression but found ")".');
});
