import { describe, expect, it } from 'vitest';
import { createTestContext } from './testing/context.js';

describe('smoke', () => {
  it('whoami and create_users through the SDK client', async () => {
    const t = await createTestContext();
    const who = await t.root.client.whoami({});
    expect(who.userId).toBe(t.root.userId);
    const activity = await t.root.client.createUsers({
      users: [{ userName: 'alice', accessType: 'ACCESS_TYPE_API', apiKeys: [], authenticators: [], userTags: [] }],
    });
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const users = await t.root.client.listUsers({});
    expect(users.users.map((u) => u.userName).sort()).toEqual(['alice', 'root']);
    await t.close();
  });
});
