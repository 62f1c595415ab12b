// Property tests: generated valid and invalid requests to every operation of the document. Whatever
// the body, stamp, organization or timestamp, the emulator answers: never a 5xx (but the 501 of
// UNIMPLEMENTED) and never a thrown
// exception; every error is a Status with a code of the table (and the table's HTTP status), every
// success matches the operation's response schema. Pathological policy expressions are refused with
// INVALID_ARGUMENT.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { EmulatorResponse } from '../core/types.js';
import { PATHOLOGICAL_CASES, PATHOLOGICAL_EXPRESSIONS, brokenBodyArbitrary, requestArbitrary, type Hints } from './arbitraries.test-util.js';
import {
  DOC_OPERATIONS,
  PLACEHOLDERS,
  createWorld,
  newSigner,
  operationNamed,
  parseAnswer,
  responseErrors,
  statusProblems,
  substitute,
  type DocOperation,
  type Resource,
  type Signer,
  type World,
} from './harness.test-util.js';
import { SETUP } from './setup-table.test-util.js';

const EVERYTHING: Resource[] = [
  'alice', 'bob', 'userTag', 'apiKey', 'authenticator', 'oauthProvider', 'invitation', 'policy', 'activity', 'pendingActivity', 'subOrganization', 'emailAuthFeature',
];
// Bounded so the whole file stays well under a minute on two shared cores.
const VALID_RUNS = 12;
const BROKEN_RUNS = 16;
const POLICY_RUNS = 40;

const EXPRESSIONS = fc.oneof(
  fc.constantFrom('true', 'false', "activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG'", 'approvers.count() >= 1', "user.tags.contains('x')", ''),
  fc.string({ maxLength: 40 }),
);

interface Outcome {
  status: number;
  problems: string[];
}

/** Sends and judges one request: a thrown exception, a 5xx or a malformed answer is a problem. */
async function judge(world: World, operation: DocOperation, body: string, headers: Record<string, string>): Promise<Outcome> {
  let response: EmulatorResponse;
  try {
    response = await world.emulator.handle({ method: 'POST', path: operation.path, headers, body });
  } catch (error) {
    return { status: 0, problems: [`handle threw ${error instanceof Error ? error.stack : String(error)}`] };
  }
  const answer = parseAnswer(response);
  const code = answer.status === 200 ? 'ok' : String((answer.body as { code?: unknown })?.code);
  seen.set(code, (seen.get(code) ?? 0) + 1);
  const problems: string[] = [];
  // 501 is the documented answer of UNIMPLEMENTED (code 12); any other 5xx is a failure of the emulator.
  const unimplemented = answer.status === 501 && (answer.body as { code?: unknown })?.code === 12;
  if (answer.status >= 500 && !unimplemented) problems.push(`HTTP ${answer.status}: ${response.body.slice(0, 400)}`);
  if (answer.status === 200) problems.push(...responseErrors(operation, 200, answer.body));
  else problems.push(...statusProblems(answer.status, answer.body));
  return { status: answer.status, problems };
}

const describeBody = (body: string) => (body.length > 300 ? `${body.slice(0, 200)}… (${body.length} chars)` : body);
/** A body that fast-check prints shortened in a counterexample (some are a megabyte long). */
const printable = (body: string) => ({ body, [fc.toStringMethod]: () => JSON.stringify(describeBody(body)) });

function hintsFor(world: World): Hints {
  return { ids: [...world.ids.values(), world.rootUserId].filter((id) => !id.startsWith('sha256:')), organizationId: world.organizationId, expression: EXPRESSIONS };
}

/** A valid body for the operation: its example after the setup (for part-2 operations, the example as written). */
function baseBody(world: World, operation: DocOperation): Record<string, unknown> {
  const setup = SETUP[operation.name];
  let body = substitute(world, operation.examples[0]!.value);
  if (setup?.adapt) body = substitute(world, setup.adapt.change(body));
  if (operation.kind === 'submission') body.timestampMs = String(Date.now());
  return body;
}

type Stamping = 'root' | 'none' | 'garbage' | 'other body' | 'unknown key' | 'alice' | 'sub-organization root' | 'two headers' | 'session';
const STAMPINGS: Stamping[] = ['root', 'none', 'garbage', 'other body', 'unknown key', 'alice', 'sub-organization root', 'two headers', 'session'];

async function headersFor(world: World, stranger: Signer, stamping: Stamping, body: string): Promise<Record<string, string>> {
  switch (stamping) {
    case 'root':
      return { 'X-Stamp': await world.root.stamp(body) };
    case 'none':
      return {};
    case 'garbage':
      return { 'X-Stamp': 'eyJub3QiOiJhIHN0YW1wIn0' };
    case 'other body':
      return { 'X-Stamp': await world.root.stamp(`${body} `) };
    case 'unknown key':
      return { 'X-Stamp': await stranger.stamp(body) };
    case 'alice':
      return { 'X-Stamp': await world.alice!.stamp(body) };
    case 'sub-organization root':
      return { 'X-Stamp': await world.subOrganizationRoot!.stamp(body) };
    case 'two headers':
      return { 'X-Stamp': await world.root.stamp(body), 'X-Session': 'abc' };
    case 'session':
      return { 'X-Session': 'not-a-session' };
  }
}

