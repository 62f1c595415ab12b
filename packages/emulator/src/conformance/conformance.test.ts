// The conformance harness: every request example of the API document is sent to the emulator after
// the setup it needs, and the answer is validated against the operation's response schema for the
// status it came with. Each operation ends conformant or in the explicit list of part-2 operations,
// which answer UNIMPLEMENTED naming themselves.
import { afterAll, describe, expect, it } from 'vitest';
import {
  DOC_OPERATIONS,
  KNOWN_FORMATS,
  createWorld,
  formatsUsed,
  leftoverPlaceholders,
  operationNamed,
  responseErrors,
  send,
  statusProblems,
  substitute,
  type DocOperation,
  type World,
} from './harness.test-util.js';
import { SETUP, UNIMPLEMENTED } from './setup-table.test-util.js';

type Outcome = { kind: 'conformant'; adapted?: string } | { kind: 'unimplemented' } | { kind: 'failed'; why: string };
const outcomes = new Map<string, Outcome>();

/** The example body ready to send: placeholders replaced, the time now (the examples are dated 2026-01-01). */
function prepare(world: World, operation: DocOperation, example: Record<string, unknown>): Record<string, unknown> {
  const body = substitute(world, example);
  if (operation.kind === 'submission') body.timestampMs = String(Date.now());
  return body;
}

async function runExample(operation: DocOperation, example: Record<string, unknown>): Promise<Outcome> {
  const setup = SETUP[operation.name];
  if (!setup) {
    // A part-2 operation: it must refuse with code 12 and say which operation it is.
    const world = await createWorld();
    try {
      const answer = await send(world.emulator, operation, prepare(world, operation, example), world.root);
      const problems = [...statusProblems(answer.status, answer.body), ...responseErrors(operation, answer.status, answer.body)];
      const status = answer.body as { code?: number; message?: string };
      if (status?.code !== 12) problems.push(`answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)} instead of code 12`);
      else if (!status.message?.includes(operation.name)) problems.push(`the UNIMPLEMENTED message does not name ${operation.name}: ${status.message}`);
      return problems.length ? { kind: 'failed', why: problems.join('; ') } : { kind: 'unimplemented' };
    } finally {
      await world.close();
    }
  }

  const world = await createWorld(setup.needs);
  try {
    const signer = setup.signer === 'subOrganizationRoot' ? world.subOrganizationRoot! : setup.signer === 'recoveryCredential' ? world.recovery! : world.root;
    let body = prepare(world, operation, example);
    const leftovers = leftoverPlaceholders(setup.adapt ? setup.adapt.change(body) : body);
    if (leftovers.length) return { kind: 'failed', why: `the setup table creates no record for ${leftovers.join(', ')}` };
    if (setup.adapt) {
      // The example as written still answers what the adaptation says, or the adaptation is stale.
      const unchanged = await send(world.emulator, operation, body, signer);
      const status = unchanged.body as { code?: number; message?: string };
      if (status?.code !== setup.adapt.unchanged.code || !status.message?.includes(setup.adapt.unchanged.messageIncludes)) {
        return { kind: 'failed', why: `the unadapted example answered ${unchanged.status} ${JSON.stringify(unchanged.body)}, not code ${setup.adapt.unchanged.code}: remove or update its adaptation` };
      }
      const problems = statusProblems(unchanged.status, unchanged.body);
      if (problems.length) return { kind: 'failed', why: `unadapted example: ${problems.join('; ')}` };
      body = prepare(world, operation, setup.adapt.change(example));
    }
    const answer = await send(world.emulator, operation, body, signer);
    if (answer.status !== 200) return { kind: 'failed', why: `answered ${answer.status} ${JSON.stringify(answer.body)}` };
    const errors = responseErrors(operation, answer.status, answer.body);
    if (errors.length) return { kind: 'failed', why: `response breaks its schema: ${errors.join('; ')}` };
    if (operation.kind === 'submission') {
      const activity = (answer.body as { activity: { status: string; type: string; result: Record<string, unknown> } }).activity;
      if (activity.status !== 'ACTIVITY_STATUS_COMPLETED') return { kind: 'failed', why: `activity ended ${activity.status}` };
      if (activity.type !== operation.activityType) return { kind: 'failed', why: `activity type ${activity.type}, document says ${operation.activityType}` };
      if (!operation.resultKey || !(operation.resultKey in activity.result)) return { kind: 'failed', why: `activity.result lacks ${operation.resultKey}: ${JSON.stringify(activity.result)}` };
    }
    setup.check?.(answer.body as Record<string, unknown>, world.ids);
    return { kind: 'conformant', ...(setup.adapt ? { adapted: setup.adapt.why } : {}) };
  } finally {
    await world.close();
  }
}

