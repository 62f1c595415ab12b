// Every code of the document's `x-error-codes` table, provoked through the API the way a client would
// meet it, answered as a Status with the table's HTTP status and a message. The codes the emulator
// cannot produce are listed with the reason, and the list is asserted, so it changes only on purpose.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../core/emulator.js';
import { createRequestListener } from '../node/http-adapter.js';
import type { EmulatorState } from '../core/types.js';
import {
  ERROR_CODES,
  PLACEHOLDERS,
  createWorld,
  doc,
  envelope,
  limitOf,
  newSigner,
  operationNamed,
  parseAnswer,
  send,
  statusProblems,
  submit,
  type Answer,
  type World,
} from './harness.test-util.js';

const worlds: World[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.close()));
});
async function world(...args: Parameters<typeof createWorld>): Promise<World> {
  const created = await createWorld(...args);
  worlds.push(created);
  return created;
}

const tag = (name: string) => ({ userTagName: name, userIds: [] });
const submitAs = async (w: World, name: string, parameters: unknown, signer = w.root) => {
  const operation = operationNamed(name);
  return send(w.emulator, operation, envelope(operation, w.organizationId, parameters), signer);
};

/** For each producible code: a request that provokes it. */
const PROVOKE: Record<number, () => Promise<Answer>> = {
  // INVALID_ARGUMENT: a body that is not JSON.
  3: async () => {
    const w = await world();
    return send(w.emulator, operationNamed('whoami'), '{"organizationId": ', w.root);
  },
  // NOT_FOUND: a user ID that names nobody.
  5: async () => {
    const w = await world();
    return send(w.emulator, operationNamed('get_user'), { organizationId: w.organizationId, userId: PLACEHOLDERS.alice }, w.root);
  },
  // ALREADY_EXISTS: a second user tag with the same name.
  6: async () => {
    const w = await world();
    await submit(w, 'create_user_tag', tag('ops'));
    return submitAs(w, 'create_user_tag', tag('ops'));
  },
  // PERMISSION_DENIED: a user no policy allows (the implicit deny).
  7: async () => {
    const w = await world(['alice']);
    return submitAs(w, 'create_user_tag', tag('ops'), w.alice);
  },
  // RESOURCE_EXHAUSTED: more API keys for one user than x-limits api-keys-per-user allows.
  8: async () => {
    const w = await world(['alice']);
    const keys = await Promise.all(Array.from({ length: limitOf<number>('api-keys-per-user') }, () => newSigner()));
    return submitAs(w, 'create_api_keys', {
      userId: w.ids.get(PLACEHOLDERS.alice),
      apiKeys: keys.map((key, i) => ({ apiKeyName: `key ${i}`, publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' })),
    });
  },
  // FAILED_PRECONDITION: a vote on an activity that already completed.
  9: async () => {
    const w = await world(['alice']);
    const done = await submit(w, 'create_user_tag', tag('ops'));
    return submitAs(w, 'approve_activity', { fingerprint: done.fingerprint }, w.alice);
  },
  // OUT_OF_RANGE: a paging cursor that names no activity.
  11: async () => {
    const w = await world();
    return send(w.emulator, operationNamed('list_activities'), { organizationId: w.organizationId, paginationOptions: { after: PLACEHOLDERS.activity } }, w.root);
  },
  // UNIMPLEMENTED: an address format the emulator does not derive (TON wallet contracts).
  12: async () => {
    const w = await world();
    const operation = operationNamed('create_wallet');
    const ton = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/607'/0'", addressFormat: 'ADDRESS_FORMAT_TON_V4R2' };
    return send(w.emulator, operation, envelope(operation, w.organizationId, { walletName: 'w', accounts: [ton] }), w.root);
  },
  // INTERNAL: a state whose organization record lost its root quorum (as a hand-edited import could):
  // the emulator answers code 13 instead of crashing.
  13: async () => {
    const w = await world();
    const state = structuredClone(w.emulator.exportState()) as EmulatorState;
    for (const [, record] of state.collections.organizations ?? []) delete (record as { rootQuorum?: unknown }).rootQuorum;
    const broken = createEmulator({ state });
    worlds.push({ ...w, emulator: broken, close: () => broken.close() });
    return submitAs({ ...w, emulator: broken }, 'create_user_tag', tag('ops'));
  },
  // UNAVAILABLE: the change cannot be stored (onCommit fails, as a full disk would make the --data store fail).
  14: async () => {
    let failing = false;
    const w = await world([], {
      onCommit: () => {
        if (failing) throw new Error('no space left on device');
      },
    });
    failing = true;
    return submitAs(w, 'create_user_tag', tag('ops'));
  },
  // UNAUTHENTICATED: no stamp.
  16: async () => {
    const w = await world();
    return send(w.emulator, operationNamed('whoami'), { organizationId: w.organizationId }, null);
  },
};

/** The operation each request of PROVOKE calls: the code must be one the document lists for it. */
const PROVOKED_ON: Record<number, string> = {
  3: 'whoami',
  5: 'get_user',
  6: 'create_user_tag',
  7: 'create_user_tag',
  8: 'create_api_keys',
  9: 'approve_activity',
  11: 'list_activities',
  12: 'create_wallet',
  13: 'create_user_tag',
  14: 'create_user_tag',
  16: 'whoami',
};

interface ErrorLists {
  'x-common-errors': { code: number }[];
  paths: Record<string, { post: { 'x-errors': { code: number }[] } }>;
}

/** The codes the document says `name` can answer: every call's, and its own x-errors. */
function listedFor(name: string): number[] {
  const lists = doc as unknown as ErrorLists;
  return [...lists['x-common-errors'], ...lists.paths[operationNamed(name).path]!.post['x-errors']].map((entry) => entry.code);
}

/** Codes the emulator never answers, and why. */
const NOT_PRODUCED: Record<number, string> = {
  1: 'CANCELLED is the server side of a client that closed its connection: the Node adapter drops the answer, since nobody is left to read it (the test below aborts a request through the adapter)',
  2: 'UNKNOWN is for errors that cannot be classified; every emulator failure is classified, and its own bugs answer INTERNAL',
  4: 'DEADLINE_EXCEEDED needs a deadline; activities run synchronously before the answer and the emulator has no deadline option',
  10: 'ABORTED is a conflict between concurrent changes; the emulator applies each request in one synchronous step, so none can conflict',
  15: 'DATA_LOSS would answer requests over corrupt storage; the --data store refuses to start on a corrupt log or snapshot instead',
};

describe('error codes: every code of x-error-codes', () => {
  it('names the operation of each provocation', () => {
    expect(Object.keys(PROVOKED_ON)).toEqual(Object.keys(PROVOKE));
  });

  it('is either provoked below or listed as not produced, with a reason', () => {
    const codes = ERROR_CODES.map((entry) => entry.code).sort((a, b) => a - b);
    expect([...Object.keys(PROVOKE), ...Object.keys(NOT_PRODUCED)].map(Number).sort((a, b) => a - b)).toEqual(codes);
    expect(Object.keys(NOT_PRODUCED).map(Number)).toEqual([1, 2, 4, 10, 15]);
  });

  for (const entry of ERROR_CODES.filter((candidate) => candidate.code in PROVOKE)) {
    it(`${entry.code} ${entry.name}: answered with HTTP ${entry.httpStatus} and a message`, async () => {
      const answer = await PROVOKE[entry.code]!();
      expect(answer.body).toMatchObject({ code: entry.code });
      expect(answer.status).toBe(entry.httpStatus);
      expect(statusProblems(answer.status, answer.body)).toEqual([]);
      // The document lists the code for the operation that answered it (x-common-errors or its x-errors).
      expect(listedFor(PROVOKED_ON[entry.code]!), PROVOKED_ON[entry.code]).toContain(entry.code);
    });
  }
});

describe('CANCELLED: a client that goes away', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('leaves the Node adapter answering the next request (the aborted one gets no answer to read)', async () => {
    const w = await world();
    server = createServer(createRequestListener(w.emulator));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const body = JSON.stringify({ organizationId: w.organizationId });
    const stamp = await w.root.stamp(body);

    // Half a body, then the socket closes.
    await new Promise<void>((resolve) => {
      const aborted = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/public/v1/query/whoami', headers: { 'content-length': body.length, 'x-stamp': stamp } });
      aborted.on('error', () => resolve());
      aborted.write(body.slice(0, 10), () => {
        aborted.destroy();
        resolve();
      });
    });
    // A complete request, then the socket closes before the answer is read.
    await new Promise<void>((resolve) => {
      const early = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/public/v1/query/whoami', headers: { 'x-stamp': stamp } });
      early.on('error', () => resolve());
      early.end(body, () => {
        early.destroy();
        resolve();
      });
    });

    const response = await fetch(`http://127.0.0.1:${port}/public/v1/query/whoami`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-stamp': stamp }, body });
    const answer = parseAnswer({ status: response.status, headers: {}, body: await response.text() });
    expect(answer).toMatchObject({ status: 200, body: { organizationId: w.organizationId, userId: w.rootUserId } });
  });
});
