// Sign-in and recovery end to end through `handle`, with the real SDK client (@sigil/http and
// @sigil/api-key-stamper) and the docs' own bundle-opening code: every issued key is decrypted the way a
// reader's app does and then used to stamp requests.
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import openapi from '@sigil/api-spec/openapi.json' with { type: 'json' };
import type { SigilClient } from '@sigil/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openBundle } from './docs-open-bundle.test-util.js';
import { createTestContext, type TestContext } from './testing/context.js';

let t: TestContext;
// The SDK stamps timestampMs from Date.now(), so the emulator's clock and the client's move together.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2026, 0, 1));
});
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

interface Target {
  publicKey: string;
  privateKeyHex: string;
}
function newTarget(): Target {
  const secret = p256.utils.randomSecretKey();
  return { publicKey: bytesToHex(p256.getPublicKey(secret, true)), privateKeyHex: bytesToHex(secret) };
}

/** Opens a bundle with the docs' code and returns a client stamping with the key inside. */
async function clientFromBundle(bundle: string, target: Target, organizationId = t.organizationId): Promise<{ client: SigilClient; publicKey: string }> {
  const privateKey = await openBundle(bundle, target.privateKeyHex);
  const publicKey = bytesToHex(p256.getPublicKey(privateKey, true));
  return { client: t.clientFor({ publicKey, privateKey: bytesToHex(privateKey) }, organizationId), publicKey };
}

async function outbox(): Promise<Array<Record<string, string>>> {
  const response = await t.emulator.handle({ method: 'GET', path: '/emulator/v1/outbox', headers: {}, body: '' });
  expect(response.status).toBe(200);
  return (JSON.parse(response.body) as { messages: Array<Record<string, string>> }).messages;
}

async function withFeature(name: string, organizationId = t.organizationId): Promise<void> {
  await t.root.client.setOrganizationFeature({ name: name as 'FEATURE_NAME_EMAIL_AUTH' }, { organizationId });
}

async function newUser(fields: { userEmail?: string; userPhoneNumber?: string }): Promise<string> {
  const activity = await t.root.client.createUsers({
    users: [{ userName: 'End user', ...fields, accessType: 'ACCESS_TYPE_ALL', apiKeys: [], authenticators: [], userTags: [] }],
  });
  return activity.result!.createUsersResult!.userIds[0]!;
}

const rejection = (code: number, message?: RegExp) => expect.objectContaining({ code, ...(message ? { message: expect.stringMatching(message) } : {}) });

