import { describe, expect, test, vi } from 'vitest';
import type { Policy, PolicyRequest } from './engine.js';
import { compilePolicy, evaluatePolicies } from './engine.js';
import { parse } from './parse.js';

// Counts parses while keeping the real parser.
vi.mock('./parse.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./parse.js')>();
  return { ...actual, parse: vi.fn(actual.parse) };
});

const request: PolicyRequest = {
  activity: { type: 'ACTIVITY_TYPE_CREATE_USERS' },
  user: { id: 'u-1', name: 'bot', tags: ['ops'] },
  approvers: [{ id: 'u-2', name: 'alice', tags: [] }],
};

const policies: Policy[] = [
  { policyId: 'a', policyName: 'ops may', effect: 'EFFECT_ALLOW', condition: "user.tags.contains('ops')", consensus: 'approvers.count() >= 1' },
  { policyId: 'd', policyName: 'not bots at night', effect: 'EFFECT_DENY', condition: "user.name == 'nobody'" },
  { policyId: 'b', policyName: 'broken', effect: 'EFFECT_ALLOW', condition: 'user.tags.contains(' },
  { policyId: 'c', policyName: 'unknown field', effect: 'EFFECT_DENY', condition: 'user.shoe_size > 3' },
];

describe('compilePolicy', () => {
  test('gives the same verdict as the source policies, errors included', () => {
    const compiled = policies.map(compilePolicy);
    expect(evaluatePolicies(compiled, request)).toEqual(evaluatePolicies(policies, request));
    expect(evaluatePolicies(compiled, { ...request, approvers: [] })).toEqual(evaluatePolicies(policies, { ...request, approvers: [] }));
  });

  test('parses each expression once, however often the policy is evaluated', () => {
    const compiled = policies.map(compilePolicy);
    const parses = vi.mocked(parse);
    parses.mockClear();
    for (let i = 0; i < 10; i++) evaluatePolicies(compiled, request);
    expect(parses).not.toHaveBeenCalled();
    evaluatePolicies(policies, request);
    expect(parses).toHaveBeenCalled();
  });

  test('returns a frozen copy, so its parsed expressions cannot go stale', () => {
    const source = { ...policies[0]! };
    const compiled = compilePolicy(source);
    expect(compiled).not.toBe(source);
    expect(compiled).toEqual(source);
    expect(Object.isFrozen(compiled)).toBe(true);
    expect(() => {
      (compiled as Policy).condition = 'false';
    }).toThrow(TypeError);
  });
});
