import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUESTS_PER_SECOND } from './rate-limit.js';
import { createTestContext, type TestContext } from './testing/context.js';

let t: TestContext;
afterEach(async () => t?.close());

// Each test sends about a hundred stamped requests; on a loaded machine that takes longer than the default 5 s.
describe('requests-per-second-per-organization', { timeout: 60_000 }, () => {
  it('serves one second of requests at once, refuses the next with code 8 (HTTP 429), and refills at the documented rate', async () => {
    let clock = 0;
    t = await createTestContext({ rateClock: () => clock });
    expect(REQUESTS_PER_SECOND).toBe(60);
    const whoami = () => t.root.client.whoami({}, { retry: false });
    for (let i = 0; i < REQUESTS_PER_SECOND; i++) await whoami();
    await expect(whoami()).rejects.toMatchObject({ code: 8, status: 429, message: expect.stringMatching(/requests-per-second-per-organization/) });
    // Told apart from a count limit (also code 8) by Retry-After, in whole seconds.
    const body = JSON.stringify({ organizationId: t.organizationId });
    const { stampHeaderName, stampHeaderValue } = await new ApiKeyStamper({ apiPublicKey: t.root.publicKey, apiPrivateKey: t.root.privateKey }).stamp(body);
    const raw = await t.emulator.handle({ method: 'POST', path: '/public/v1/query/whoami', headers: { [stampHeaderName]: stampHeaderValue }, body });
    expect(raw).toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
    // Submissions count too, and a refused one creates no activity.
    await expect(t.root.client.createUserTag({ userTagName: 'late', userIds: [] }, { retry: false })).rejects.toMatchObject({ code: 8 });
    clock += 1000 / REQUESTS_PER_SECOND;
    await expect(whoami()).resolves.toMatchObject({ userId: t.root.userId });
    await expect(whoami()).rejects.toMatchObject({ code: 8 });
    clock += 1000;
    await expect(t.root.client.createUserTag({ userTagName: 'on time', userIds: [] }, { retry: false })).resolves.toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED' });
    const { userTags } = await t.root.client.listUserTags({});
    expect(userTags.map((tag) => tag.tagName)).toEqual(['on time']);
  });

  it('counts each organization apart, and only authenticated requests', async () => {
    const clock = 0;
    t = await createTestContext({ rateClock: () => clock });
    const created = await t.root.client.createSubOrganization({
      subOrganizationName: 'end user',
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: 'end user', apiKeys: [], authenticators: [], oauthProviders: [] }],
    });
    const { subOrganizationId } = created.result.createSubOrganizationResultV7!;
    for (let i = 0; i < 100; i++) {
      const anonymous = await t.raw('/public/v1/query/whoami', JSON.stringify({ organizationId: t.organizationId }));
      expect(anonymous.status).toBe(401);
    }
    for (let i = 1; i < REQUESTS_PER_SECOND; i++) await t.root.client.whoami({}, { retry: false });
    await expect(t.root.client.whoami({}, { retry: false })).rejects.toMatchObject({ code: 8 });
    // The sub-organization has a budget of its own.
    await expect(t.root.client.listWallets({ organizationId: subOrganizationId }, { retry: false })).resolves.toEqual({ wallets: [] });
  });

  it('is not enforced with rateLimit: false (load tests)', async () => {
    t = await createTestContext({ rateLimit: false, rateClock: () => 0 });
    for (let i = 0; i < REQUESTS_PER_SECOND * 2; i++) await t.root.client.whoami({}, { retry: false });
  });

  it('lets the SDK retry a rate-limited call until the budget refills', async () => {
    let clock = 0;
    t = await createTestContext({ rateClock: () => clock });
    for (let i = 0; i < REQUESTS_PER_SECOND; i++) await t.root.client.whoami({}, { retry: false });
    // Each retry's wait is jittered; the random source moves the clock as a real wait would.
    const answer = await t.root.client.whoami({}, { retry: { retries: 3, baseDelayMs: 1, random: () => ((clock += 100), 0) } });
    expect(answer.userId).toBe(t.root.userId);
  });
});