describe('create_read_write_session', () => {
  it('stops listing and counting a session key once it expires, so expired keys never fill the limit of 10', async () => {
    t = await createTestContext();
    const { apiKeys: before } = await t.root.client.getApiKeys({ userId: t.root.userId });
    for (let i = before.length; i < 10; i++) await t.root.client.createReadWriteSession({ targetPublicKey: newTarget().publicKey, expirationSeconds: '60' });
    await expect(t.root.client.createReadWriteSession({ targetPublicKey: newTarget().publicKey })).rejects.toEqual(rejection(8, /api-keys-per-user/));
    advance(60_000);
    const { apiKeys } = await t.root.client.getApiKeys({ userId: t.root.userId });
    expect(apiKeys.map((k) => k.apiKeyId)).toEqual(before.map((k) => k.apiKeyId));
    const { user } = await t.root.client.getUser({ userId: t.root.userId });
    expect(user.apiKeys).toHaveLength(before.length);
    await expect(t.root.client.createReadWriteSession({ targetPublicKey: newTarget().publicKey })).resolves.toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED' });
  });

  it('issues a key named and timed as documented, sealed to targetPublicKey, that stamps until it expires', async () => {
    t = await createTestContext();
    const target = newTarget();
    const activity = await t.root.client.createReadWriteSession({ targetPublicKey: target.publicKey });
    const result = activity.result!.createReadWriteSessionResultV2!;
    expect(result).toMatchObject({ organizationId: t.organizationId, userId: t.root.userId, username: 'root' });
    const session = await clientFromBundle(result.credentialBundle, target);
    expect((await session.client.whoami({})).userId).toBe(t.root.userId);
    const { apiKeys } = await t.root.client.getApiKeys({ userId: t.root.userId });
    expect(apiKeys.find((k) => k.apiKeyId === result.apiKeyId)).toMatchObject({
      apiKeyName: 'Read Write Session - 2026-01-01T00:00:00.000Z',
      expirationSeconds: '900',
      credential: { publicKey: session.publicKey },
    });
    advance(899_000);
    await expect(session.client.whoami({})).resolves.toBeTruthy();
    advance(1_000);
    await expect(session.client.whoami({})).rejects.toEqual(rejection(16, /expired/));
  });

  it('takes apiKeyName, expirationSeconds, userId and invalidateExisting', async () => {
    t = await createTestContext();
    const first = await t.root.client.createReadWriteSession({ targetPublicKey: newTarget().publicKey });
    const second = await t.root.client.createReadWriteSession({ targetPublicKey: newTarget().publicKey, apiKeyName: 'tab', expirationSeconds: '60', invalidateExisting: true, userId: t.root.userId });
    const { apiKeys } = await t.root.client.getApiKeys({ userId: t.root.userId });
    expect(apiKeys.map((k) => k.apiKeyId)).not.toContain(first.result!.createReadWriteSessionResultV2!.apiKeyId);
    expect(apiKeys.find((k) => k.apiKeyId === second.result!.createReadWriteSessionResultV2!.apiKeyId)).toMatchObject({ apiKeyName: 'tab', expirationSeconds: '60' });
    await expect(t.root.client.createReadWriteSession({ targetPublicKey: '02' + 'ff'.repeat(32) })).rejects.toEqual(rejection(3, /targetPublicKey/));
  });
});

