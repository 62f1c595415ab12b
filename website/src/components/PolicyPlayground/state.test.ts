import {describe, expect, test} from 'vitest';
import {computeDisplay, diagnose, lineColumn, parseContext, splitAtRange} from './state';
import {contextToText, DEFAULT_CONDITION, DEFAULT_CONTEXT, resolveInitial} from './initial';

const signContext = contextToText({
  activity: {type: 'ACTIVITY_TYPE_SIGN_TRANSACTION'},
  eth: {tx: {to: '0xabc', value: '2000000000000000000', chain_id: 1}},
});

describe('computeDisplay', () => {
  test('an allow whose condition holds is allowed, with the engine reason', () => {
    const d = computeDisplay({condition: 'eth.tx.value > 1000000000000000000', consensus: '', effect: 'EFFECT_ALLOW', contextText: signContext});
    expect(d.status).toBe('ALLOW');
    expect(d.label).toBe('Allowed');
    expect(d.reason).toBe('Allowed by policy "Playground policy".');
    expect(d.diagnostics).toEqual({condition: [], consensus: []});
  });

  test('the effect radio changes the verdict', () => {
    const d = computeDisplay({condition: 'eth.tx.value > 1000000000000000000', consensus: '', effect: 'EFFECT_DENY', contextText: signContext});
    expect(d.status).toBe('DENY');
    expect(d.reason).toMatch(/Denied by policy "Playground policy"/);
  });

  test('an unmet consensus shows CONSENSUS_NEEDED', () => {
    const d = computeDisplay({condition: '', consensus: 'approvers.count() >= 2', effect: 'EFFECT_ALLOW', contextText: signContext});
    expect(d.status).toBe('CONSENSUS_NEEDED');
    expect(d.label).toBe('Consensus needed');
  });

  test('root quorum actions show the root quorum outcome', () => {
    const d = computeDisplay({condition: '', consensus: '', effect: 'EFFECT_DENY', contextText: '{"activity":{"type":"ACTIVITY_TYPE_UPDATE_ROOT_QUORUM"}}'});
    expect(d.status).toBe('ROOT_QUORUM');
  });

  test('a syntax error gives diagnostics with position and no verdict', () => {
    const d = computeDisplay({condition: "wallet.id == 'w' &&\n", consensus: '', effect: 'EFFECT_ALLOW', contextText: signContext});
    expect(d.status).toBe('INVALID');
    expect(d.reason).toMatch(/^Fix the condition/);
    expect(d.diagnostics.condition).toHaveLength(1);
    expect(d.diagnostics.condition[0]).toMatchObject({expression: 'condition', line: 2, column: 1, start: 20});
  });

  test('unknown fields in the consensus are reported against the consensus', () => {
    const d = computeDisplay({condition: '', consensus: 'approvers.size() > 1', effect: 'EFFECT_ALLOW', contextText: signContext});
    expect(d.status).toBe('INVALID');
    expect(d.reason).toMatch(/^Fix the consensus/);
    expect(d.diagnostics.consensus[0]?.message).toMatch(/Unknown method `size`/);
  });

  test('run-time errors are shown as diagnostics too', () => {
    const d = computeDisplay({condition: "eth.tx.to in [1, 'x']", consensus: '', effect: 'EFFECT_DENY', contextText: signContext});
    expect(d.status).toBe('DENY');
    expect(d.reason).toMatch(/fails closed/);
    expect(d.diagnostics.condition[0]?.message).toMatch(/Cannot compare/);
  });

  test('broken JSON and a wrongly typed context are context errors', () => {
    const broken = computeDisplay({condition: '', consensus: '', effect: 'EFFECT_ALLOW', contextText: '{"activity": '});
    expect(broken.status).toBe('INVALID');
    expect(broken.contextError?.message).toBeTruthy();
    const typed = computeDisplay({condition: '', consensus: '', effect: 'EFFECT_ALLOW', contextText: '{"eth":{"tx":{"value":"lots"}}}'});
    expect(typed.status).toBe('INVALID');
    expect(typed.contextError?.message).toMatch(/eth\.tx\.value/);
  });
});

