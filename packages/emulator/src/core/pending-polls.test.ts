// The pendingPolls option: a new activity waits in ACTIVITY_STATUS_PENDING for N get_activity reads, so
// clients that poll (waitForActivity in @sigil/http) can be tested against the emulator.
import { waitForActivity } from '@sigil/http';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from './emulator.js';
import { createTestContext, type TestContext } from './testing/context.js';

let t: TestContext;
afterEach(async () => t?.close());

describe('pendingPolls', () => {
  it('answers PENDING for N reads, then runs the activity on the next one', async () => {
    t = await createTestContext({ pendingPolls: 2 });
    const submitted = await t.root.client.createUserTag({ userTagName: 'ops', userIds: [] });
    expect(submitted.status).toBe('ACTIVITY_STATUS_PENDING');
    expect(submitted.result).toEqual({});
    const statuses: string[] = [];
    for (let read = 0; read < 3; read++) {
      const { activity } = await t.root.client.getActivity({ activityId: submitted.id });
      statuses.push(activity.status);
      if (read < 2) expect((await t.root.client.listUserTags({})).userTags).toEqual([]);
    }
    expect(statuses).toEqual(['ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_COMPLETED']);
    const { activity } = await t.root.client.getActivity({ activityId: submitted.id });
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect(activity.fingerprint).toBe(submitted.fingerprint);
    const tags = (await t.root.client.listUserTags({})).userTags;
    expect(tags.map((tag) => [tag.tagId, tag.tagName])).toEqual([[activity.result.createUserTagResult!.userTagId, 'ops']]);
  });

  it('lets waitForActivity poll an activity to COMPLETED', async () => {
    t = await createTestContext({ pendingPolls: 3 });
    const submitted = await t.root.client.createUserTag({ userTagName: 'ops', userIds: [] });
    const { outcome, activity } = await waitForActivity(t.root.client, submitted, { initialDelayMs: 1, factor: 1 });
    expect(outcome).toBe('COMPLETED');
    expect(activity.result.createUserTagResult?.userTagId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('fails an activity that can no longer be carried out when it runs', async () => {
    t = await createTestContext({ pendingPolls: 1 });
    const first = await t.root.client.createUserTag({ userTagName: 'ops', userIds: [] });
    const second = await t.root.client.createUserTag({ userTagName: 'ops', userIds: [] });
    expect([first.status, second.status]).toEqual(['ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_PENDING']);
    const [a, b] = await Promise.all([waitForActivity(t.root.client, first, { initialDelayMs: 1 }), waitForActivity(t.root.client, second, { initialDelayMs: 1 })]);
    const outcomes = [a, b].map((r) => r.outcome).sort();
    expect(outcomes).toEqual(['COMPLETED', 'FAILED']);
    const failed = [a, b].find((r) => r.outcome === 'FAILED')!.activity;
    expect(failed.failure).toMatchObject({ code: 6, message: expect.stringContaining('ops') });
    expect((await t.root.client.listUserTags({})).userTags).toHaveLength(1);
  });

  it('is off by default and refuses a count that is not a whole number', async () => {
    t = await createTestContext();
    expect((await t.root.client.createUserTag({ userTagName: 'ops', userIds: [] })).status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect(() => createEmulator({ pendingPolls: -1 })).toThrow(/pendingPolls must be a whole number/);
    expect(() => createEmulator({ pendingPolls: 1.5 })).toThrow(/pendingPolls must be a whole number/);
  });
});