describe('init_otp_auth and otp_auth', () => {
  it('sends a 6-digit code to the outbox and trades it for a key once; wrong codes use up the attempts', async () => {
    t = await createTestContext();
    await expect(t.root.client.initOtpAuth({ otpType: 'OTP_TYPE_EMAIL', contact: 'end@example.com' })).rejects.toEqual(rejection(9, /FEATURE_NAME_OTP_EMAIL_AUTH/));
    await withFeature('FEATURE_NAME_OTP_EMAIL_AUTH');
    await expect(t.root.client.initOtpAuth({ otpType: 'OTP_TYPE_EMAIL', contact: 'nobody@example.com' })).rejects.toEqual(rejection(5));
    const userId = await newUser({ userEmail: 'end@example.com' });
    const init = await t.root.client.initOtpAuth({ otpType: 'OTP_TYPE_EMAIL', contact: 'end@example.com', emailCustomization: { appName: 'Example Wallet' } });
    const otpId = init.result!.initOtpAuthResult!.otpId;
    const [message] = await outbox();
    expect(message).toMatchObject({ kind: 'email', to: 'end@example.com', subject: 'Your Example Wallet code', operation: 'init_otp_auth', organizationId: t.organizationId, userId });
    expect(message!.otpCode).toMatch(/^[0-9]{6}$/);
    expect(message!.text).toContain(message!.otpCode);
    const wrong = message!.otpCode === '000000' ? '000001' : '000000';
    await expect(t.root.client.otpAuth({ otpId, otpCode: wrong })).rejects.toEqual(rejection(3, /2 attempts left/));
    const target = newTarget();
    const done = await t.root.client.otpAuth({ otpId, otpCode: message!.otpCode!, targetPublicKey: target.publicKey });
    const result = done.result!.otpAuthResult!;
    expect(result.userId).toBe(userId);
    const { client } = await clientFromBundle(result.credentialBundle!, target);
    expect((await client.whoami({})).userId).toBe(userId);
    const { apiKeys } = await t.root.client.getApiKeys({ userId });
    expect(apiKeys[0]).toMatchObject({
      apiKeyId: result.apiKeyId,
      apiKeyName: expect.stringMatching(/^OTP Auth - /),
      expirationSeconds: '900',
      // Policies tell a one-time-code session from an ordinary API key by this type.
      credential: { type: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256' },
    });
    await expect(t.root.client.otpAuth({ otpId, otpCode: message!.otpCode! })).rejects.toEqual(rejection(9, /already used/));
  });

  it('issues the credential to whatever targetPublicKey the relaying backend sends (the caveat of concepts/sub-organizations)', async () => {
    t = await createTestContext();
    await withFeature('FEATURE_NAME_OTP_EMAIL_AUTH');
    const userId = await newUser({ userEmail: 'end@example.com' });
    const otpId = (await t.root.client.initOtpAuth({ otpType: 'OTP_TYPE_EMAIL', contact: 'end@example.com' })).result!.initOtpAuthResult!.otpId;
    const code = (await outbox())[0]!.otpCode!;
    // The browser made its own target key, but nothing binds the code to it: a backend sending its own key gets the user's credential.
    const backendKey = newTarget();
    const done = await t.root.client.otpAuth({ otpId, otpCode: code, targetPublicKey: backendKey.publicKey });
    const { client } = await clientFromBundle(done.result!.otpAuthResult!.credentialBundle!, backendKey);
    expect((await client.whoami({})).userId).toBe(userId);
  });

  it('refuses after otp-attempts-max wrong codes and after otp-code-lifetime, even with the right code', async () => {
    t = await createTestContext();
    await withFeature('FEATURE_NAME_SMS_AUTH');
    await newUser({ userPhoneNumber: '+14155550123' });
    const send = async () => {
      const init = await t.root.client.initOtpAuth({ otpType: 'OTP_TYPE_SMS', contact: '+14155550123', smsCustomization: { template: 'Your Example code is {{.OtpCode}}' } });
      const messages = await outbox();
      return { otpId: init.result!.initOtpAuthResult!.otpId, code: messages.at(-1)!.otpCode!, text: messages.at(-1)!.text! };
    };
    const first = await send();
    expect(first.text).toBe(`Your Example code is ${first.code}`);
    const wrong = first.code === '000000' ? '000001' : '000000';
    for (const left of ['2 attempts', '1 attempt ', '0 attempts']) {
      await expect(t.root.client.otpAuth({ otpId: first.otpId, otpCode: wrong })).rejects.toEqual(rejection(3, new RegExp(left.trim())));
    }
    await expect(t.root.client.otpAuth({ otpId: first.otpId, otpCode: first.code })).rejects.toEqual(rejection(9, /wrong attempts/));
    const second = await send();
    advance(300_000);
    await expect(t.root.client.otpAuth({ otpId: second.otpId, otpCode: second.code })).rejects.toEqual(rejection(9, /expired/));
    const third = await send();
    await expect(t.root.client.otpAuth({ otpId: third.otpId, otpCode: third.code })).resolves.toMatchObject({ result: { otpAuthResult: { userId: expect.any(String) } } });
  });
});

describe('email_auth', () => {
  it('emails the bundle in the magic link; the key inside signs as the user; invalidateExisting revokes the earlier one', async () => {
    t = await createTestContext();
    const userId = await newUser({ userEmail: 'End@Example.com' });
    const target = newTarget();
    const params = { email: 'end@example.com', targetPublicKey: target.publicKey, emailCustomization: { appName: 'Example Wallet', magicLinkTemplate: 'https://app.example.com/auth#bundle=%s' } };
    await expect(t.root.client.emailAuth(params)).rejects.toEqual(rejection(9, /FEATURE_NAME_EMAIL_AUTH/));
    await withFeature('FEATURE_NAME_EMAIL_AUTH');
    await expect(t.root.client.emailAuth({ ...params, email: 'other@example.com' })).rejects.toEqual(rejection(5));
    const first = (await t.root.client.emailAuth(params)).result!.emailAuthResult!;
    expect(first.userId).toBe(userId);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ kind: 'email', to: 'End@Example.com', subject: 'Sign in to Example Wallet', operation: 'email_auth', userId });
    const bundle = new URLSearchParams(new URL(mail!.magicLink!).hash.slice(1)).get('bundle')!;
    expect(bundle).toBe(mail!.credentialBundle);
    expect(mail!.text).toContain(mail!.magicLink);
    const { client } = await clientFromBundle(bundle, target);
    expect((await client.whoami({})).userId).toBe(userId);
    const second = (await t.root.client.emailAuth({ ...params, invalidateExisting: true })).result!.emailAuthResult!;
    const { apiKeys } = await t.root.client.getApiKeys({ userId });
    expect(apiKeys.map((k) => k.apiKeyId)).toEqual([second.apiKeyId]);
    expect(apiKeys[0]!.apiKeyName).toMatch(/^Email Auth - /);
    await expect(client.whoami({})).rejects.toEqual(rejection(16));
    const cleared = await t.emulator.handle({ method: 'DELETE', path: '/emulator/v1/outbox', headers: {}, body: '' });
    expect(JSON.parse(cleared.body)).toEqual({ deleted: 2 });
    expect(await outbox()).toEqual([]);
  });

  it('may be sent by the parent for a sub-organization user, and honours disableEmailAuth', async () => {
    t = await createTestContext();
    await withFeature('FEATURE_NAME_EMAIL_AUTH');
    const make = async (disableEmailAuth: boolean) =>
      (
        await t.root.client.createSubOrganization({
          subOrganizationName: `end user ${disableEmailAuth}`,
          rootQuorumThreshold: 1,
          rootUsers: [{ userName: 'End user', userEmail: 'end@example.com', apiKeys: [], authenticators: [], oauthProviders: [] }],
          disableEmailAuth,
        })
      ).result!.createSubOrganizationResultV7!;
    const open = await make(false);
    const target = newTarget();
    const activity = await t.root.client.emailAuth({ email: 'end@example.com', targetPublicKey: target.publicKey }, { organizationId: open.subOrganizationId });
    expect(activity).toMatchObject({ organizationId: open.subOrganizationId, status: 'ACTIVITY_STATUS_COMPLETED', result: { emailAuthResult: { userId: open.rootUserIds[0] } } });
    const { client } = await clientFromBundle((await outbox())[0]!.credentialBundle!, target, open.subOrganizationId);
    expect((await client.whoami({})).organizationId).toBe(open.subOrganizationId);
    const closed = await make(true);
    await expect(t.root.client.emailAuth({ email: 'end@example.com', targetPublicKey: target.publicKey }, { organizationId: closed.subOrganizationId })).rejects.toEqual(
      rejection(9, /disableEmailAuth/),
    );
    // Only the sign-in operations may be sent from the parent.
    await expect(t.root.client.createReadWriteSession({ targetPublicKey: target.publicKey }, { organizationId: open.subOrganizationId })).rejects.toEqual(rejection(16));
  });
});