describe('input beyond the limits', () => {
  test('! repeated 5,000 times is too deeply nested, shown against the condition', () => {
    const condition = '!'.repeat(5000) + 'true';
    const d = computeDisplay({condition, consensus: '', effect: 'EFFECT_ALLOW', contextText: signContext});
    expect(d.status).toBe('INVALID');
    expect(d.reason).toMatch(/^Fix the condition/);
    expect(d.diagnostics.condition).toEqual([
      expect.objectContaining({message: expect.stringContaining('too deeply nested'), start: 32, line: 1, column: 33}),
    ]);
  });

  test('a consensus over the length limit is too long', () => {
    const consensus = Array.from({length: 2000}, () => 'approvers.count() > 0').join(' && ');
    const d = computeDisplay({condition: '', consensus, effect: 'EFFECT_ALLOW', contextText: signContext});
    expect(d.diagnostics.consensus[0]?.message).toMatch(/^The expression is too long: \d+ characters, and the limit is 4096\.$/);
  });

  test('20,000 [ in the request context is too deeply nested, not a crash', () => {
    const d = computeDisplay({condition: '', consensus: '', effect: 'EFFECT_ALLOW', contextText: '['.repeat(20000)});
    expect(d.status).toBe('INVALID');
    expect(d.contextError).toEqual({message: expect.stringContaining('too deeply nested'), line: 1, column: 33});
  });

  test('deep but valid JSON inside a known field is refused by the engine, deeper JSON by the limit', () => {
    const nested = (n: number) => `{"user": {"tags": ${'['.repeat(n)}${']'.repeat(n)}}}`;
    expect(computeDisplay({condition: '', consensus: '', effect: 'EFFECT_ALLOW', contextText: nested(30)}).contextError?.message).toMatch(/user\.tags/);
    expect(computeDisplay({condition: '', consensus: '', effect: 'EFFECT_ALLOW', contextText: nested(31)}).contextError?.message).toMatch(/too deeply nested/);
  });
});

describe('helpers', () => {
  test('parseContext rejects non-objects and reads positions', () => {
    expect(parseContext('[]')).toEqual({error: {message: expect.stringMatching(/must be a JSON object/)}});
    expect(parseContext('{"a": 1}')).toEqual({context: {a: 1}});
    const bad = parseContext('{\n  "a": x\n}');
    expect('error' in bad && bad.error.line).toBe(2);
  });

  test('lineColumn counts from 1', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({line: 2, column: 2});
    expect(lineColumn('', 0)).toEqual({line: 1, column: 1});
  });

  test('splitAtRange marks the error range, or one character / a placeholder for an empty range', () => {
    expect(splitAtRange('a == b', 2, 4)).toEqual({before: 'a ', marked: '==', after: ' b'});
    expect(splitAtRange('a +', 2, 2)).toEqual({before: 'a ', marked: '+', after: ''});
    expect(splitAtRange('a &&', 4, 4)).toEqual({before: 'a &&', marked: '\u00a0', after: ''});
    expect(splitAtRange('abc', 10, 20)).toEqual({before: 'abc', marked: '\u00a0', after: ''});
  });

  test('diagnose treats an empty expression as "always true"', () => {
    expect(diagnose('condition', '   ')).toEqual([]);
  });
});

describe('resolveInitial', () => {
  test('defaults without props', () => {
    expect(resolveInitial({})).toEqual({
      condition: DEFAULT_CONDITION,
      consensus: '',
      effect: 'EFFECT_ALLOW',
      contextText: contextToText(DEFAULT_CONTEXT),
    });
  });

  test('an example supplies the policy and its first sample request; explicit props win', () => {
    const fromExample = resolveInitial({exampleId: 'two-approvals-for-large-transfers'});
    expect(fromExample.consensus).toBe('approvers.count() >= 2');
    expect(fromExample.example?.id).toBe('two-approvals-for-large-transfers');
    expect(JSON.parse(fromExample.contextText)).toMatchObject({activity: {type: 'ACTIVITY_TYPE_SIGN_TRANSACTION'}});
    const overridden = resolveInitial({exampleId: 'two-approvals-for-large-transfers', initialConsensus: 'true', initialEffect: 'EFFECT_DENY'});
    expect(overridden).toMatchObject({consensus: 'true', effect: 'EFFECT_DENY'});
  });

  test('every example verdict in the playground matches its expected outcome', () => {
    const {POLICY_EXAMPLES} = resolveInitialExamples();
    for (const example of POLICY_EXAMPLES) {
      for (const c of example.cases) {
        const d = computeDisplay({
          condition: example.policy.condition ?? '',
          consensus: example.policy.consensus ?? '',
          effect: example.policy.effect,
          contextText: contextToText(c.request),
        });
        expect(d.status, `${example.id} / ${c.name}`).toBe(c.expected);
      }
    }
  });
});

import {POLICY_EXAMPLES} from './initial';
function resolveInitialExamples() {
  return {POLICY_EXAMPLES};
}
