// Only the examples data is imported here, so the static fallback does not pull in the parser.
import {POLICY_EXAMPLES} from '@sigil/policy/examples';
import type {PolicyExample} from '@sigil/policy/examples';

export type PlaygroundEffect = 'EFFECT_ALLOW' | 'EFFECT_DENY';

export interface PolicyPlaygroundProps {
  /** Condition expression to start with. Overrides the example's. */
  initialCondition?: string;
  /** Consensus expression to start with. Overrides the example's. */
  initialConsensus?: string;
  /** Effect to start with (default EFFECT_ALLOW). Overrides the example's. */
  initialEffect?: PlaygroundEffect;
  /** Request context to start with, as plain JSON data. Overrides the example's first case. */
  initialContext?: Record<string, unknown>;
  /** Load a policy and its sample requests from POLICY_EXAMPLES. */
  exampleId?: string;
}

export interface PlaygroundInitial {
  condition: string;
  consensus: string;
  effect: PlaygroundEffect;
  contextText: string;
  example?: PolicyExample;
}

export const DEFAULT_CONDITION = "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION' && eth.tx.value <= 1000000000000000000";

export const DEFAULT_CONTEXT: Record<string, unknown> = {
  activity: {type: 'ACTIVITY_TYPE_SIGN_TRANSACTION'},
  user: {id: 'usr-alice', name: 'alice', tags: ['ops']},
  eth: {tx: {to: '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2', value: '500000000000000000', chain_id: 1, data: '0x'}},
  approvers: [],
};

export function findExample(id: string | undefined): PolicyExample | undefined {
  return id === undefined ? undefined : POLICY_EXAMPLES.find((e) => e.id === id);
}

/** JSON text for the context textarea: two-space indent, bigints as decimal strings (JSON has no bigint). */
export function contextToText(context: unknown): string {
  return JSON.stringify(context, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2);
}

/** Initial editor state from the props: explicit props win, then the example, then defaults. */
export function resolveInitial(props: PolicyPlaygroundProps): PlaygroundInitial {
  const example = findExample(props.exampleId);
  const context = props.initialContext ?? example?.cases[0]?.request ?? DEFAULT_CONTEXT;
  const base: PlaygroundInitial = {
    condition: props.initialCondition ?? example?.policy.condition ?? (example ? '' : DEFAULT_CONDITION),
    consensus: props.initialConsensus ?? example?.policy.consensus ?? '',
    effect: props.initialEffect ?? example?.policy.effect ?? 'EFFECT_ALLOW',
    contextText: contextToText(context),
  };
  return example ? {...base, example} : base;
}

export {POLICY_EXAMPLES};
export type {PolicyExample};
