import { describe, expect, test } from 'vitest';
import type { Policy, PolicyRequest } from './engine.js';
import { evaluatePolicies } from './engine.js';

const request: PolicyRequest = {
  activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION' },
  private_key: { id: 'pk-1', tags: ['hot'] },
  eth: { tx: { to: '0xabc', value: '5000000000000000000', chain_id: 1 } },
};

const allowHot: Policy = { policyId: 'p-allow', policyName: 'Allow hot keys', effect: 'EFFECT_ALLOW', condition: "private_key.tags.contains('hot')" };
const denyBig: Policy = { policyName: 'Deny > 1 ETH', effect: 'EFFECT_DENY', condition: 'eth.tx.value > 1000000000000000000' };
const denyNever: Policy = { policyName: 'Deny cold', effect: 'EFFECT_DENY', condition: "private_key.tags.contains('cold')" };

describe('evaluatePolicies', () => {
  test('an applicable allow allows, and the reason names it', () => {
    const v = evaluatePolicies([allowHot, denyNever], request);
    expect(v.outcome).toBe('ALLOW');
    expect(v.reason).toBe('Allowed by policy "Allow hot keys".');
    expect(v.matched).toEqual([
      { policyId: 'p-allow', policyName: 'Allow hot keys', effect: 'EFFECT_ALLOW', status: 'ALLOWS', condition: true, consensus: true },
      { policyName: 'Deny cold', effect: 'EFFECT_DENY', status: 'NOT_APPLICABLE', condition: false },
    ]);
  });

  test('deny wins over allow, whatever the order', () => {
    for (const policies of [[allowHot, denyBig], [denyBig, allowHot]]) {
      const v = evaluatePolicies(policies, request);
      expect(v.outcome).toBe('DENY');
      expect(v.reason).toBe('Denied by policy "Deny > 1 ETH": its condition matched.');
    }
  });

  test('with no applicable allow the request is denied', () => {
    expect(evaluatePolicies([], request)).toMatchObject({ outcome: 'DENY', reason: expect.stringMatching(/no policies/) });
    const v = evaluatePolicies([denyNever, { ...allowHot, condition: "private_key.id == 'other'" }], request);
    expect(v.outcome).toBe('DENY');
    expect(v.reason).toBe('Denied: no policy allows this request.');
  });

  test('an absent condition applies to every request', () => {
    expect(evaluatePolicies([{ policyName: 'Allow all', effect: 'EFFECT_ALLOW' }], request).outcome).toBe('ALLOW');
    const v = evaluatePolicies([{ policyName: 'Deny all', effect: 'EFFECT_DENY', condition: '  ' }], request);
    expect(v.reason).toBe('Denied by policy "Deny all": it has no condition, so it applies to every request.');
  });

  test('an unmet consensus gives CONSENSUS_NEEDED; meeting it allows', () => {
    const needsTwo: Policy = { ...allowHot, consensus: 'approvers.count() >= 2' };
    const waiting = evaluatePolicies([needsTwo], request);
    expect(waiting.outcome).toBe('CONSENSUS_NEEDED');
    expect(waiting.reason).toMatch(/Policy "Allow hot keys" matches but its consensus is not met yet.*ACTIVITY_STATUS_CONSENSUS_NEEDED/);
    const approvers = [{ id: 'u1', name: 'a', tags: [] }, { id: 'u2', name: 'b', tags: [] }];
    expect(evaluatePolicies([needsTwo], { ...request, approvers }).outcome).toBe('ALLOW');
  });

  test('a met allow beats another allow still waiting for consensus; a deny beats both', () => {
    const waiting: Policy = { ...allowHot, policyName: 'Waiting', consensus: 'approvers.count() >= 5' };
    expect(evaluatePolicies([waiting, allowHot], request).outcome).toBe('ALLOW');
    expect(evaluatePolicies([waiting, denyBig], request).outcome).toBe('DENY');
  });

  test('a deny applies only when its consensus holds too', () => {
    const denyUnlessApproved: Policy = { policyName: 'Deny approved by mallory', effect: 'EFFECT_DENY', consensus: "approvers.any(u, u.id == 'mallory')" };
    expect(evaluatePolicies([allowHot, denyUnlessApproved], request).outcome).toBe('ALLOW');
    const approvers = [{ id: 'mallory', name: 'm', tags: [] }];
    expect(evaluatePolicies([allowHot, denyUnlessApproved], { ...request, approvers }).outcome).toBe('DENY');
  });

  test('root quorum actions bypass policies', () => {
    const denyAll: Policy = { policyName: 'Deny all', effect: 'EFFECT_DENY' };
    for (const type of ['ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE', 'ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE']) {
      const v = evaluatePolicies([denyAll], { activity: { type } });
      expect(v.outcome).toBe('ROOT_QUORUM');
      expect(v.reason).toBe(`${type} is decided by the root quorum; policies do not apply.`);
      expect(v.matched[0]?.status).toBe('SKIPPED');
    }
    expect(evaluatePolicies([denyAll], { ...request, rootQuorum: true }).outcome).toBe('ROOT_QUORUM');
  });

  test('a deny whose expression errors fails closed', () => {
    const broken: Policy = { policyName: 'Broken deny', effect: 'EFFECT_DENY', condition: 'eth.tx.vaule > 1' };
    const v = evaluatePolicies([allowHot, broken], request);
    expect(v.outcome).toBe('DENY');
    expect(v.reason).toBe('Denied by policy "Broken deny": could not be evaluated, so it fails closed.');
    expect(v.errors).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_FIELD', policyIndex: 1, policyName: 'Broken deny', expression: 'condition', line: 1, column: 1 }),
    ]);
    expect(v.matched[1]?.status).toBe('ERROR');
  });

  test('a deny with a run-time error also fails closed', () => {
    const broken: Policy = { policyName: 'Mixed list', effect: 'EFFECT_DENY', condition: "eth.tx.to in [1, 'x']" };
    const v = evaluatePolicies([allowHot, broken], request);
    expect(v.outcome).toBe('DENY');
    expect(v.errors[0]?.code).toBe('TYPE');
  });

  test('an allow whose expression errors counts as neither allow nor deny, and is reported', () => {
    const broken: Policy = { policyName: 'Broken allow', effect: 'EFFECT_ALLOW', condition: "wallet.id == 'x' &&" };
    expect(evaluatePolicies([broken], request)).toMatchObject({
      outcome: 'DENY',
      reason: 'Denied: no policy allows this request (policy "Broken allow" could not be evaluated and counts as neither allow nor deny).',
      errors: [expect.objectContaining({ code: 'SYNTAX', expression: 'condition' })],
    });
    expect(evaluatePolicies([broken, allowHot], request).outcome).toBe('ALLOW');
  });

  test('a broken consensus is reported even when the condition is false', () => {
    const v = evaluatePolicies([{ ...allowHot, condition: 'false', consensus: 'approvers.count( >= 2' }], request);
    expect(v.errors).toEqual([expect.objectContaining({ code: 'SYNTAX', expression: 'consensus' })]);
  });

  test('every policy is evaluated, even after a deny decided', () => {
    const v = evaluatePolicies([denyBig, allowHot, denyNever], request);
    expect(v.matched.map((m) => m.status)).toEqual(['DENIES', 'ALLOWS', 'NOT_APPLICABLE']);
  });

  test('an invalid request context denies with a CONTEXT error', () => {
    const v = evaluatePolicies([allowHot], { ...request, eth: { tx: { value: 'lots' } } });
    expect(v.outcome).toBe('DENY');
    expect(v.errors[0]?.code).toBe('CONTEXT');
  });

  test('resource and action are derived from the activity type', () => {
    const policy: Policy = { policyName: 'Wallet creation', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'" };
    expect(evaluatePolicies([policy], { activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' } }).outcome).toBe('ALLOW');
    expect(evaluatePolicies([policy], { activity: { type: 'ACTIVITY_TYPE_CREATE_USERS' } }).outcome).toBe('DENY');
  });
});
