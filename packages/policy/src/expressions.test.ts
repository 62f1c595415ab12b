import { describe, expect, test } from 'vitest';
import type { ContextInput } from './context.js';
import { PolicyError } from './errors.js';
import { evaluate } from './evaluate.js';
import { parse } from './parse.js';

const sign: ContextInput = {
  activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION' },
  user: { id: 'usr-alice', name: 'alice', tags: ['ops', 'eng'] },
  wallet: { id: 'wal-treasury', name: 'Treasury' },
  wallet_account: { address: '0x5A0b54D5dc17e0AadC383d2db43B0a0D3E029c4c' },
  private_key: { id: 'pk-hot-1', tags: ['hot', 'eth'] },
  eth: {
    tx: {
      to: '0x9F8F72aA9304c8B593d555F12eF6589cC3A579A2',
      value: '1500000000000000000',
      chain_id: 1,
      data: '0xa9059cbb0000',
      gas: 21000,
      nonce: 7,
    },
  },
  credentials: [{ type: 'CREDENTIAL_TYPE_API_KEY_P256', public_key: '02aa' }],
  approvers: [
    { id: 'usr-bob', name: 'bob', tags: ['finance'] },
    { id: 'usr-carol', name: 'carol', tags: ['finance', 'ops'] },
    { id: 'usr-dan', name: 'dan', tags: [] },
  ],
};

const sol: ContextInput = {
  activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION' },
  solana: {
    tx: {
      program_keys: ['11111111111111111111111111111111'],
      transfers: [
        { from: 'A', to: 'B', amount: 5 },
        { from: 'A', to: 'C', amount: '18446744073709551617' },
      ],
      recent_blockhash: 'EkSn',
    },
  },
};

