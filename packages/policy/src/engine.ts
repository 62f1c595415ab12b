import { ROOT_QUORUM_ACTIVITY_TYPES } from './activities.js';
import type { Expr } from './ast.js';
import { check } from './check.js';
import type { Context, ContextInput } from './context.js';
import { normalizeContext } from './context.js';
import { PolicyError } from './errors.js';
import type { PolicyErrorInfo } from './errors.js';
import { evaluateChecked } from './evaluate.js';
import { parse } from './parse.js';

export type Effect = 'EFFECT_ALLOW' | 'EFFECT_DENY';

export interface Policy {
  policyId?: string;
  policyName: string;
  effect: Effect;
  /** When the policy applies. Absent or empty: always. */
  condition?: string;
  /** Which approvals the activity needs. Absent or empty: none. */
  consensus?: string;
  notes?: string;
}

/**
 * The request as the engine sees it: the context fields of CONTEXT_FIELDS (activity, user, wallet,
 * eth, solana, credentials, approvers, …) plus `rootQuorum` for actions the root quorum decides.
 */
export interface PolicyRequest extends ContextInput {
  activity?: { type: string; resource?: string; action?: string };
  rootQuorum?: boolean;
}

export type Outcome = 'ALLOW' | 'DENY' | 'CONSENSUS_NEEDED' | 'ROOT_QUORUM';

export type PolicyStatus =
  /** The condition is false (or the consensus of a deny is not met). */
  | 'NOT_APPLICABLE'
  | 'ALLOWS'
  | 'DENIES'
  /** An allow whose condition holds but whose consensus is not met yet. */
  | 'AWAITING_CONSENSUS'
  /** The condition or consensus could not be evaluated. */
  | 'ERROR'
  /** Not evaluated: the root quorum decides this request. */
  | 'SKIPPED';

export interface PolicyMatch {
  policyId?: string;
  policyName: string;
  effect: Effect;
  status: PolicyStatus;
  /** Condition result; undefined when not evaluated. */
  condition?: boolean;
  /** Consensus result; undefined when not evaluated. */
  consensus?: boolean;
}

export interface PolicyEvaluationError extends PolicyErrorInfo {
  /** Index into the policies array; undefined for a problem with the request itself. */
  policyIndex?: number;
  policyName?: string;
  /** Which expression failed. */
  expression?: 'condition' | 'consensus';
}

export interface Verdict {
  outcome: Outcome;
  /** A sentence naming the policy (or rule) that decided. */
  reason: string;
  matched: PolicyMatch[];
  errors: PolicyEvaluationError[];
}

export function isRootQuorumRequest(request: PolicyRequest): boolean {
  return request.rootQuorum === true || ROOT_QUORUM_ACTIVITY_TYPES.includes(request.activity?.type ?? '');
}

/** Parses and checks one expression; an empty or absent one means "true". */
export function compile(src: string | undefined): Expr | undefined {
  if (src === undefined || src.trim() === '') return undefined;
  const expr = parse(src);
  const problems = check(expr);
  if (problems[0]) throw problems[0];
  return expr;
}

type Compiled = { expr: Expr | undefined } | { error: unknown };
type CompiledExpressions = Record<'condition' | 'consensus', Compiled>;

/** Expressions of the policies returned by compilePolicy; weak, so a dropped policy takes its ASTs with it. */
const compiledPolicies = new WeakMap<Policy, CompiledExpressions>();

function compileOutcome(src: string | undefined): Compiled {
  try {
    return { expr: compile(src) };
  } catch (error) {
    return { error };
  }
}

/**
 * Parses and checks a policy's condition and consensus once, for a caller that evaluates the same policy many
 * times (a server holding stored policies). Returns a frozen copy: evaluatePolicies given that copy uses its
 * parsed expressions instead of parsing again, and the freeze keeps them from going stale. Never throws: a
 * broken expression is reported by evaluatePolicies as usual.
 */
export function compilePolicy(policy: Policy): Readonly<Policy> {
  const copy = Object.freeze({ ...policy });
  compiledPolicies.set(copy, { condition: compileOutcome(copy.condition), consensus: compileOutcome(copy.consensus) });
  return copy;
}

const named = (p: Policy) => `"${p.policyName}"`;

/**
 * The one place where the outcome rules live:
 *  1. Root quorum actions (`rootQuorum: true`, or a type in ROOT_QUORUM_ACTIVITY_TYPES) skip policies → ROOT_QUORUM.
 *  2. Every policy is evaluated. It applies when its condition is true (absent = true).
 *     A deny also needs its consensus (absent = true) to be true to apply.
 *  3. A policy whose condition or consensus fails to parse, check or evaluate is reported in `errors`.
 *     An erroring deny fails closed (counts as an applicable deny); an erroring allow counts as nothing.
 *  4. Any applicable deny → DENY (deny wins over every allow).
 *  5. An applicable allow whose consensus (absent = true) is met → ALLOW.
 *  6. An applicable allow whose consensus is not met yet → CONSENSUS_NEEDED (the activity waits in
 *     ACTIVITY_STATUS_CONSENSUS_NEEDED until more approvals arrive).
 *  7. Otherwise → DENY (implicit deny).
 * An invalid request context denies outright, since no policy can be judged on it.
 */