describe('list_verified_suborgs', () => {
  async function subOrgWith(userEmail: string): Promise<string> {
    const created = await t.root.client.createSubOrganization({
      subOrganizationName: userEmail,
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: 'end user', userEmail, apiKeys: [], authenticators: [], oauthProviders: [] }],
    });
    return created.result.createSubOrganizationResultV7!.subOrganizationId;
  }
  const verified = async (email: string) => (await t.root.client.listVerifiedSuborgs({ filterType: 'EMAIL', filterValue: email })).organizationIds;

  it('finds an address once the user proved it: a one-time code accepted, or an emailed key used; not on sending alone', async () => {
    t = await createTestContext();
    await withFeature('FEATURE_NAME_EMAIL_AUTH');
    await withFeature('FEATURE_NAME_OTP_EMAIL_AUTH');
    const byLink = await subOrgWith('link@example.com');
    const byCode = await subOrgWith('code@example.com');
    expect((await t.root.client.listSuborgs({ filterType: 'EMAIL', filterValue: 'link@example.com' })).organizationIds).toEqual([byLink]);
    expect(await verified('link@example.com')).toEqual([]);

    const target = newTarget();
    await t.root.client.emailAuth({ email: 'link@example.com', targetPublicKey: target.publicKey }, { organizationId: byLink });
    // Sending the link proves nothing: anyone can type an address.
    expect(await verified('link@example.com')).toEqual([]);
    const { client } = await clientFromBundle((await outbox()).at(-1)!.credentialBundle!, target, byLink);
    await client.whoami({});
    expect(await verified('Link@Example.com')).toEqual([byLink]);

    const otpId = (await t.root.client.initOtpAuth({ otpType: 'OTP_TYPE_EMAIL', contact: 'code@example.com' }, { organizationId: byCode })).result!.initOtpAuthResult!.otpId;
    expect(await verified('code@example.com')).toEqual([]);
    await t.root.client.otpAuth({ otpId, otpCode: (await outbox()).at(-1)!.otpCode! }, { organizationId: byCode });
    expect(await verified('code@example.com')).toEqual([byCode]);
  });
});

