// The emulator keeps each stored policy's parsed expressions in memory; an updated or deleted policy must
// never be judged by its old expressions.
import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './testing/context.js';

let t: TestContext;
afterEach(async () => t?.close());

describe('parsed policies', () => {
  it('follow update_policy and delete_policy', async () => {
    t = await createTestContext();
    const keys = await generateApiKeyPair();
    const created = await t.root.client.createUsers({
      users: [{ userName: 'bot', accessType: 'ACCESS_TYPE_API', userTags: [], authenticators: [], apiKeys: [{ apiKeyName: 'bot key', publicKey: keys.publicKey }] }],
    });
    const botId = created.result.createUsersResult!.userIds[0]!;
    const bot = t.clientFor(keys);
    const policy = await t.root.client.createPolicy({ policyName: 'bot tags', effect: 'EFFECT_ALLOW', condition: `user.id == '${botId}'` });
    const policyId = policy.result.createPolicyResult!.policyId;

    expect((await bot.createUserTag({ userTagName: 'one', userIds: [] })).status).toBe('ACTIVITY_STATUS_COMPLETED');
    await t.root.client.updatePolicy({ policyId, policyCondition: `user.id == 'someone else'` });
    await expect(bot.createUserTag({ userTagName: 'two', userIds: [] })).rejects.toMatchObject({ code: 7 });
    await t.root.client.updatePolicy({ policyId, policyCondition: `user.id == '${botId}'` });
    expect((await bot.createUserTag({ userTagName: 'three', userIds: [] })).status).toBe('ACTIVITY_STATUS_COMPLETED');
    await t.root.client.deletePolicy({ policyId });
    await expect(bot.createUserTag({ userTagName: 'four', userIds: [] })).rejects.toMatchObject({ code: 7 });
  });
});