describe('conformance: every request example of the API document', () => {
  it('uses only formats the harness validates', () => {
    expect([...formatsUsed()].filter((format) => !(format in KNOWN_FORMATS))).toEqual([]);
  });

  it('refuses broken answers, so that a pass means something', () => {
    const whoami = operationNamed('whoami');
    expect(responseErrors(whoami, 200, { organizationId: 'not-a-uuid', organizationName: 'o', userId: 'u' })).not.toEqual([]);
    expect(statusProblems(400, { code: 5, message: 'missing', details: [] })).toEqual(['code 5 answered with HTTP 400, x-error-codes says 404']);
    expect(statusProblems(404, { code: 5, message: ' ', details: [] })).toEqual(['empty message']);
    expect(statusProblems(404, { code: 5, message: 'missing', details: [] })).toEqual([]);
  });

  it('has a setup for every operation that is not in the unimplemented list, and no other', () => {
    const names = DOC_OPERATIONS.map((operation) => operation.name).sort();
    expect(names).toHaveLength(75);
    expect([...Object.keys(SETUP), ...UNIMPLEMENTED].sort()).toEqual(names);
  });

  for (const operation of DOC_OPERATIONS) {
    it(`${operation.name}: its example answers as the document says`, async () => {
      expect(operation.examples.length).toBeGreaterThan(0);
      let outcome: Outcome = { kind: 'failed', why: 'no example' };
      for (const example of operation.examples) {
        outcome = await runExample(operation, example.value).catch((error: unknown) => ({ kind: 'failed' as const, why: `threw: ${error instanceof Error ? error.stack : String(error)}` }));
        if (outcome.kind === 'failed') break;
      }
      outcomes.set(operation.name, outcome);
      expect(outcome.kind === 'failed' ? outcome.why : outcome.kind).toBe(SETUP[operation.name] ? 'conformant' : 'unimplemented');
    });
  }

  it('classifies every operation: conformant, or UNIMPLEMENTED and listed (the list shrinks only on purpose)', () => {
    const conformant = DOC_OPERATIONS.filter((operation) => outcomes.get(operation.name)?.kind === 'conformant').map((operation) => operation.name);
    const unimplemented = DOC_OPERATIONS.filter((operation) => outcomes.get(operation.name)?.kind === 'unimplemented').map((operation) => operation.name);
    expect(unimplemented.sort()).toEqual([...UNIMPLEMENTED].sort());
    expect(conformant.length + unimplemented.length).toBe(DOC_OPERATIONS.length);
  });

  afterAll(() => {
    const rows = DOC_OPERATIONS.map((operation) => {
      const outcome = outcomes.get(operation.name);
      const label = !outcome ? 'not run' : outcome.kind === 'failed' ? `FAILED: ${outcome.why.slice(0, 160)}` : outcome.kind;
      const note = outcome?.kind === 'conformant' && outcome.adapted ? ` (adapted: ${outcome.adapted})` : '';
      return `  ${operation.name.padEnd(28)} ${label}${note}`;
    });
    const count = (kind: Outcome['kind']) => [...outcomes.values()].filter((outcome) => outcome.kind === kind).length;
    const unimplemented = [...outcomes].filter(([, outcome]) => outcome.kind === 'unimplemented').map(([name]) => name);
    console.log(
      [
        `conformance summary: conformant ${count('conformant')}, unimplemented ${count('unimplemented')}, failed ${count('failed')} (of ${DOC_OPERATIONS.length})`,
        ...rows,
        `unimplemented: ${unimplemented.join(', ')}`,
      ].join('\n'),
    );
  });
});
