// The API document shows each submission's answer in every outcome (completed, pending, consensus needed,
// failed; packages/api-spec/scripts/generate-outcome-examples.mjs). Here the emulator is brought into each
// situation for a few activity types, and its answer must have the shape of the document's example for
// that outcome: the same fields with the same kinds of values, the same empty result and votes, and for a
// failure the very code, message and details.
import { afterEach, describe, expect, it } from 'vitest';
import { PLACEHOLDERS, createWorld, doc, envelope, operationNamed, send, submit, substitute, type Answer, type Resource, type World } from './harness.test-util.js';

interface ResponseExamples {
  paths: Record<string, { post: { responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }> } }>;
}

type Activity = Record<string, unknown> & { status: string; id: string; fingerprint: string; failure?: unknown };

const worlds: World[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.close()));
});
async function world(needs: Resource[], options: Parameters<typeof createWorld>[1] = {}): Promise<World> {
  const created = await createWorld(needs, options);
  worlds.push(created);
  return created;
}

/** The document's example of `name`'s answer in `status`. */
function documented(name: string, status: string): Activity {
  const operation = operationNamed(name);
  const examples = (doc as unknown as ResponseExamples).paths[operation.path]!.post.responses['200']!.content!['application/json']!.examples!;
  const found = Object.values(examples)
    .map((example) => (example.value as { activity: Activity }).activity)
    .find((activity) => activity.status === status);
  if (!found) throw new Error(`${name} has no example in ${status}`);
  return found;
}

/**
 * The shape of a value: object keys (sorted) with their shapes, an array's first item, a primitive's type.
 * Enough to tell a missing `failure` or a filled `result` apart, not so strict that IDs must match.
 */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shape((value as Record<string, unknown>)[key])]),
    );
  }
  return value === null ? 'null' : typeof value;
}

const activityOf = (answer: Answer): Activity => {
  const activity = (answer.body as { activity?: Activity }).activity;
  if (answer.status !== 200 || !activity) throw new Error(`answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return activity;
};

/** The parameters of the document's request example, with the world's IDs. */
function exampleParameters(w: World, name: string): unknown {
  return substitute(w, (operationNamed(name).examples[0]!.value as { parameters: unknown }).parameters);
}

async function submitAs(w: World, name: string, signer = w.root): Promise<Activity> {
  const operation = operationNamed(name);
  return activityOf(await send(w.emulator, operation, envelope(operation, w.organizationId, exampleParameters(w, name)), signer));
}

async function read(w: World, activityId: string): Promise<Activity> {
  return activityOf(await send(w.emulator, operationNamed('get_activity'), { organizationId: w.organizationId, activityId }, w.root));
}

/** A world where Alice's submissions wait for one approval (as the root user's do not). */
async function worldWhereAliceWaits(needs: Resource[]): Promise<World> {
  const w = await world(['alice', ...needs]);
  const aliceId = w.ids.get(PLACEHOLDERS.alice)!;
  await submit(w, 'create_policy', { policyName: 'alice needs one approval', effect: 'EFFECT_ALLOW', condition: `user.id == '${aliceId}'`, consensus: 'approvers.count() >= 1' });
  return w;
}

/** Submissions whose request example runs in a world holding `needs`, one per area of the reference. */
const TYPES: [name: string, needs: Resource[]][] = [
  ['create_wallet', []],
  ['create_user_tag', ['alice']],
  ['create_private_keys', []],
];

describe('outcome examples: the document’s pending, consensus-needed and failed activities are what the emulator answers', () => {
  it('tells shapes apart (a completed activity is not shaped like a failed one)', () => {
    expect(shape(documented('create_wallet', 'ACTIVITY_STATUS_COMPLETED'))).not.toEqual(shape(documented('create_wallet', 'ACTIVITY_STATUS_FAILED')));
  });

  for (const [name, needs] of TYPES) {
    it(`${name}: completed, as the root user submits it`, async () => {
      const w = await world(needs);
      const activity = await submitAs(w, name);
      expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
      expect(shape(activity)).toEqual(shape(documented(name, 'ACTIVITY_STATUS_COMPLETED')));
    });

    it(`${name}: pending, while the emulator defers carrying it out (pendingPolls)`, async () => {
      // No setup: it would be deferred too. A deferred activity is decided now and its parameters checked when it runs.
      const deferred = await world([], { pendingPolls: 1 });
      const activity = await submitAs(deferred, name);
      expect(activity.status).toBe('ACTIVITY_STATUS_PENDING');
      expect(shape(activity)).toEqual(shape(documented(name, 'ACTIVITY_STATUS_PENDING')));
      expect(activity.result).toEqual({});
    });

    it(`${name}: consensus needed, when a policy asks for an approval`, async () => {
      const w = await worldWhereAliceWaits(needs);
      const activity = await submitAs(w, name, w.alice);
      expect(activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
      expect(shape(activity)).toEqual(shape(documented(name, 'ACTIVITY_STATUS_CONSENSUS_NEEDED')));
      expect([activity.canApprove, activity.canReject]).toEqual([false, false]);
    });

    it(`${name}: failed, when it is approved after its submitter was deleted`, async () => {
      const w = await worldWhereAliceWaits(needs);
      const waiting = await submitAs(w, name, w.alice);
      await submit(w, 'delete_users', { userIds: [w.ids.get(PLACEHOLDERS.alice)!] });
      await submit(w, 'approve_activity', { fingerprint: waiting.fingerprint });
      const failed = await read(w, waiting.id);
      const example = documented(name, 'ACTIVITY_STATUS_FAILED');
      expect(failed.status).toBe('ACTIVITY_STATUS_FAILED');
      expect(failed.failure).toEqual(example.failure);
      // The emulator keeps the approval it received; the document's example shows the activity as its submitter last saw it.
      expect(shape({ ...failed, votes: [] })).toEqual(shape(example));
    });
  }
});
