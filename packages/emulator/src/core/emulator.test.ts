import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATIONS } from './document.js';
import { createEmulator } from './emulator.js';
import { fingerprintOf } from './activities.js';
import { createTestContext, type TestContext } from './testing/context.js';

let t: TestContext;
afterEach(async () => t?.close());

/** A second user in the root organization with their own key and client. */
async function addUser(t: TestContext, userName: string, userTags: string[] = []) {
  const keys = await generateApiKeyPair();
  const activity = await t.root.client.createUsers({
    users: [{ userName, accessType: 'ACCESS_TYPE_API', userTags, authenticators: [], apiKeys: [{ apiKeyName: `${userName} key`, publicKey: keys.publicKey }] }],
  });
  const userId = activity.result.createUsersResult!.userIds[0]!;
  return { userId, client: t.clientFor(keys) };
}

describe('activities', () => {
  it('computes the documented fingerprint and answers the Activity shape', async () => {
    t = await createTestContext();
    const activity = await t.root.client.createUserTag({ userTagName: 'ops', userIds: [] });
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect(activity.fingerprint).toBe(fingerprintOf(activity));
    expect(activity.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(Object.keys(activity.intent)).toEqual(['createUserTagIntent']);
    expect(activity.result.createUserTagResult?.userTagId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('runs a consensus policy to CONSENSUS_NEEDED, then COMPLETED on a second user\'s approval', async () => {
    t = await createTestContext();
    const bot = await addUser(t, 'bot');
    const approver = await addUser(t, 'approver');
    await t.root.client.createPolicy({
      policyName: 'bot creates tags with one approval',
      effect: 'EFFECT_ALLOW',
      condition: `user.id == '${bot.userId}' && activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG'`,
      consensus: `approvers.any(u, u.id == '${approver.userId}')`,
    });
    const waiting = await bot.client.createUserTag({ userTagName: 'hot', userIds: [] });
    expect(waiting).toMatchObject({ status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', canApprove: false, result: {} });
    const seen = (await approver.client.getActivity({ activityId: waiting.id })).activity;
    expect(seen).toMatchObject({ canApprove: true, canReject: true, fingerprint: waiting.fingerprint });
    const vote = await approver.client.approveActivity({ fingerprint: waiting.fingerprint });
    expect(vote.result.approveActivityResult).toEqual({ activityId: waiting.id });
    const done = (await bot.client.getActivity({ activityId: waiting.id })).activity;
    expect(done.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect(done.votes).toHaveLength(1);
    expect(done.votes[0]).toMatchObject({ userId: approver.userId, selection: 'VOTE_SELECTION_APPROVED', scheme: 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256' });
    expect((await t.root.client.listUserTags({})).userTags.map((tag) => tag.tagName)).toContain('hot');
    // A second vote on a finished activity is refused.
    await expect(approver.client.approveActivity({ fingerprint: waiting.fingerprint })).rejects.toMatchObject({ code: 9 });
  });

  it('takes votes from the users a consensus counts, with no policy about approve_activity, and refuses the others', async () => {
    t = await createTestContext();
    const bot = await addUser(t, 'bot');
    const ops = await addUser(t, 'ops approver', []);
    const sales = await addUser(t, 'sales');
    const { result } = await t.root.client.createUserTag({ userTagName: 'ops', userIds: [ops.userId] });
    const opsTag = result.createUserTagResult!.userTagId;
    // Neither approver has any policy: votes are not judged by policies, only by the waiting activity's consensus.
    await t.root.client.createPolicy({
      policyName: 'bot with an ops approval',
      effect: 'EFFECT_ALLOW',
      condition: `user.id == '${bot.userId}'`,
      consensus: `approvers.count() >= 1 && approvers.all(u, u.tags.contains('${opsTag}'))`,
    });
    const waiting = await bot.client.createUserTag({ userTagName: 'hot', userIds: [] });
    expect(waiting.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    expect((await sales.client.getActivity({ activityId: waiting.id })).activity).toMatchObject({ canApprove: false, canReject: false });
    // A user the consensus does not count can neither approve nor reject (a rejection by them would end the activity).
    await expect(sales.client.approveActivity({ fingerprint: waiting.fingerprint })).rejects.toMatchObject({ status: 403, code: 7, message: expect.stringContaining('does not count') });
    await expect(sales.client.rejectActivity({ fingerprint: waiting.fingerprint })).rejects.toMatchObject({ code: 7 });
    expect((await bot.client.getActivity({ activityId: waiting.id })).activity).toMatchObject({ status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', votes: [] });
    expect((await ops.client.getActivity({ activityId: waiting.id })).activity).toMatchObject({ canApprove: true, canReject: true });
    const vote = await ops.client.approveActivity({ fingerprint: waiting.fingerprint });
    expect(vote.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect((await bot.client.getActivity({ activityId: waiting.id })).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  });

  it('still answers a waiting activity whose submitter was deleted, with canApprove false for a non-root user', async () => {
    t = await createTestContext();
    const bot = await addUser(t, 'bot');
    const approver = await addUser(t, 'approver');
    await t.root.client.createPolicy({ policyName: 'bot with approval', effect: 'EFFECT_ALLOW', condition: `user.id == '${bot.userId}'`, consensus: 'approvers.count() >= 1' });
    const waiting = await bot.client.createUserTag({ userTagName: 'orphan', userIds: [] });
    await t.root.client.deleteUsers({ userIds: [bot.userId] });
    expect((await approver.client.getActivity({ activityId: waiting.id })).activity).toMatchObject({ status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', canApprove: false });
    // The policy named the deleted user, so no waiting consensus counts anyone any more.
    await expect(approver.client.approveActivity({ fingerprint: waiting.fingerprint })).rejects.toMatchObject({ code: 7, message: expect.stringContaining('does not count') });
  });

  it('counts a root user on any waiting activity, since the root quorum stands above policies', async () => {
    t = await createTestContext();
    const bot = await addUser(t, 'bot');
    const lead = await addUser(t, 'lead');
    await t.root.client.createPolicy({ policyName: 'lead approves bot', effect: 'EFFECT_ALLOW', condition: `user.id == '${bot.userId}'`, consensus: `approvers.any(u, u.id == '${lead.userId}')` });
    const waiting = await bot.client.createUserTag({ userTagName: 'by-root', userIds: [] });
    await t.root.client.rejectActivity({ fingerprint: waiting.fingerprint });
    expect((await bot.client.getActivity({ activityId: waiting.id })).activity.status).toBe('ACTIVITY_STATUS_REJECTED');
  });

  it('ends in REJECTED on a rejection, and the intent never runs', async () => {
    t = await createTestContext();
    const bot = await addUser(t, 'bot');
    const approver = await addUser(t, 'approver');
    await t.root.client.createPolicy({ policyName: 'needs approval', effect: 'EFFECT_ALLOW', condition: `user.id == '${bot.userId}'`, consensus: 'approvers.count() >= 1' });
    const waiting = await bot.client.createUserTag({ userTagName: 'never', userIds: [] });
    await approver.client.rejectActivity({ fingerprint: waiting.fingerprint });
    expect((await bot.client.getActivity({ activityId: waiting.id })).activity.status).toBe('ACTIVITY_STATUS_REJECTED');
    expect((await t.root.client.listUserTags({})).userTags).toEqual([]);
    await expect(bot.client.approveActivity({ fingerprint: waiting.fingerprint })).rejects.toMatchObject({ code: 9 });
  });

  it('refuses a denied request with code 7 and records no activity; deny wins over allow', async () => {
    t = await createTestContext();
    const bot = await addUser(t, 'bot');
    await t.root.client.createPolicy({ policyName: 'allow bot', effect: 'EFFECT_ALLOW', condition: `user.id == '${bot.userId}'` });
    await t.root.client.createPolicy({ policyName: 'no tags', effect: 'EFFECT_DENY', condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG'" });
    const before = (await t.root.client.listActivities({ paginationOptions: { limit: 100 } })).activities.length;
    await expect(bot.client.createUserTag({ userTagName: 'x', userIds: [] })).rejects.toMatchObject({ status: 403, code: 7, message: expect.stringContaining('no tags') });
    // Nothing allows a user without policies: the implicit deny.
    const idle = await addUser(t, 'idle');
    await expect(idle.client.createUserTag({ userTagName: 'y', userIds: [] })).rejects.toMatchObject({ code: 7 });
    const after = (await t.root.client.listActivities({ paginationOptions: { limit: 100 } })).activities.length;
    expect(after).toBe(before + 1); // only the create_users of `idle`
    // The root user (threshold 1) is decided by the root quorum, above policies.
    await expect(t.root.client.createUserTag({ userTagName: 'z', userIds: [] })).resolves.toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED' });
  });

  it('holds root-quorum activities until the threshold of distinct root users approves', async () => {
    t = await createTestContext();
    const second = await addUser(t, 'second root');
    const outsider = await addUser(t, 'outsider');
    await t.root.client.updateRootQuorum({ threshold: 2, userIds: [t.root.userId, second.userId] });
    expect((await t.root.client.getOrganizationConfigs({})).configs.quorum).toEqual({ threshold: 2, userIds: [t.root.userId, second.userId] });
    const waiting = await t.root.client.setOrganizationFeature({ name: 'FEATURE_NAME_EMAIL_AUTH', value: '' });
    expect(waiting.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    expect((await outsider.client.getActivity({ activityId: waiting.id })).activity.canApprove).toBe(false);
    await second.client.approveActivity({ fingerprint: waiting.fingerprint });
    const done = (await t.root.client.getActivity({ activityId: waiting.id })).activity;
    expect(done.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect(done.result.setOrganizationFeatureResult?.features).toEqual([{ name: 'FEATURE_NAME_EMAIL_AUTH', value: '' }]);
    // Above threshold 1 with no policies, a root user's ordinary request waits for the other root users; it is
    // not refused (that would lock an organization that follows the launch checklist), and no policy judges the vote.
    const tag = await t.root.client.createUserTag({ userTagName: 'x', userIds: [] });
    expect(tag.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    expect((await second.client.getActivity({ activityId: tag.id })).activity.canApprove).toBe(true);
    await expect(outsider.client.approveActivity({ fingerprint: tag.fingerprint })).rejects.toMatchObject({ status: 403, code: 7, message: expect.stringContaining('does not count') });
    await second.client.approveActivity({ fingerprint: tag.fingerprint });
    expect((await t.root.client.getActivity({ activityId: tag.id })).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    // A user outside the root quorum still needs a policy: refused with code 7, no activity.
    await expect(outsider.client.createUserTag({ userTagName: 'y', userIds: [] })).rejects.toMatchObject({ code: 7 });
    await expect(t.root.client.updateRootQuorum({ threshold: 3, userIds: [t.root.userId, second.userId] })).resolves.toMatchObject({ status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' });
  });

  it('fails an approved activity that can no longer be carried out', async () => {
    t = await createTestContext();
    const bot = await addUser(t, 'bot');
    const approver = await addUser(t, 'approver');
    const { result } = await t.root.client.createPolicy({ policyName: 'victim', effect: 'EFFECT_ALLOW', condition: 'false' });
    await t.root.client.createPolicy({ policyName: 'bot with approval', effect: 'EFFECT_ALLOW', condition: `user.id == '${bot.userId}'`, consensus: 'approvers.count() >= 1' });
    const policyId = result.createPolicyResult!.policyId;
    const waiting = await bot.client.deletePolicy({ policyId });
    await t.root.client.deletePolicy({ policyId });
    await approver.client.approveActivity({ fingerprint: waiting.fingerprint });
    const failed = (await bot.client.getActivity({ activityId: waiting.id })).activity;
    expect(failed).toMatchObject({ status: 'ACTIVITY_STATUS_FAILED', failure: { code: 5 } });
  });
});

describe('API-only users', () => {
  it('are users with ACCESS_TYPE_API, made alone in users; apiOnlyUsers needs at least one entry in users beside it', async () => {
    t = await createTestContext();
    const keys = await generateApiKeyPair();
    const service = { userName: 'settlement-service', userTags: [], apiKeys: [{ apiKeyName: 'k', publicKey: keys.publicKey }] };
    // `users` has minItems 1 in the document, so the shorthand alone is refused.
    await expect(t.root.client.createUsers({ users: [], apiOnlyUsers: [service] })).rejects.toMatchObject({ code: 3, message: expect.stringContaining('users') });
    const made = await t.root.client.createUsers({ users: [{ ...service, accessType: 'ACCESS_TYPE_API', authenticators: [] }] });
    const userId = made.result.createUsersResult!.userIds[0]!;
    expect(made.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect((await t.clientFor(keys).whoami({})).userId).toBe(userId);
  });
});

describe('organizations and scoping', () => {
  it('creates a sub-organization whose users cannot read the parent, while the parent reads it', async () => {
    t = await createTestContext();
    const keys = await generateApiKeyPair();
    const created = await t.root.client.createSubOrganization({
      subOrganizationName: 'user-1',
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: 'end user', userEmail: 'end@example.com', apiKeys: [{ apiKeyName: 'k', publicKey: keys.publicKey, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
    });
    const { subOrganizationId, rootUserIds } = created.result.createSubOrganizationResultV7!;
    const child = t.clientFor(keys, subOrganizationId);
    expect(await child.whoami({})).toMatchObject({ organizationId: subOrganizationId, userId: rootUserIds[0] });
    await expect(child.listUsers({ organizationId: t.organizationId } as never)).rejects.toMatchObject({ code: 16 });
    await expect(child.whoami({ organizationId: t.organizationId } as never)).rejects.toMatchObject({ code: 16 });
    // The parent reads the sub-organization but cannot change it.
    const users = await t.root.client.listUsers({ organizationId: subOrganizationId } as never);
    expect(users.users.map((u) => u.userName)).toEqual(['end user']);
    await expect(t.root.client.createUserTag({ userTagName: 'x', userIds: [] }, { organizationId: subOrganizationId })).rejects.toMatchObject({ code: 16 });
    expect((await t.root.client.listSuborgs({ filterType: 'EMAIL', filterValue: 'end@example.com' })).organizationIds).toEqual([subOrganizationId]);
    const withWallet = await t.root.client.createSubOrganization({ subOrganizationName: 'w', rootQuorumThreshold: 1, rootUsers: [{ userName: 'u', apiKeys: [], authenticators: [], oauthProviders: [] }], wallet: { walletName: 'w', accounts: [] } });
    const second = (withWallet.result as Record<string, { subOrganizationId: string; wallet?: { walletId: string; addresses: string[] } }>).createSubOrganizationResultV7!;
    expect(second.wallet).toEqual({ walletId: expect.stringMatching(/^[0-9a-f-]{36}$/), addresses: [] });
    await child.deleteSubOrganization({ deleteWithoutExport: true });
    expect((await t.root.client.listSuborgs({})).organizationIds).toEqual([second.subOrganizationId]);
  });

  it('walks every activity exactly once, newest first, with the loop of api-overview/queries (after = last ID seen)', async () => {
    t = await createTestContext();
    for (let i = 0; i < 7; i++) await t.root.client.createUserTag({ userTagName: `p${i}`, userIds: [] });
    const everything = (await t.root.client.listActivities({ paginationOptions: { limit: 100 } })).activities.map((a) => a.id);
    expect(everything.length).toBeGreaterThanOrEqual(7);
    const limit = Math.ceil(everything.length / 3); // three pages, the last one possibly shorter
    const seen: string[] = [];
    const pages: number[] = [];
    let after: string | undefined;
    for (;;) {
      const { activities } = await t.root.client.listActivities({ paginationOptions: after ? { limit, after } : { limit } });
      seen.push(...activities.map((a) => a.id));
      pages.push(activities.length);
      const last = activities.at(-1);
      if (activities.length < limit || !last) break;
      after = last.id;
    }
    expect(pages.filter((n) => n > 0).length).toBe(3);
    expect(seen).toEqual(everything);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('pages list_activities newest first with positional cursors', async () => {
    t = await createTestContext();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.root.client.createUserTag({ userTagName: `t${i}`, userIds: [] })).id);
    const newestFirst = [...ids].reverse();
    const first = (await t.root.client.listActivities({ paginationOptions: { limit: 2 } })).activities.map((a) => a.id);
    expect(first).toEqual(newestFirst.slice(0, 2));
    const next = (await t.root.client.listActivities({ paginationOptions: { limit: 2, after: first[1]! } })).activities.map((a) => a.id);
    expect(next).toEqual(newestFirst.slice(2, 4));
    const back = (await t.root.client.listActivities({ paginationOptions: { limit: 2, before: next[0]! } })).activities.map((a) => a.id);
    expect(back).toEqual(first);
    await expect(t.root.client.listActivities({ paginationOptions: { limit: 101 } })).rejects.toMatchObject({ code: 3 });
    await expect(t.root.client.listActivities({ paginationOptions: { after: '00000000-0000-4000-8000-000000000000' } })).rejects.toMatchObject({ code: 11 });
    const byType = await t.root.client.listActivities({ filterByType: ['ACTIVITY_TYPE_CREATE_POLICY_V3'] });
    expect(byType.activities).toEqual([]);
  });

  it('refuses a policy expression that does not parse with the parser\'s message', async () => {
    t = await createTestContext();
    await expect(t.root.client.createPolicy({ policyName: 'bad', effect: 'EFFECT_ALLOW', condition: 'activity.type ==' })).rejects.toMatchObject({
      code: 3,
      details: [{ field: 'parameters.condition' }],
    });
  });
});

describe('requests', () => {
  it('answers bad input with the documented errors, never a 5xx', async () => {
    t = await createTestContext();
    expect(await t.raw('/public/v1/query/whoami', '{not json')).toMatchObject({ status: 400, json: { code: 3 } });
    for (const method of ['GET', 'PUT']) {
      const answer = await t.emulator.handle({ method, path: '/public/v1/query/whoami', headers: {}, body: '{}' });
      expect(answer).toMatchObject({ status: 405, headers: { allow: 'POST' } });
      expect(JSON.parse(answer.body)).toMatchObject({ code: 3, details: [{ field: 'method' }] });
    }
    expect(await t.raw('/public/v1/query/nope', '{}')).toMatchObject({ status: 404, json: { code: 5 } });
    expect(await t.raw('/public/v1/query/whoami', 'x'.repeat(1_048_577))).toMatchObject({ status: 400, json: { code: 3, details: [{ field: 'body' }] } });
    await expect(t.root.client.getUser({ userId: 'not-a-uuid' })).rejects.toMatchObject({ code: 3, details: [{ field: 'userId' }] });
    await expect(t.root.client.getUser({ userId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 5 });
    await expect(t.root.client.createUsers({ users: [{ userName: 'x' }] } as never)).rejects.toMatchObject({ code: 3, details: [{ field: 'parameters.users[0].accessType' }] });
    expect(await t.raw('/emulator/v1/health', '', {}, 'GET')).toEqual({ status: 200, json: { status: 'ok' } });
  });

  it('answers every operation of the document, none with UNIMPLEMENTED', async () => {
    t = await createTestContext();
    expect(OPERATIONS.size).toBe(75);
    const unimplemented: string[] = [];
    for (const operation of OPERATIONS.values()) {
      const response = await t.raw(operation.path, JSON.stringify({ organizationId: t.organizationId }));
      expect(response.status).not.toBe(500);
      if ((response.json as { code?: number }).code === 12) {
        expect((response.json as { message: string }).message).toContain(operation.name);
        unimplemented.push(operation.name);
      }
    }
    expect(unimplemented).toEqual([]);
  });
});

describe('state', () => {
  it('reports every change to onCommit before answering, and round-trips through exportState and applyChanges', async () => {
    t = await createTestContext();
    await t.root.client.createPolicy({ policyName: 'p', effect: 'EFFECT_ALLOW', condition: 'true' });
    const last = t.commits.at(-1)!;
    expect(last.map((c) => c.collection).sort()).toEqual(['activities', 'meta', 'policies']);
    const restored = createEmulator({ state: t.emulator.exportState() });
    expect(restored.exportState()).toEqual(t.emulator.exportState());
    const replayed = createEmulator();
    replayed.applyChanges(t.commits.flat());
    expect(replayed.exportState()).toEqual(t.emulator.exportState());
    expect(replayed.organizations()).toEqual([{ organizationId: t.organizationId, organizationName: 'Test organization', rootUserIds: [t.root.userId] }]);
    // The restored emulator still knows the root key.
    const response = await restored.handle({ method: 'GET', path: '/emulator/v1/state', headers: {}, body: '' });
    expect(JSON.parse(response.body).format).toBe('sigil-emulator-state');
  });
});

describe('commits', () => {
  it('calls onCommit in request order without waiting, and each answer waits for its own commit and every earlier one', async () => {
    const held: Array<{ changes: string[]; release: () => void }> = [];
    let holding = false;
    t = await createTestContext({
      onCommit: (changes) => {
        if (!holding) return;
        return new Promise<void>((release) => held.push({ changes: changes.map((c) => c.collection), release }));
      },
    });
    holding = true;
    const answered: string[] = [];
    const first = t.root.client.createUserTag({ userTagName: 'first', userIds: [] }).then(() => answered.push('first'));
    await vi.waitFor(() => expect(held).toHaveLength(1));
    // The second write reaches onCommit although the first has not been stored.
    const second = t.root.client.createUserTag({ userTagName: 'second', userIds: [] }).then(() => answered.push('second'));
    await vi.waitFor(() => expect(held).toHaveLength(2));
    const read = t.root.client.listUserTags({}).then((list) => answered.push(`read ${list.userTags.length}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toEqual([]);
    // The second is stored first: its answer still waits for the first, and so does the read that sees both.
    held[1]!.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toEqual([]);
    held[0]!.release();
    await Promise.all([first, second, read]);
    expect(answered.sort()).toEqual(['first', 'read 2', 'second']);
  });

  it('answers code 14 when a commit fails, and so does every later answer that could show the lost change', async () => {
    let failing = false;
    t = await createTestContext({
      onCommit: () => {
        if (failing) return Promise.reject(new Error('disk full'));
      },
    });
    failing = true;
    await expect(t.root.client.createUserTag({ userTagName: 'lost', userIds: [] })).rejects.toMatchObject({ code: 14 });
    await expect(t.root.client.listUserTags({})).rejects.toMatchObject({ code: 14 });
  });
});

describe('webhooks', () => {
  it('posts each activity change to FEATURE_NAME_WEBHOOK and retries until a 2xx', async () => {
    const posts: Array<{ url: string; body: { activity: { id: string; status: string } } }> = [];
    let failuresLeft = 1;
    const hook: typeof fetch = async (url, init) => {
      posts.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      if (failuresLeft-- > 0) return new Response('', { status: 503 });
      return new Response(null, { status: 204 });
    };
    t = await createTestContext({ fetch: hook });
    await t.root.client.setOrganizationFeature({ name: 'FEATURE_NAME_WEBHOOK', value: 'https://hooks.example/sigil' });
    const tag = await t.root.client.createUserTag({ userTagName: 'ops', userIds: [] });
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const forTag = posts.filter((p) => p.body.activity.id === tag.id);
    expect(forTag.length).toBeGreaterThanOrEqual(1);
    expect(forTag[0]).toMatchObject({ url: 'https://hooks.example/sigil', body: { activity: { status: 'ACTIVITY_STATUS_COMPLETED' } } });
    // The first post (the feature's own activity) failed once and was posted again after the first delay.
    const first = posts[0]!.body.activity.id;
    expect(posts.filter((p) => p.body.activity.id === first).length).toBe(2);
  });
});
