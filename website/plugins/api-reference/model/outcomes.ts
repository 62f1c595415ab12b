import type {MediaTypeObject, OpenApiDocument} from '../openapi';
import type {Example, OperationKind} from '../types';
import {firstExample} from './examples';

/** The activity statuses a submission's answer can show, in the order the response panel offers them. */
export const OUTCOMES: readonly [status: string, label: string][] = [
  ['ACTIVITY_STATUS_COMPLETED', 'Completed'],
  ['ACTIVITY_STATUS_PENDING', 'Pending'],
  ['ACTIVITY_STATUS_CONSENSUS_NEEDED', 'Consensus needed'],
  ['ACTIVITY_STATUS_FAILED', 'Failed'],
  ['ACTIVITY_STATUS_REJECTED', 'Rejected'],
];

function statusOf(value: unknown): string | undefined {
  const activity = value && typeof value === 'object' ? (value as {activity?: {status?: unknown}}).activity : undefined;
  return typeof activity?.status === 'string' ? activity.status : undefined;
}

/**
 * The examples of an operation's 200 answer. A query shows its first example; a submission one per
 * outcome the document's examples cover, completed first (the panel's default), one per status.
 */
export function responseExamples(media: MediaTypeObject, doc: OpenApiDocument, kind: OperationKind): Example[] {
  const first = firstExample(media, doc, 'Response');
  if (kind !== 'submission') return [first];
  const named = Object.values(media.examples ?? {}).filter((e) => e.value !== undefined);
  const examples: Example[] = [];
  for (const [status, label] of OUTCOMES) {
    const match = named.find((e) => statusOf(e.value) === status);
    if (match) examples.push({title: match.summary ?? label, json: JSON.stringify(match.value, null, 2), outcome: label});
  }
  return examples.length > 0 ? examples : [first];
}
