// Rules the docs' pages state about who may do what and which code a situation answers, run against the core:
// each test here failed before the emulator (or the page) was brought in line with the others.
import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './testing/context.js';

let t: TestContext;
afterEach(async () => t?.close());

async function addUser(userName: string, userTags: string[] = []) {
  const keys = await generateApiKeyPair();
  const activity = await t.root.client.createUsers({
    users: [{ userName, accessType: 'ACCESS_TYPE_API', userTags, authenticators: [], apiKeys: [{ apiKeyName: `${userName} key`, publicKey: keys.publicKey }] }],
  });
  return { userId: activity.result.createUsersResult!.userIds[0]!, publicKey: keys.publicKey, client: t.clientFor(keys) };
}

const rejection = (code: number, message?: RegExp) => expect.objectContaining({ code, ...(message ? { message: expect.stringMatching(message) } : {}) });

describe('get_api_keys and get_oauth_providers without userId', () => {
  it("answer the calling user's own keys and identities, not every user's", async () => {
    t = await createTestContext();
    const other = await addUser('other');
    const { apiKeys } = await t.root.client.getApiKeys({});
    expect(apiKeys.map((k) => k.credential.publicKey)).toEqual([t.root.publicKey]);
    const { apiKeys: theirs } = await other.client.getApiKeys({});
    expect(theirs.map((k) => k.credential.publicKey)).toEqual([other.publicKey]);
    await expect(other.client.getOauthProviders({})).resolves.toEqual({ providers: [] });
  });

  it('ask a caller from a parent organization to name the user', async () => {
    t = await createTestContext();
    const created = await t.root.client.createSubOrganization({
      subOrganizationName: 'end user',
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: 'end user', apiKeys: [], authenticators: [], oauthProviders: [] }],
    });
    const { subOrganizationId } = created.result.createSubOrganizationResultV7!;
    await expect(t.root.client.getApiKeys({ organizationId: subOrganizationId })).rejects.toEqual(
      expect.objectContaining({ code: 3, details: [expect.objectContaining({ field: 'userId' })] }),
    );
  });
});

describe('policy expression errors', () => {
  it('say the line and column where the mistake starts', async () => {
    t = await createTestContext();
    await expect(
      t.root.client.createPolicy({ policyName: 'typo', effect: 'EFFECT_ALLOW', condition: "activity.type == 'ACTIVITY_TYPE_CREATE_WALLET' &&\n  user.nmae == 'bot'" }),
    ).rejects.toEqual(rejection(3, /^parameters\.condition: line 2, column 3: UNKNOWN_FIELD: /));
  });
});

describe('root users stand above policies', () => {
  it('a deny policy does not stop a root user, and a root user without the tag a consensus asks for still votes', async () => {
    t = await createTestContext();
    await t.root.client.createPolicy({ policyName: 'no tags ever', effect: 'EFFECT_DENY', condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG'" });
    await expect(t.root.client.createUserTag({ userTagName: 'ops', userIds: [] })).resolves.toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED' });
    const bot = await addUser('bot');
    const untagged = await addUser('untagged');
    await t.root.client.createPolicy({
      policyName: 'bot needs an ops vote',
      effect: 'EFFECT_ALLOW',
      condition: `user.id == '${bot.userId}' && activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'`,
      consensus: "approvers.any(u, 'ops' in u.tags)",
    });
    const waiting = await bot.client.createPrivateKeyTag({ privateKeyTagName: 'hot', privateKeyIds: [] });
    expect(waiting.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    // A user without the tag is refused with code 7; the root user, who has no tag either, is not.
    await expect(untagged.client.approveActivity({ fingerprint: waiting.fingerprint })).rejects.toEqual(rejection(7));
    await t.root.client.approveActivity({ fingerprint: waiting.fingerprint });
    expect((await bot.client.getActivity({ activityId: waiting.id })).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  });

  it('a root user cannot be deleted while in the root quorum (code 9)', async () => {
    t = await createTestContext();
    await expect(t.root.client.deleteUsers({ userIds: [t.root.userId] })).rejects.toEqual(rejection(9, /update_root_quorum/));
  });
});