describe('init_user_email_recovery and recover_user', () => {
  const exampleAuthenticator = () => {
    const paths = (openapi as unknown as { paths: Record<string, { post: { requestBody: { content: { 'application/json': { examples: Record<string, { value: { parameters: { authenticator: unknown } } }> } } } } }> }).paths;
    const example = Object.values(paths['/public/v1/submit/recover_user']!.post.requestBody.content['application/json'].examples)[0]!;
    return example.value.parameters.authenticator as Parameters<SigilClient['recoverUser']>[0]['authenticator'];
  };

  it('emails a recovery credential that registers a new passkey with recover_user, and only that', async () => {
    t = await createTestContext();
    const userId = await newUser({ userEmail: 'end@example.com' });
    const target = newTarget();
    await expect(t.root.client.initUserEmailRecovery({ email: 'end@example.com', targetPublicKey: target.publicKey })).rejects.toEqual(rejection(9, /FEATURE_NAME_EMAIL_RECOVERY/));
    await withFeature('FEATURE_NAME_EMAIL_RECOVERY');
    const init = await t.root.client.initUserEmailRecovery({ email: 'end@example.com', targetPublicKey: target.publicKey });
    expect(init.result!.initUserEmailRecoveryResult).toEqual({ userId });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ kind: 'email', to: 'end@example.com', operation: 'init_user_email_recovery', subject: 'Recover your Sigil account' });
    const recovery = await clientFromBundle(mail!.credentialBundle!, target);
    // recover_user is an activity like any other: a non-root user needs a policy allowing it.
    await expect(recovery.client.recoverUser({ userId, authenticator: exampleAuthenticator() })).rejects.toEqual(rejection(7, /no policies/));
    await t.root.client.createPolicy({ policyName: 'recovery', effect: 'EFFECT_ALLOW', condition: "activity.type == 'ACTIVITY_TYPE_RECOVER_USER'" });
    // Another credential of the organization cannot finish someone's recovery: it does not authenticate recover_user.
    await expect(t.root.client.recoverUser({ userId, authenticator: exampleAuthenticator() })).rejects.toEqual(rejection(16, /recovery credential/));
    // The recovery credential recovers the user it was emailed to, and no other.
    await expect(recovery.client.recoverUser({ userId: t.root.userId, authenticator: exampleAuthenticator() })).rejects.toEqual(
      expect.objectContaining({ code: 3, details: [expect.objectContaining({ field: 'parameters.userId' })] }),
    );
    // Until then it can do nothing else: not read, not create a wallet.
    await expect(recovery.client.whoami({})).rejects.toEqual(rejection(16, /authenticates only recover_user/));
    await expect(recovery.client.listWallets({})).rejects.toEqual(rejection(16, /authenticates only recover_user/));
    await expect(recovery.client.createWallet({ walletName: 'taken over', accounts: [] })).rejects.toEqual(rejection(16, /authenticates only recover_user/));
    const done = await recovery.client.recoverUser({ userId, authenticator: exampleAuthenticator() });
    const authenticatorId = done.result!.recoverUserResult!.authenticatorId;
    const { authenticators } = await t.root.client.getAuthenticators({ userId });
    expect(authenticators.map((a) => a.authenticatorId)).toEqual([authenticatorId]);
    // The recovery credential is spent.
    await expect(recovery.client.whoami({})).rejects.toEqual(rejection(16));
  });

  it('refuses a root user unless FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY is on', async () => {
    t = await createTestContext();
    await withFeature('FEATURE_NAME_EMAIL_RECOVERY');
    await t.root.client.updateUser({ userId: t.root.userId, userEmail: 'root@example.com' });
    const params = { email: 'root@example.com', targetPublicKey: newTarget().publicKey };
    await expect(t.root.client.initUserEmailRecovery(params)).rejects.toEqual(rejection(9, /FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY/));
    await withFeature('FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY');
    await expect(t.root.client.initUserEmailRecovery(params)).resolves.toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED' });
  });
  it('needs both features for an embedded-wallet user, the root user of their sub-organization, when the parent starts it', async () => {
    t = await createTestContext();
    const created = await t.root.client.createSubOrganization({
      subOrganizationName: 'wallet user',
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: 'end user', userEmail: 'end@example.com', apiKeys: [], authenticators: [], oauthProviders: [] }],
    });
    const { subOrganizationId } = created.result.createSubOrganizationResultV7!;
    const params = { email: 'end@example.com', targetPublicKey: newTarget().publicKey };
    await withFeature('FEATURE_NAME_EMAIL_RECOVERY');
    await expect(t.root.client.initUserEmailRecovery(params, { organizationId: subOrganizationId })).rejects.toEqual(rejection(9, /FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY/));
    await withFeature('FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY');
    await expect(t.root.client.initUserEmailRecovery(params, { organizationId: subOrganizationId })).resolves.toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED' });
  });
});

