// One request example of the API document run against an emulator after the setup it needs, the
// answer validated against the operation's response schema. Shared by the Node conformance test and
// the docs site's end-to-end test, which runs the same examples through the sandbox worker.
import {
  createWorld,
  leftoverPlaceholders,
  responseErrors,
  send,
  statusProblems,
  substitute,
  type DocOperation,
  type Resource,
  type World,
  type WorldEmulator,
} from './harness.test-util.js';
import { SETUP } from './setup-table.test-util.js';

export type Outcome = { kind: 'conformant'; adapted?: string } | { kind: 'unimplemented' } | { kind: 'failed'; why: string };

/** Makes a fresh world holding `needs`: a new emulator in Node, a reset sandbox in the browser. */
export type NewWorld = (needs: readonly Resource[]) => Promise<World<WorldEmulator>>;

/** The example body ready to send: placeholders replaced, the time now (the examples are dated 2026-01-01). */
export function prepare(world: World<WorldEmulator>, operation: DocOperation, example: Record<string, unknown>): Record<string, unknown> {
  const body = substitute(world, example);
  if (operation.kind === 'submission') body.timestampMs = String(Date.now());
  return body;
}

export async function runExample(operation: DocOperation, example: Record<string, unknown>, newWorld: NewWorld = (needs) => createWorld(needs)): Promise<Outcome> {
  const setup = SETUP[operation.name];
  if (!setup) {
    // A part-2 operation: it must refuse with code 12 and say which operation it is.
    const world = await newWorld([]);
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

  const world = await newWorld(setup.needs);
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

/** Every example of `operation` in turn, each in a fresh world; the first failure, or the last outcome. */
export async function runOperation(operation: DocOperation, newWorld?: NewWorld): Promise<Outcome> {
  let outcome: Outcome = { kind: 'failed', why: 'no example' };
  for (const example of operation.examples) {
    outcome = await runExample(operation, example.value, newWorld).catch((error: unknown) => ({ kind: 'failed' as const, why: `threw: ${error instanceof Error ? error.stack : String(error)}` }));
    if (outcome.kind === 'failed') break;
  }
  return outcome;
}