const empty: ContextInput = { activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' } };

type Row = [expression: string, context: ContextInput, expected: boolean | PolicyError['code']];

const rows: Row[] = [
  // literals and logic
  ['true', empty, true],
  ['false', empty, false],
  ['!false', empty, true],
  ['true && false', empty, false],
  ['true || false', empty, true],
  ['false || false || true', empty, true],
  ['!(true && false)', empty, true],
  ['null == null', empty, true],
  ['1 == 1.0', empty, true],
  ['2 > 1.5', empty, true],
  ['-1 < 0', empty, true],
  ["'a' < 'b'", empty, true],
  ['"double" == \'double\'', empty, true],
  ["'it\\'s' == \"it's\"", empty, true],
  ['[1, 2] == [1, 2]', empty, true],
  // activity
  ["activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION'", sign, true],
  ["activity.resource == 'PRIVATE_KEY'", sign, true],
  ["activity.action == 'SIGN'", sign, true],
  ["activity.action in ['CREATE', 'UPDATE']", empty, true],
  ["activity.resource == 'WALLET' && activity.action == 'CREATE'", empty, true],
  ["activity.type != 'ACTIVITY_TYPE_CREATE_WALLET'", empty, false],
  // exact big integers
  ['eth.tx.value > 1000000000000000000', sign, true],
  ['eth.tx.value == 1500000000000000000', sign, true],
  ['eth.tx.value < 1500000000000000001', sign, true],
  ['eth.tx.value >= 1500000000000000001', sign, false],
  ['eth.tx.value <= 1500000000000000000', sign, true],
  ['eth.tx.value > 1.4e18', sign, true],
  ['eth.tx.chain_id == 1', sign, true],
  ['eth.tx.chain_id in [1, 10, 8453]', sign, true],
  ['eth.tx.gas <= 21000', sign, true],
  ['eth.tx.nonce != 7', sign, false],
  // strings
  ["eth.tx.data.startsWith('0xa9059cbb')", sign, true],
  ["eth.tx.data.endsWith('0000')", sign, true],
  ["eth.tx.data.contains('9059')", sign, true],
  ["eth.tx.to.lower() == '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2'", sign, true],
  ["eth.tx.to == '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2'", sign, false],
  ["wallet_account.address.lower().startsWith('0x5a0b')", sign, true],
  ["wallet.name == 'Treasury'", sign, true],
  // lists
  ["private_key.tags.contains('hot')", sign, true],
  ["private_key.tags.contains('cold')", sign, false],
  ["'eth' in private_key.tags", sign, true],
  ["!('cold' in private_key.tags)", sign, true],
  ["private_key.tags.containsOne(['cold', 'eth'])", sign, true],
  ["private_key.tags.containsAll(['hot', 'eth'])", sign, true],
  ["private_key.tags.containsAll(['hot', 'cold'])", sign, false],
  ['private_key.tags.count() == 2', sign, true],
  ["wallet.id in ['wal-treasury', 'wal-payroll']", sign, true],
  // quantifiers
  ['approvers.count() >= 2', sign, true],
  ["approvers.any(u, u.tags.contains('ops'))", sign, true],
  ["approvers.all(u, u.tags.contains('finance'))", sign, false],
  ["approvers.filter(u, u.tags.contains('finance')).count() >= 2", sign, true],
  ["approvers.filter(u, u.tags.contains('finance')).any(u, u.name == 'carol')", sign, true],
  ["approvers.any(u, u.id == 'usr-bob') && approvers.any(u, u.id == 'usr-carol')", sign, true],
  ["approvers.all(a, approvers.any(b, b.id == a.id))", sign, true],
  ["credentials.any(c, c.type == 'CREDENTIAL_TYPE_API_KEY_P256')", sign, true],
  ['approvers.count() == 0', empty, true],
  ['approvers.all(u, false)', empty, true],
  ['approvers.any(u, true)', empty, false],
  ["user.tags.containsOne(['ops'])", sign, true],
  // solana
  ['solana.tx.transfers.all(t, t.amount > 0)', sol, true],
  ['solana.tx.transfers.any(t, t.amount > 18446744073709551616)', sol, true],
  ["solana.tx.transfers.filter(t, t.to == 'B').count() == 1", sol, true],
  ["solana.tx.program_keys.contains('11111111111111111111111111111111')", sol, true],
  ["solana.tx.recent_blockhash.startsWith('Ek')", sol, true],
  // missing optional context: comparisons are false, null tests see "missing" as null
  ['eth.tx.value > 0', sol, false],
  ['eth.tx.value <= 0', sol, false],
  ["eth.tx.to != '0x00'", sol, false],
  ["eth.tx.to == '0x00'", sol, false],
  ['eth.tx == null', sol, true],
  ['eth.tx != null', sign, true],
  ['eth.tx.to == null', sol, true],
  ["!(eth.tx.to in ['0x00'])", sol, true],
  ["eth.tx.data.startsWith('0x')", sol, false],
  ['solana.tx.transfers.any(t, t.amount > 0)', sign, false],
  ['solana.tx.transfers.all(t, t.amount > 0)', sign, false],
  ['solana.tx.transfers.count() >= 0', sign, false],
  ["private_key.tags.contains('hot')", empty, false],
  // static errors: unknown names, methods, values, types
  ['eth.tx.vaule > 1', sign, 'UNKNOWN_FIELD'],
  ['foo == 1', sign, 'UNKNOWN_FIELD'],
  ['approvers.any(u, u.email == "x")', sign, 'UNKNOWN_FIELD'],
  ["eth.tx.to.toLowerCase() == 'x'", sign, 'UNKNOWN_METHOD'],
  ["activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTON'", sign, 'UNKNOWN_VALUE'],
  ["activity.action in ['SIGN', 'SPEND']", sign, 'UNKNOWN_VALUE'],
  ["eth.tx.value == '100'", sign, 'TYPE'],
  ["eth.tx.value > 'a'", sign, 'TYPE'],
  ['approvers.tags', sign, 'TYPE'],
  ["wallet.id in 'wal-treasury'", sign, 'TYPE'],
  ['eth.tx.value', sign, 'TYPE'],
  ['eth.tx.value && true', sign, 'TYPE'],
  ['approvers.count(1) > 0', sign, 'ARITY'],
  ['approvers.any(true)', sign, 'ARITY'],
  ['eth.tx.to.count() > 0', sign, 'TYPE'],
  ['private_key.tags.startsWith("a")', sign, 'TYPE'],
  ['1 +', sign, 'SYNTAX'],
  ['a == b == c', sign, 'SYNTAX'],
  // run-time type errors the static pass cannot see (mixed literal lists)
  ["[1, 'a'].contains(2)", sign, 'TYPE'],
  ["['a', 1].any(x, x > 0)", sign, 'TYPE'],
];

describe('expressions', () => {
  test('the table is large enough', () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
  });

  test.each(rows)('%s', (src, ctx, expected) => {
    const run = () => evaluate(parse(src), ctx);
    if (typeof expected === 'boolean') {
      expect(run()).toBe(expected);
    } else {
      let error: unknown;
      try {
        run();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PolicyError);
      expect((error as PolicyError).code).toBe(expected);
      expect((error as PolicyError).end).toBeGreaterThanOrEqual((error as PolicyError).start);
    }
  });

  test('integers in the context may be numbers, decimal strings or hex strings', () => {
    const tx = (value: unknown) => ({ eth: { tx: { value } } });
    const expr = parse('eth.tx.value == 1000000000000000000');
    expect(evaluate(expr, tx('1000000000000000000'))).toBe(true);
    expect(evaluate(expr, tx('0xde0b6b3a7640000'))).toBe(true);
    expect(evaluate(expr, tx(1000000000000000000n))).toBe(true);
    expect(evaluate(parse('eth.tx.value == 5'), tx(5))).toBe(true);
  });

  test('a malformed context is a CONTEXT error, not a silent false', () => {
    expect(() => evaluate(parse('eth.tx.value > 0'), { eth: { tx: { value: 1.5 } } })).toThrow(
      expect.objectContaining({ code: 'CONTEXT' }),
    );
    expect(() => evaluate(parse("user.tags.contains('x')"), { user: { tags: 'x' } })).toThrow(/must be a list/);
    expect(() => evaluate(parse('eth.tx.value > 0'), { eth: { tx: { value: 2 ** 60 } } })).toThrow(/safe integer/);
  });

  test('a type error points at the offending node', () => {
    try {
      evaluate(parse("wallet.id == 'w' &&\n  eth.tx.value == 'ten'"), sign);
      expect.unreachable();
    } catch (e) {
      const err = e as PolicyError;
      expect(err.code).toBe('TYPE');
      expect(err.line).toBe(2);
      expect(err.column).toBe(3);
      expect(err.message).toMatch(/Cannot compare an integer with a string/);
    }
  });

  test('unknown fields suggest the nearest name', () => {
    expect(() => evaluate(parse('eth.tx.vaule > 1'), sign)).toThrow(/Did you mean `value`/);
    expect(() => evaluate(parse('approver.count() > 1'), sign)).toThrow(/Did you mean `approvers`/);
  });
});