describe('oauth with the built-in test issuer', () => {
  async function mint(query: Record<string, string>): Promise<string> {
    const response = await t.emulator.handle({ method: 'GET', path: `/emulator/v1/oauth/token?${new URLSearchParams(query)}`, headers: {}, body: '' });
    expect(response.status).toBe(200);
    return (JSON.parse(response.body) as { id_token: string }).id_token;
  }
  // The oauth page's nonce: the lowercase hex SHA-256 of the targetPublicKey string.
  const nonceOf = (targetPublicKey: string) => bytesToHex(sha256(utf8ToBytes(targetPublicKey)));

  it('signs a linked user in with a token whose nonce is the SHA-256 of targetPublicKey, and refuses any other', async () => {
    t = await createTestContext();
    const userId = await newUser({ userEmail: 'end@example.com' });
    const target = newTarget();
    const linkToken = await mint({ sub: 'user-1', aud: 'my-app' });
    await t.root.client.createOauthProviders({ userId, oauthProviders: [{ providerName: 'test issuer', oidcToken: linkToken }] });

    const token = await mint({ sub: 'user-1', aud: 'my-app', nonce: nonceOf(target.publicKey) });
    const result = (await t.root.client.oauth({ oidcToken: token, targetPublicKey: target.publicKey })).result!.oauthResult!;
    expect(result.userId).toBe(userId);
    const { client } = await clientFromBundle(result.credentialBundle, target);
    expect((await client.whoami({})).userId).toBe(userId);
    const { apiKeys } = await t.root.client.getApiKeys({ userId });
    expect(apiKeys[0]).toMatchObject({ apiKeyId: result.apiKeyId, apiKeyName: expect.stringMatching(/^Oauth - /), expirationSeconds: '900' });

    const other = newTarget();
    await expect(t.root.client.oauth({ oidcToken: token, targetPublicKey: other.publicKey })).rejects.toEqual(rejection(3, /nonce/));
    const noNonce = await mint({ sub: 'user-1', aud: 'my-app' });
    await expect(t.root.client.oauth({ oidcToken: noNonce, targetPublicKey: target.publicKey })).rejects.toEqual(rejection(3, /nonce.*missing/));
    const [h, p, s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'user-2' })).toString('base64url')}.${s}`;
    await expect(t.root.client.oauth({ oidcToken: forged, targetPublicKey: target.publicKey })).rejects.toEqual(rejection(3, /signature/));
    const foreign = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: 'https://accounts.google.com', sub: 'user-1', aud: 'my-app', exp: 2e9 })).toString('base64url')}.`;
    await expect(t.root.client.oauth({ oidcToken: foreign, targetPublicKey: target.publicKey })).rejects.toEqual(rejection(3, /test issuer/));
    const expired = await mint({ sub: 'user-1', aud: 'my-app', nonce: nonceOf(target.publicKey), ttl: '-1' });
    await expect(t.root.client.oauth({ oidcToken: expired, targetPublicKey: target.publicKey })).rejects.toEqual(rejection(3, /expired/));
    const stranger = await mint({ sub: 'user-9', aud: 'my-app', nonce: nonceOf(target.publicKey) });
    await expect(t.root.client.oauth({ oidcToken: stranger, targetPublicKey: target.publicKey })).rejects.toEqual(rejection(5, /user-9/));
  });

  it('links only identities whose token the test issuer signed, also in create_sub_organization, and signs them in from the parent', async () => {
    t = await createTestContext();
    const userId = await newUser({ userEmail: 'end@example.com' });
    const foreign = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: 'https://accounts.google.com', sub: 'user-1', aud: 'my-app', exp: 2e9 })).toString('base64url')}.c2ln`;
    await expect(t.root.client.createOauthProviders({ userId, oauthProviders: [{ providerName: 'google', oidcToken: foreign }] })).rejects.toEqual(rejection(3, /test issuer/));
    const expired = await mint({ sub: 'user-1', aud: 'my-app', ttl: '-1' });
    await expect(t.root.client.createOauthProviders({ userId, oauthProviders: [{ providerName: 'p', oidcToken: expired }] })).rejects.toEqual(rejection(3, /expired/));
    const sub = await t.root.client.createSubOrganization({
      subOrganizationName: 'end user',
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: 'End user', apiKeys: [], authenticators: [], oauthProviders: [{ providerName: 'test issuer', oidcToken: await mint({ sub: 'user-7', aud: 'my-app' }) }] }],
    });
    const { subOrganizationId, rootUserIds } = sub.result!.createSubOrganizationResultV7!;
    const target = newTarget();
    const token = await mint({ sub: 'user-7', aud: 'my-app', nonce: nonceOf(target.publicKey) });
    const signedIn = await t.root.client.oauth({ oidcToken: token, targetPublicKey: target.publicKey, invalidateExisting: true }, { organizationId: subOrganizationId });
    expect(signedIn).toMatchObject({ organizationId: subOrganizationId, result: { oauthResult: { userId: rootUserIds[0] } } });
    const { client } = await clientFromBundle(signedIn.result!.oauthResult!.credentialBundle, target, subOrganizationId);
    expect((await client.whoami({})).userId).toBe(rootUserIds[0]);
  });

  it('publishes the issuer key as a JWK Set that verifies the token', async () => {
    t = await createTestContext();
    const token = await mint({ sub: 'user-1', aud: 'my-app' });
    const jwks = JSON.parse((await t.emulator.handle({ method: 'GET', path: '/emulator/v1/oauth/jwks', headers: {}, body: '' })).body) as { keys: JsonWebKey[] };
    const key = await globalThis.crypto.subtle.importKey('jwk', jwks.keys[0]!, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const [h, p, s] = token.split('.');
    const valid = await globalThis.crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, Buffer.from(s!, 'base64url'), new TextEncoder().encode(`${h}.${p}`));
    expect(valid).toBe(true);
    const bad = await t.emulator.handle({ method: 'GET', path: '/emulator/v1/oauth/token?sub=x', headers: {}, body: '' });
    expect(bad.status).toBe(400);
  });
});
