// Each operation of the API document lists the errors it answers beyond those every call answers
// (`x-errors`, and the root `x-common-errors`). For a sample of operations, every listed error is
// provoked here through the API, the way a client would meet it; the emulator is the arbiter.
// error-codes.test.ts checks the other direction: each code it provokes is listed for the operation.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../core/emulator.js';
import type { EmulatorState } from '../core/types.js';
import { PLACEHOLDERS, createWorld, doc, envelope, limitOf, newSigner, operationNamed, send, submit, type Answer, type Resource, type World } from './harness.test-util.js';

interface ErrorsDocument {
  paths: Record<string, { post: { 'x-errors': { code: number; when: string }[] } }>;
}

const worlds: World[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.close()));
});
async function world(needs: Resource[] = []): Promise<World> {
  const created = await createWorld(needs);
  worlds.push(created);
  return created;
}

/** The codes the document lists for `name` (x-errors). */
function listedCodes(name: string): number[] {
  return (doc as unknown as ErrorsDocument).paths[operationNamed(name).path]!.post['x-errors'].map((entry) => entry.code);
}

const call = (w: World, name: string, parameters: unknown, signer = w.root): Promise<Answer> => {
  const operation = operationNamed(name);
  const body = operation.kind === 'submission' ? envelope(operation, w.organizationId, parameters) : { organizationId: w.organizationId, ...(parameters as object) };
  return send(w.emulator, operation, body, signer);
};
const tag = (name: string, userIds: string[] = []) => ({ userTagName: name, userIds });
const UNKNOWN_ID = '0f0e0d0c-0b0a-4908-8706-050403020100';

/** A world where Alice's new user tag waits for the consensus `consensus`, and Bob, another user, has a key. */
async function aliceWaits(consensus: string | ((rootUserId: string) => string)) {
  const w = await world(['alice']);
  const bob = await newSigner();
  await submit(w, 'create_users', {
    users: [{ userName: 'Bob', accessType: 'ACCESS_TYPE_API', apiKeys: [{ apiKeyName: 'bob', publicKey: bob.publicKey }], authenticators: [], userTags: [] }],
  });
  const condition = `user.id == '${w.ids.get(PLACEHOLDERS.alice)!}'`;
  await submit(w, 'create_policy', { policyName: 'alice waits', effect: 'EFFECT_ALLOW', condition, consensus: typeof consensus === 'string' ? consensus : consensus(w.rootUserId) });
  const waiting = await submit(w, 'create_user_tag', tag('waiting'), w.alice, w.organizationId, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
  return { w, bob, waiting };
}

/** For each sampled operation, a request per listed code that provokes it. */
const PROVOKE: Record<string, Record<number, () => Promise<Answer>>> = {
  get_user: {
    5: async () => call(await world(), 'get_user', { userId: UNKNOWN_ID }),
  },
  list_activities: {
    11: async () => call(await world(), 'list_activities', { paginationOptions: { after: UNKNOWN_ID } }),
  },
  create_user_tag: {
    5: async () => call(await world(), 'create_user_tag', tag('ops', [UNKNOWN_ID])),
    6: async () => {
      const w = await world();
      await submit(w, 'create_user_tag', tag('ops'));
      return call(w, 'create_user_tag', tag('ops'));
    },
    7: async () => {
      const w = await world(['alice']);
      return call(w, 'create_user_tag', tag('ops'), w.alice);
    },
    8: async () => {
      const w = await world();
      for (let i = 0; i < limitOf<number>('tags-per-organization'); i++) await submit(w, 'create_user_tag', tag(`tag ${i}`));
      return call(w, 'create_user_tag', tag('one too many'));
    },
  },
  approve_activity: {
    5: async () => call(await world(), 'approve_activity', { fingerprint: `sha256:${'0'.repeat(64)}` }),
    6: async () => {
      // Alice's tag waits for two approvals; Bob, whom the consensus counts, votes twice.
      const { w, bob, waiting } = await aliceWaits('approvers.count() >= 2');
      await submit(w, 'approve_activity', { fingerprint: waiting.fingerprint }, bob);
      return call(w, 'approve_activity', { fingerprint: waiting.fingerprint }, bob);
    },
    7: async () => {
      // Only the root user's approval counts; Bob is not root.
      const { w, bob, waiting } = await aliceWaits((root) => `approvers.any(u, u.id == '${root}')`);
      return call(w, 'approve_activity', { fingerprint: waiting.fingerprint }, bob);
    },
    9: async () => {
      const w = await world(['alice']);
      const done = await submit(w, 'create_user_tag', tag('ops'));
      return call(w, 'approve_activity', { fingerprint: done.fingerprint }, w.alice);
    },
  },
  create_wallet: {
    6: async () => {
      const w = await world();
      await submit(w, 'create_wallet', { walletName: 'Main', accounts: [] });
      return call(w, 'create_wallet', { walletName: 'Main', accounts: [] });
    },
    7: async () => {
      const w = await world(['alice']);
      return call(w, 'create_wallet', { walletName: 'Main', accounts: [] }, w.alice);
    },
    8: async () => {
      // A thousand wallets through the API would take a minute (each one makes a seed): copy one in the state instead.
      const w = await world();
      await submit(w, 'create_wallet', { walletName: 'w0', accounts: [] });
      const state = structuredClone(w.emulator.exportState()) as EmulatorState;
      const wallets = state.collections.wallets!;
      const [, record] = wallets[0]!;
      for (let i = 1; i < limitOf<number>('wallets-per-organization'); i++) {
        const walletId = randomUUID();
        wallets.push([walletId, { ...(record as object), walletId, walletName: `w${i}` }]);
      }
      const full = createEmulator({ state });
      worlds.push({ ...w, emulator: full, close: () => full.close() });
      return call({ ...w, emulator: full }, 'create_wallet', { walletName: 'one too many', accounts: [] });
    },
    12: async () => {
      const ton = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/607'/0'", addressFormat: 'ADDRESS_FORMAT_TON_V4R2' };
      return call(await world(), 'create_wallet', { walletName: 'w', accounts: [ton] });
    },
  },
  delete_users: {
    5: async () => call(await world(), 'delete_users', { userIds: [UNKNOWN_ID] }),
    7: async () => {
      const w = await world(['alice', 'bob']);
      return call(w, 'delete_users', { userIds: [w.ids.get(PLACEHOLDERS.bob)!] }, w.alice);
    },
    9: async () => {
      const w = await world();
      return call(w, 'delete_users', { userIds: [w.rootUserId] });
    },
  },
};

describe('errors per operation: every code an operation lists, provoked against the emulator', () => {
  for (const [name, byCode] of Object.entries(PROVOKE)) {
    it(`${name}: provokes each code of its x-errors, no more`, () => {
      expect(Object.keys(byCode).map(Number)).toEqual(listedCodes(name));
    });
    for (const [code, provoke] of Object.entries(byCode)) {
      it(`${name}: answers code ${code} as its x-errors says`, async () => {
        const answer = await provoke();
        expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: Number(code) });
      }, 60_000);
    }
  }
});
