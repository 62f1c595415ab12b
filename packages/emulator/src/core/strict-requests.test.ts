// What a strict API refuses, and the replay rule: each case answers the client error the document states.
import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './testing/context.js';

let t: TestContext;
afterEach(async () => t?.close());

/** Stamps `body` with the root key and sends it as is, so a test can send the identical bytes again. */
async function sendStamped(path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const raw = JSON.stringify(body);
  const { stampHeaderName, stampHeaderValue } = await new ApiKeyStamper({ apiPublicKey: t.root.publicKey, apiPrivateKey: t.root.privateKey }).stamp(raw);
  return t.raw(path, raw, { ...headers, [stampHeaderName]: stampHeaderValue });
}

const envelope = (type: string, parameters: unknown) => ({ type, timestampMs: String(Date.now()), organizationId: t.organizationId, parameters });

describe('closed bodies', () => {
  it('refuses an unknown field, at the top, in the intent and nested deeper, with code 3 naming it, and creates nothing', async () => {
    t = await createTestContext();
    const account = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' };
    const cases: Array<[unknown, string]> = [
      [envelope('ACTIVITY_TYPE_CREATE_WALLET', { walletName: 'typo', accounts: [account], mnemonicLenght: 24 }), 'parameters.mnemonicLenght'],
      [envelope('ACTIVITY_TYPE_CREATE_WALLET', { walletName: 'nested', accounts: [{ ...account, curv: 'CURVE_ED25519' }] }), 'parameters.accounts[0].curv'],
      [{ ...envelope('ACTIVITY_TYPE_CREATE_WALLET', { walletName: 'top', accounts: [account] }), note: 'x' }, 'note'],
    ];
    for (const [body, field] of cases) {
      const answer = await sendStamped('/public/v1/submit/create_wallet', body);
      expect(answer, field).toMatchObject({ status: 400, json: { code: 3, message: `${field}: is not a field of this request`, details: [{ field }] } });
    }
    expect(await sendStamped('/public/v1/query/whoami', { organizationId: t.organizationId, userId: t.root.userId })).toMatchObject({
      status: 400,
      json: { code: 3, details: [{ field: 'userId' }] },
    });
    expect((await t.root.client.listWallets({})).wallets).toEqual([]);
  });

  it('refuses create_policy with the deprecated selectors instead of creating a policy that allows everything', async () => {
    t = await createTestContext();
    const selectors = [{ subject: 'activity.type', operator: 'OPERATOR_EQUAL', target: 'ACTIVITY_TYPE_CREATE_WALLET' }];
    const body = envelope('ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'old form', effect: 'EFFECT_ALLOW', selectors });
    expect(await sendStamped('/public/v1/submit/create_policy', body)).toMatchObject({ status: 400, json: { code: 3, details: [{ field: 'parameters.selectors' }] } });
    expect((await t.root.client.listPolicies({})).policies).toEqual([]);
  });
});

describe('media type', () => {
  it('refuses a body sent as anything but application/json with code 3 naming Content-Type', async () => {
    t = await createTestContext();
    const body = { organizationId: t.organizationId };
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
      expect(await sendStamped('/public/v1/query/whoami', body, { 'Content-Type': type })).toMatchObject({ status: 400, json: { code: 3, details: [{ field: 'Content-Type' }] } });
    }
    expect(await sendStamped('/public/v1/query/whoami', body, { 'content-type': 'application/json; charset=utf-8' })).toMatchObject({ status: 200 });
  });
});

describe('64-bit integer strings', () => {
  it('refuses an expirationSeconds beyond an unsigned 64-bit integer with code 3', async () => {
    t = await createTestContext();
    const target = '02' + 'ab'.repeat(32);
    for (const expirationSeconds of ['18446744073709551616', '9'.repeat(400)]) {
      await expect(t.root.client.createReadWriteSession({ targetPublicKey: target, expirationSeconds }, { retry: false })).rejects.toMatchObject({
        code: 3,
        details: [{ field: 'parameters.expirationSeconds' }],
      });
    }
  });
});

describe('replay', () => {
  it('answers an identical signed submission with the activity it already created, and makes nothing new', async () => {
    t = await createTestContext();
    const body = envelope('ACTIVITY_TYPE_CREATE_USERS', {
      users: [{ userName: 'once', accessType: 'ACCESS_TYPE_API', userTags: [], authenticators: [], apiKeys: [] }],
    });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await sendStamped('/public/v1/submit/create_users', body));
    const ids = answers.map((a) => (a.json as { activity: { id: string } }).activity.id);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(ids).size).toBe(1);
    const { users } = await t.root.client.listUsers({});
    expect(users.filter((u) => u.userName === 'once')).toHaveLength(1);
    const { activities } = await t.root.client.listActivities({ filterByType: ['ACTIVITY_TYPE_CREATE_USERS'] });
    expect(activities).toHaveLength(1);
    // A new timestamp is a new submission.
    const again = await sendStamped('/public/v1/submit/create_users', { ...body, timestampMs: String(Number(body.timestampMs) + 1) });
    expect((again.json as { activity: { id: string } }).activity.id).not.toBe(ids[0]);
    expect((await t.root.client.listUsers({})).users.filter((u) => u.userName === 'once')).toHaveLength(2);
  });

  it('decides a refused submission again when it is resent: nothing was created the first time', async () => {
    t = await createTestContext();
    const body = envelope('ACTIVITY_TYPE_CREATE_USER_TAG', { userTagName: 'ops', userIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(await sendStamped('/public/v1/submit/create_user_tag', body)).toMatchObject({ status: 404, json: { code: 5 } });
    expect(await sendStamped('/public/v1/submit/create_user_tag', body)).toMatchObject({ status: 404, json: { code: 5 } });
  });
});
