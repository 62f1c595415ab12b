import { describe, expect, test } from 'vitest';
import { check } from './check.js';
import type { ContextInput } from './context.js';
import { evaluate } from './evaluate.js';
import { parse } from './parse.js';
import type { Selector } from './selector.js';
import { SELECTOR_OPERATORS, selectorsToExpression, selectorToExpression } from './selector.js';

const ctx: ContextInput = {
  activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION' },
  wallet: { id: 'wal-1' },
  private_key: { id: 'pk-1', tags: ['hot', 'eth'] },
  eth: { tx: { to: '0xabc', value: '2000000000000000000' } },
};

const cases: [Selector, string, boolean][] = [
  [{ subject: 'wallet.id', operator: 'OPERATOR_EQUAL', target: 'wal-1' }, "wallet.id == 'wal-1'", true],
  [{ subject: 'eth.tx.value', operator: 'OPERATOR_MORE_THAN', target: '1000000000000000000' }, 'eth.tx.value > 1000000000000000000', true],
  [{ subject: 'eth.tx.value', operator: 'OPERATOR_MORE_THAN_OR_EQUAL', target: '2000000000000000000' }, 'eth.tx.value >= 2000000000000000000', true],
  [{ subject: 'eth.tx.value', operator: 'OPERATOR_LESS_THAN', target: '2000000000000000000' }, 'eth.tx.value < 2000000000000000000', false],
  [{ subject: 'eth.tx.value', operator: 'OPERATOR_LESS_THAN_OR_EQUAL', target: '2000000000000000000' }, 'eth.tx.value <= 2000000000000000000', true],
  [{ subject: 'private_key.tags', operator: 'OPERATOR_CONTAINS', target: 'hot' }, "private_key.tags.contains('hot')", true],
  [{ subject: 'eth.tx.to', operator: 'OPERATOR_NOT_EQUAL', target: '0xabc' }, "eth.tx.to != '0xabc'", false],
  [{ subject: 'wallet.id', operator: 'OPERATOR_IN', targets: ['wal-1', 'wal-2'] }, "wallet.id in ['wal-1', 'wal-2']", true],
  [{ subject: 'wallet.id', operator: 'OPERATOR_NOT_IN', targets: ['wal-1', 'wal-2'] }, "!(wallet.id in ['wal-1', 'wal-2'])", false],
  [{ subject: 'private_key.tags', operator: 'OPERATOR_CONTAINS_ONE', targets: ['cold', 'eth'] }, "private_key.tags.containsOne(['cold', 'eth'])", true],
  [{ subject: 'private_key.tags', operator: 'OPERATOR_CONTAINS_ALL', targets: ['hot', 'cold'] }, "private_key.tags.containsAll(['hot', 'cold'])", false],
];

describe('selectorToExpression', () => {
  test('covers every operator', () => {
    expect(new Set(cases.map(([s]) => s.operator))).toEqual(new Set(SELECTOR_OPERATORS));
  });

  test.each(cases)('%j → %s', (selector, expected, value) => {
    const src = selectorToExpression(selector);
    expect(src).toBe(expected);
    expect(check(parse(src))).toEqual([]);
    expect(evaluate(parse(src), ctx)).toBe(value);
  });

  test('a list of selectors is their conjunction', () => {
    expect(
      selectorsToExpression([
        { subject: 'activity.type', operator: 'OPERATOR_EQUAL', target: 'ACTIVITY_TYPE_SIGN_TRANSACTION' },
        { subject: 'wallet.id', operator: 'OPERATOR_IN', targets: ['wal-1'] },
      ]),
    ).toBe("activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION' && wallet.id in ['wal-1']");
    expect(selectorsToExpression([])).toBe('true');
  });

  test('bad selectors are rejected clearly', () => {
    expect(() => selectorToExpression({ subject: 'wallet id', operator: 'OPERATOR_EQUAL', target: 'x' })).toThrow(/dotted field path/);
    expect(() => selectorToExpression({ subject: 'wallet.id', operator: 'OPERATOR_EQUAL' })).toThrow(/needs a `target`/);
    expect(() => selectorToExpression({ subject: 'wallet.id', operator: 'OPERATOR_NOPE' as never, target: 'x' })).toThrow(/Unknown selector operator/);
  });
});
