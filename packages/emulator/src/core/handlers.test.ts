import { ApiKeyStamper, generateApiKeyPair } from '@sigil/api-key-stamper';
import { SigilClient } from '@sigil/http';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from './document.js';
import { createEmulatorWith } from './emulator.js';
import { HANDLERS } from './handlers.js';
import { BASE_URL, emulatorFetch } from './testing/context.js';

// Answered by activities.ts itself: a vote is not carried out by a handler of its own.
const VOTES = new Set(['approve_activity', 'reject_activity']);

describe('the handler registry', () => {
  it('has exactly one handler for each operation of the document, of the operation kind', () => {
    const expected = [...OPERATIONS.values()].filter((o) => !VOTES.has(o.name));
    expect(Object.keys(HANDLERS.queries).sort()).toEqual(expected.filter((o) => o.kind === 'query').map((o) => o.name).sort());
    expect(Object.keys(HANDLERS.submissions).sort()).toEqual(expected.filter((o) => o.kind === 'submission').map((o) => o.name).sort());
  });

  const emulator = createEmulatorWith({ queries: { whoami: HANDLERS.queries.whoami! }, submissions: {} });
  afterAll(() => emulator.close());

  it('is what the pipeline answers with: an operation missing from it answers code 12 naming it', async () => {
    const keys = await generateApiKeyPair();
    const { organizationId, userId } = await emulator.bootstrap({ organizationName: 'Registry', userName: 'root', apiPublicKey: keys.publicKey });
    const client = new SigilClient({
      baseUrl: BASE_URL,
      organizationId,
      stamper: new ApiKeyStamper({ apiPublicKey: keys.publicKey, apiPrivateKey: keys.privateKey }),
      fetch: emulatorFetch(emulator),
    });
    await expect(client.whoami({})).resolves.toMatchObject({ userId });
    await expect(client.listUsers({})).rejects.toMatchObject({ code: 12, message: expect.stringContaining('list_users') });
    await expect(client.createPolicy({ policyName: 'p', effect: 'EFFECT_ALLOW', condition: 'true' })).rejects.toMatchObject({ code: 12 });
  });
});
