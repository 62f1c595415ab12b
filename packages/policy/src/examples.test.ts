import { describe, expect, test } from 'vitest';
import { check } from './check.js';
import { evaluatePolicies } from './engine.js';
import { POLICY_EXAMPLE_GROUPS, POLICY_EXAMPLES } from './examples.js';
import { parse } from './parse.js';

describe('POLICY_EXAMPLES', () => {
  test('has at least 22 examples with unique kebab-case ids, in every group', () => {
    expect(POLICY_EXAMPLES.length).toBeGreaterThanOrEqual(22);
    const ids = POLICY_EXAMPLES.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const group of POLICY_EXAMPLE_GROUPS) {
      expect(POLICY_EXAMPLES.some((e) => e.group === group), group).toBe(true);
    }
  });

  test.each(POLICY_EXAMPLES.map((e) => [e.id, e] as const))('%s: expressions parse and check cleanly', (_id, example) => {
    for (const src of [example.policy.condition, example.policy.consensus]) {
      if (src === undefined) continue;
      expect(check(parse(src))).toEqual([]);
    }
    expect(example.cases.length).toBeGreaterThan(0);
    expect(example.description.length).toBeGreaterThan(10);
  });

  const cases = POLICY_EXAMPLES.flatMap((e) => e.cases.map((c) => [`${e.id} / ${c.name}`, e, c] as const));
  test.each(cases)('%s', (_name, example, c) => {
    const verdict = evaluatePolicies([example.policy], c.request);
    expect(verdict.errors).toEqual([]);
    expect(verdict.outcome).toBe(c.expected);
  });
});
