// Policies: created (one or many), updated and deleted, each condition and consensus compiled by
// @sigil/policy first so that a mistake is refused with its line and column.
import type { Schema } from '@sigil/api-spec';
import { PolicyError, compile } from '@sigil/policy';
import { exhausted, exists, invalid, notFound } from '../errors.js';
import { limit } from '../document.js';
import { uuid } from '../encoding.js';
import { C, type PolicyRecord } from '../model.js';
import type { ExecutionContext, SubmissionHandlers } from '../handler-types.js';

type PolicyInput = Schema<'CreatePolicyIntentV3'>;

const POLICIES_MAX = limit<number>('policies-per-organization');

function checkExpression(field: string, source: string | undefined): string {
  if (source === undefined) return '';
  try {
    compile(source);
  } catch (error) {
    // The position is in the message so that a client showing only the message still points at the mistake.
    if (error instanceof PolicyError) throw invalid(field, `${field}: line ${error.line}, column ${error.column}: ${error.code}: ${error.message}`);
    throw invalid(field, `${field}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return source;
}

function createPolicy(context: ExecutionContext, p: PolicyInput, field: string, pending = 0): string {
  const { db, now } = context;
  const policies = db.lookupRecords<PolicyRecord>('policiesByOrg', context.organization.organizationId, C.policies);
  if (policies.length + pending >= POLICIES_MAX) throw exhausted(`an organization holds at most ${POLICIES_MAX} policies (x-limits policies-per-organization)`, field);
  if (policies.some((existing) => existing.policyName === p.policyName)) throw exists(`a policy named ${String(p.policyName)} already exists`, `${field}.policyName`);
  const policyId = uuid();
  db.put(C.policies, policyId, {
    policyId,
    organizationId: context.organization.organizationId,
    policyName: p.policyName,
    effect: p.effect,
    condition: checkExpression(`${field}.condition`, p.condition),
    consensus: checkExpression(`${field}.consensus`, p.consensus),
    notes: p.notes ?? '',
    createdAtMs: now,
    updatedAtMs: now,
  } satisfies PolicyRecord);
  return policyId;
}

export const POLICY_SUBMISSIONS = {
  create_policy: {
    execute: (context, p) => ({ policyId: createPolicy(context, p, 'parameters') }),
  },
  create_policies: {
    execute(context, p) {
      const policies = p.policies;
      const names = new Set<string>();
      policies.forEach((policy, i) => {
        if (names.has(policy.policyName)) throw exists(`two policies are named ${String(policy.policyName)}`, `parameters.policies[${i}].policyName`);
        names.add(policy.policyName);
      });
      return { policyIds: policies.map((policy, i) => createPolicy(context, policy, `parameters.policies[${i}]`)) };
    },
  },
  update_policy: {
    execute(context, p) {
      const id = p.policyId;
      const policy = context.db.get<PolicyRecord>(C.policies, id);
      if (!policy || policy.organizationId !== context.organization.organizationId) throw notFound(`policy ${id} not found`, 'parameters.policyId');
      if (p.policyName !== undefined && p.policyName !== policy.policyName) {
        const clash = context.db.lookupRecords<PolicyRecord>('policiesByOrg', context.organization.organizationId, C.policies).some((other) => other.policyName === p.policyName);
        if (clash) throw exists(`a policy named ${String(p.policyName)} already exists`, 'parameters.policyName');
      }
      context.db.put(C.policies, id, {
        ...policy,
        ...(p.policyName !== undefined ? { policyName: p.policyName } : {}),
        ...(p.policyEffect !== undefined ? { effect: p.policyEffect } : {}),
        ...(p.policyCondition !== undefined ? { condition: checkExpression('parameters.policyCondition', p.policyCondition) } : {}),
        ...(p.policyConsensus !== undefined ? { consensus: checkExpression('parameters.policyConsensus', p.policyConsensus) } : {}),
        ...(p.policyNotes !== undefined ? { notes: p.policyNotes } : {}),
        updatedAtMs: context.now,
      });
      return { policyId: id };
    },
  },
  delete_policy: {
    execute(context, p) {
      const id = p.policyId;
      const policy = context.db.get<PolicyRecord>(C.policies, id);
      if (!policy || policy.organizationId !== context.organization.organizationId) throw notFound(`policy ${id} not found`, 'parameters.policyId');
      context.db.delete(C.policies, id);
      return { policyId: id };
    },
  },
} satisfies SubmissionHandlers;