const organizationVariants = (world: World) => [world.organizationId, world.ids.get(PLACEHOLDERS.subOrganization)!, PLACEHOLDERS.organization, 'not-a-uuid', 42];
const timestampVariants = () => {
  const now = Date.now();
  return [String(now), String(now - 301_000), String(now + 61_000), '0', '9999999999999999', 'soon', now];
};

/** Answers seen, by code ('ok' for 200): shows that the generated requests reach past the first checks. */
const seen = new Map<string, number>();
const durations: string[] = [];
const fileStarted = performance.now();
afterAll(() => {
  const answers = [...seen].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })).map(([code, n]) => `${code}: ${n}`).join(', ');
  console.log(`property test: ${Math.round(performance.now() - fileStarted)} ms in all; answers by code: ${answers}\n${durations.join('\n')}`);
});

describe('property: generated requests to every operation', () => {
  for (const operation of DOC_OPERATIONS) {
    it(`${operation.name}: never a 5xx or a throw; every answer is documented`, { timeout: 30_000 }, async () => {
      const world = await createWorld(EVERYTHING);
      const stranger = await newSigner();
      try {
        const hints = hintsFor(world);
        // Valid-shaped bodies from the request schema, stamped by the root user with the current time.
        await fc.assert(
          fc.asyncProperty(requestArbitrary(operation.requestSchema, hints), async (generated) => {
            if (operation.kind === 'submission') generated.timestampMs = String(Date.now());
            const body = JSON.stringify(generated);
            const outcome = await judge(world, operation, body, { 'X-Stamp': await world.root.stamp(body) });
            if (outcome.problems.length) throw new Error(`${describeBody(body)}\n${outcome.problems.join('\n')}`);
          }),
          { numRuns: VALID_RUNS, endOnFailure: true },
        );
        // Broken bodies, wrong stamps, wrong organizations, stale or odd timestamps.
        const base = baseBody(world, operation);
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              { arbitrary: brokenBodyArbitrary(base), weight: 3 },
              {
                arbitrary: fc.tuple(fc.constantFrom(...organizationVariants(world)), fc.constantFrom(...timestampVariants())).map(([organizationId, timestampMs]) =>
                  JSON.stringify({ ...base, organizationId, ...(operation.kind === 'submission' ? { timestampMs } : {}) }),
                ),
                weight: 1,
              },
            ).map(printable),
            fc.constantFrom(...STAMPINGS),
            async ({ body }, stamping) => {
              const outcome = await judge(world, operation, body, await headersFor(world, stranger, stamping, body));
              if (outcome.problems.length) throw new Error(`${stamping}: ${describeBody(body)}\n${outcome.problems.join('\n')}`);
            },
          ),
          { numRuns: BROKEN_RUNS, endOnFailure: true },
        );
      } finally {
        await world.close();
      }
    });
  }
});

describe('property: pathological policy expressions', () => {
  it('are refused by create_policy, create_policies and update_policy with INVALID_ARGUMENT', { timeout: 60_000 }, async () => {
    const world = await createWorld(['policy']);
    const policyId = world.ids.get(PLACEHOLDERS.policy)!;
    const started = performance.now();
    let slowest = { label: '', ms: 0 };
    let sent = 0;
    const refuse = async (label: string, expression: string, name: string, inConsensus: boolean) => {
      const operation = operationNamed(name);
      sent += 1;
      const policy = inConsensus
        ? { policyName: `p${sent}`, effect: 'EFFECT_ALLOW', condition: 'true', consensus: expression }
        : { policyName: `p${sent}`, effect: 'EFFECT_ALLOW', condition: expression };
      const parameters =
        name === 'create_policy'
          ? policy
          : name === 'create_policies'
            ? { policies: [policy] }
            : { policyId, ...(inConsensus ? { policyConsensus: expression } : { policyCondition: expression }) };
      const body = JSON.stringify({ type: operation.activityType, timestampMs: String(Date.now()), organizationId: world.organizationId, parameters });
      const before = performance.now();
      const outcome = await judge(world, operation, body, { 'X-Stamp': await world.root.stamp(body) });
      const ms = performance.now() - before;
      if (ms > slowest.ms) slowest = { label: `${label} via ${name}`, ms };
      if (outcome.problems.length || outcome.status !== 400) throw new Error(`${label} via ${name}: HTTP ${outcome.status} ${outcome.problems.join('; ')}`);
    };
    const operations = ['create_policy', 'create_policies', 'update_policy'];
    try {
      for (const { label, expression } of PATHOLOGICAL_CASES) {
        for (const name of operations) for (const inConsensus of [false, true]) await refuse(label, expression, name, inConsensus);
      }
      await fc.assert(
        fc.asyncProperty(PATHOLOGICAL_EXPRESSIONS, fc.constantFrom(...operations), fc.boolean(), ({ label, expression }, name, inConsensus) => refuse(label, expression, name, inConsensus)),
        { numRuns: POLICY_RUNS, endOnFailure: true },
      );
      // Still serving, and no refused policy was stored.
      const list = operationNamed('list_policies');
      const body = JSON.stringify({ organizationId: world.organizationId });
      const answer = parseAnswer(await world.emulator.handle({ method: 'POST', path: list.path, headers: { 'X-Stamp': await world.root.stamp(body) }, body }));
      expect((answer.body as { policies: unknown[] }).policies).toHaveLength(1);
    } finally {
      await world.close();
      durations.push(`  pathological policies: ${sent} requests in ${Math.round(performance.now() - started)} ms; slowest ${Math.round(slowest.ms)} ms (${slowest.label})`);
    }
  });
});