export function evaluatePolicies(policies: readonly Policy[], request: PolicyRequest): Verdict {
  if (isRootQuorumRequest(request)) {
    const what = request.activity?.type ?? 'This request';
    return {
      outcome: 'ROOT_QUORUM',
      reason: `${what} is decided by the root quorum; policies do not apply.`,
      matched: policies.map((p) => ({ ...identity(p), status: 'SKIPPED' })),
      errors: [],
    };
  }

  let ctx: Context;
  try {
    ctx = normalizeContext(request);
  } catch (e) {
    if (!(e instanceof PolicyError)) throw e;
    return {
      outcome: 'DENY',
      reason: `Denied: the request context is invalid (${e.message}).`,
      matched: policies.map((p) => ({ ...identity(p), status: 'SKIPPED' })),
      errors: [e.toJSON()],
    };
  }

  const errors: PolicyEvaluationError[] = [];
  const matched = policies.map((policy, policyIndex) => judge(policy, policyIndex, ctx, errors));

  const firstWith = (effect: Effect, ...statuses: PolicyStatus[]) =>
    policies.findIndex((p, i) => p.effect === effect && statuses.includes(matched[i]?.status ?? 'NOT_APPLICABLE'));

  const deny = firstWith('EFFECT_DENY', 'DENIES', 'ERROR');
  if (deny >= 0) {
    const p = policies[deny] as Policy;
    const because =
      matched[deny]?.status === 'ERROR'
        ? 'could not be evaluated, so it fails closed'
        : p.condition?.trim()
          ? 'its condition matched'
          : 'it has no condition, so it applies to every request';
    return { outcome: 'DENY', reason: `Denied by policy ${named(p)}: ${because}.`, matched, errors };
  }
  const allow = firstWith('EFFECT_ALLOW', 'ALLOWS');
  if (allow >= 0) {
    const p = policies[allow] as Policy;
    return { outcome: 'ALLOW', reason: `Allowed by policy ${named(p)}.`, matched, errors };
  }
  const waiting = firstWith('EFFECT_ALLOW', 'AWAITING_CONSENSUS');
  if (waiting >= 0) {
    const p = policies[waiting] as Policy;
    return {
      outcome: 'CONSENSUS_NEEDED',
      reason: `Policy ${named(p)} matches but its consensus is not met yet; the activity waits in ACTIVITY_STATUS_CONSENSUS_NEEDED.`,
      matched,
      errors,
    };
  }
  const erroredAllows = policies.filter((p, i) => p.effect === 'EFFECT_ALLOW' && matched[i]?.status === 'ERROR');
  const note = erroredAllows.length
    ? ` (policy ${erroredAllows.map(named).join(', ')} could not be evaluated and counts as neither allow nor deny)`
    : '';
  return {
    outcome: 'DENY',
    reason: policies.length === 0
      ? 'Denied: there are no policies, and nothing is allowed unless a policy allows it.'
      : `Denied: no policy allows this request${note}.`,
    matched,
    errors,
  };
}

function identity(p: Policy): Pick<PolicyMatch, 'policyId' | 'policyName' | 'effect'> {
  return p.policyId === undefined
    ? { policyName: p.policyName, effect: p.effect }
    : { policyId: p.policyId, policyName: p.policyName, effect: p.effect };
}

function judge(policy: Policy, policyIndex: number, ctx: Context, errors: PolicyEvaluationError[]): PolicyMatch {
  const base = identity(policy);
  const report = (e: unknown, expression: 'condition' | 'consensus'): void => {
    if (!(e instanceof PolicyError)) throw e;
    errors.push({ ...e.toJSON(), policyIndex, policyName: policy.policyName, expression });
  };
  // Both expressions are compiled up front so that a broken consensus is reported even when the condition is false.
  const precompiled = compiledPolicies.get(policy);
  const compiled: Partial<Record<'condition' | 'consensus', Expr | undefined>> = {};
  let broken = false;
  for (const expression of ['condition', 'consensus'] as const) {
    const outcome = precompiled?.[expression] ?? compileOutcome(policy[expression]);
    if ('error' in outcome) {
      report(outcome.error, expression);
      broken = true;
    } else {
      compiled[expression] = outcome.expr;
    }
  }
  if (broken) return { ...base, status: 'ERROR' };
  const run = (expression: 'condition' | 'consensus'): boolean | undefined => {
    const expr = compiled[expression];
    try {
      return expr === undefined ? true : evaluateChecked(expr, ctx);
    } catch (e) {
      report(e, expression);
      return undefined;
    }
  };
  const condition = run('condition');
  if (condition === undefined) return { ...base, status: 'ERROR' };
  if (!condition) return { ...base, status: 'NOT_APPLICABLE', condition };
  const consensus = run('consensus');
  if (consensus === undefined) return { ...base, status: 'ERROR', condition };
  if (policy.effect === 'EFFECT_DENY') return { ...base, status: consensus ? 'DENIES' : 'NOT_APPLICABLE', condition, consensus };
  return { ...base, status: consensus ? 'ALLOWS' : 'AWAITING_CONSENSUS', condition, consensus };
}
