// Sign-in and recovery: read-write sessions, email auth, one-time codes, OAuth and email recovery.
// Each issues a short-lived P-256 API key for a user and hands its private key over only inside an
// HPKE bundle to the caller's target key (bundles.ts); emails and text messages go to the outbox.
import { exhausted, invalid, notFound, precondition } from './errors.js';
import { limit } from './document.js';
import { sha256Hex, uuid } from './encoding.js';
import { newP256ApiKey, sealBundle } from './bundles.js';
import { C, dropExpiredApiKeys, type ApiKeyRecord, type OrganizationRecord, type SignInSetting, type UserRecord } from './model.js';
import { sendMessage } from './outbox.js';
import { verifyIdToken } from './oauth-issuer.js';
import type { ExecutionContext, SubmissionHandlers } from './handler-types.js';
import type { Database } from './store.js';
import { organizationAndAncestors, userIn, usersOf } from './organization-scope.js';
import { ApiErrorKeepingWrites } from './kept-writes.js';
import { addAuthenticators, checkApiPublicKey } from './users/credentials.js';

const API_KEYS_MAX = limit<number>('api-keys-per-user');
const CREDENTIAL_SECONDS = limit<number>('credential-default-lifetime');
const SESSION_SECONDS = limit<number>('read-write-session-default-lifetime');
const OTP_LENGTH = limit<number>('otp-code-length');
const OTP_SECONDS = limit<number>('otp-code-lifetime');
const OTP_ATTEMPTS = limit<number>('otp-attempts-max');

const OTPS = 'otps';

interface OtpRecord {
  otpId: string;
  organizationId: string;
  userId: string;
  otpType: 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS';
  contact: string;
  code: string;
  expiresAtMs: number;
  attemptsLeft: number;
  used: boolean;
}

type KeyKind = 'email_auth' | 'otp_auth' | 'oauth' | 'read_write_session' | 'email_recovery';

/** A feature counts when the organization or any organization above it has it set. */
function featureOn(db: Database, organization: OrganizationRecord, name: string): boolean {
  return organizationAndAncestors(db, organization).some((o) => o.features.some((f) => f.name === name));
}

function settingOff(organization: OrganizationRecord, setting: SignInSetting): boolean {
  return organization.signInSettings?.[setting] === true;
}

function requireChannel(context: ExecutionContext, feature: string, setting: SignInSetting, what: string): void {
  if (settingOff(context.organization, setting)) {
    throw precondition(`${what} is switched off: sub-organization ${context.organization.organizationId} was created with ${setting}`);
  }
  if (!featureOn(context.db, context.organization, feature)) {
    throw precondition(
      `${what} is switched off: ${feature} is not enabled` + (context.organization.parentOrganizationId ? ' on this sub-organization or its parent' : ' on this organization'),
    );
  }
}

function userByEmail(context: ExecutionContext, email: string, field: string): UserRecord {
  const wanted = email.toLowerCase();
  const user = usersOf(context.db, context.organization.organizationId).find((u) => u.userEmail?.toLowerCase() === wanted);
  if (!user) throw notFound(`no user of organization ${context.organization.organizationId} has the email address ${email}`, field);
  return user;
}

function checkTarget(p: { targetPublicKey?: string }, field = 'parameters.targetPublicKey'): string {
  checkApiPublicKey(field, p.targetPublicKey, 'API_KEY_CURVE_P256');
  return p.targetPublicKey;
}

/**
 * Creates a P-256 API key for `user`, valid for `expirationSeconds` (or the default lifetime), and
 * returns its ID and its private key sealed to `targetPublicKey`.
 */
function issueKey(
  context: ExecutionContext,
  user: UserRecord,
  input: { targetPublicKey: string; apiKeyName?: unknown; expirationSeconds?: unknown; invalidateExisting?: unknown },
  kind: KeyKind,
  defaultName: string,
  defaultSeconds: number,
): { apiKeyId: string; credentialBundle: string } {
  const { db, now } = context;
  if (input.invalidateExisting === true) {
    for (const key of db.lookupRecords<ApiKeyRecord & { issuedBy?: string }>('apiKeysByUser', user.userId, C.apiKeys)) {
      if (key.issuedBy === kind) db.delete(C.apiKeys, key.apiKeyId);
    }
  }
  dropExpiredApiKeys(db, user.userId, now);
  if (db.lookup('apiKeysByUser', user.userId).length >= API_KEYS_MAX) {
    throw exhausted(`a user holds at most ${API_KEYS_MAX} API keys, counting sign-in and session keys (x-limits api-keys-per-user); send invalidateExisting: true`, 'parameters');
  }
  const seconds = input.expirationSeconds === undefined ? String(defaultSeconds) : String(input.expirationSeconds);
  if (!/^[1-9][0-9]*$/.test(seconds)) throw invalid('parameters.expirationSeconds', 'parameters.expirationSeconds: must be a whole number of seconds above 0');
  const issued = newP256ApiKey();
  const apiKeyId = uuid();
  db.put(C.apiKeys, apiKeyId, {
    apiKeyId,
    userId: user.userId,
    organizationId: user.organizationId,
    apiKeyName: typeof input.apiKeyName === 'string' ? input.apiKeyName : `${defaultName} - ${new Date(now).toISOString()}`,
    publicKey: issued.publicKey,
    curveType: 'API_KEY_CURVE_P256',
    expirationSeconds: seconds,
    createdAtMs: now,
    issuedBy: kind,
  } satisfies ApiKeyRecord & { issuedBy: KeyKind });
  return { apiKeyId, credentialBundle: sealBundle(input.targetPublicKey, issued.privateKey) };
}

interface EmailCustomization {
  appName?: string;
  magicLinkTemplate?: string;
  templateId?: string;
}

function emailWithBundle(
  context: ExecutionContext,
  user: UserRecord,
  operation: 'email_auth' | 'init_user_email_recovery',
  bundle: string,
  customization: EmailCustomization | undefined,
): void {
  const appName = customization?.appName ?? 'Sigil';
  const magicLink = customization?.magicLinkTemplate?.replace('%s', bundle);
  const purpose = operation === 'email_auth' ? 'sign in' : 'recover your account';
  sendMessage(context.db, {
    time: new Date(context.now).toISOString(),
    kind: 'email',
    to: user.userEmail!,
    subject: operation === 'email_auth' ? `Sign in to ${appName}` : `Recover your ${appName} account`,
    text: magicLink
      ? `Hello ${user.userName}, open this link to ${purpose}: ${magicLink}`
      : `Hello ${user.userName}, paste this code into ${appName} to ${purpose}: ${bundle}`,
    operation,
    organizationId: user.organizationId,
    userId: user.userId,
    activityId: context.activityId,
    credentialBundle: bundle,
    ...(magicLink ? { magicLink } : {}),
    ...(customization?.templateId ? { templateId: customization.templateId } : {}),
  });
}

function randomOtpCode(): string {
  // Rejection sampling keeps every code equally likely.
  const bound = 10 ** OTP_LENGTH;
  const limitValue = Math.floor(0x1_0000_0000 / bound) * bound;
  const word = new Uint32Array(1);
  do globalThis.crypto.getRandomValues(word);
  while (word[0]! >= limitValue);
  return String(word[0]! % bound).padStart(OTP_LENGTH, '0');
}

const OTP_CHANNEL = {
  OTP_TYPE_EMAIL: { feature: 'FEATURE_NAME_OTP_EMAIL_AUTH', setting: 'disableOtpEmailAuth', what: 'one-time codes by email' },
  OTP_TYPE_SMS: { feature: 'FEATURE_NAME_SMS_AUTH', setting: 'disableSmsAuth', what: 'one-time codes by SMS' },
} as const;

export const SIGNIN_SUBMISSIONS = {
  create_read_write_session: {
    execute(context, p) {
      const targetPublicKey = checkTarget(p);
      const user = p.userId === undefined ? context.user : userIn(context, p.userId, 'parameters.userId');
      const issued = issueKey(context, user, { ...p, targetPublicKey }, 'read_write_session', 'Read Write Session', SESSION_SECONDS);
      return {
        organizationId: context.organization.organizationId,
        organizationName: context.organization.organizationName,
        userId: user.userId,
        username: user.userName,
        ...issued,
      };
    },
  },
  email_auth: {
    execute(context, p) {
      requireChannel(context, 'FEATURE_NAME_EMAIL_AUTH', 'disableEmailAuth', 'email auth');
      const targetPublicKey = checkTarget(p);
      const user = userByEmail(context, p.email, 'parameters.email');
      const issued = issueKey(context, user, { ...p, targetPublicKey }, 'email_auth', 'Email Auth', CREDENTIAL_SECONDS);
      emailWithBundle(context, user, 'email_auth', issued.credentialBundle, p.emailCustomization);
      return { userId: user.userId, apiKeyId: issued.apiKeyId };
    },
  },
  init_otp_auth: {
    execute(context, p) {
      const otpType = p.otpType;
      const channel = OTP_CHANNEL[otpType];
      requireChannel(context, channel.feature, channel.setting, channel.what);
      const contact = p.contact;
      let user: UserRecord | undefined;
      if (otpType === 'OTP_TYPE_EMAIL') {
        if (!/^[^\s@]+@[^\s@]+$/.test(contact)) throw invalid('parameters.contact', 'parameters.contact: OTP_TYPE_EMAIL takes an email address');
        user = usersOf(context.db, context.organization.organizationId).find((u) => u.userEmail?.toLowerCase() === contact.toLowerCase());
      } else {
        if (!/^\+[1-9][0-9]{1,14}$/.test(contact)) {
          throw invalid('parameters.contact', 'parameters.contact: OTP_TYPE_SMS takes an E.164 phone number, + and at most 15 digits (x-limits phone-number-max-digits)');
        }
        user = usersOf(context.db, context.organization.organizationId).find((u) => u.userPhoneNumber === contact);
      }
      if (!user) throw notFound(`no user of organization ${context.organization.organizationId} has the contact ${contact}`, 'parameters.contact');
      const code = randomOtpCode();
      const otp: OtpRecord = {
        otpId: uuid(),
        organizationId: context.organization.organizationId,
        userId: user.userId,
        otpType,
        contact,
        code,
        expiresAtMs: context.now + OTP_SECONDS * 1000,
        attemptsLeft: OTP_ATTEMPTS,
        used: false,
      };
      context.db.put(OTPS, otp.otpId, otp);
      const email = p.emailCustomization;
      const sms = p.smsCustomization;
      const appName = email?.appName ?? 'Sigil';
      sendMessage(context.db, {
        time: new Date(context.now).toISOString(),
        kind: otpType === 'OTP_TYPE_EMAIL' ? 'email' : 'sms',
        to: contact,
        ...(otpType === 'OTP_TYPE_EMAIL' ? { subject: `Your ${appName} code` } : {}),
        text:
          otpType === 'OTP_TYPE_SMS' && sms?.template
            ? sms.template.replaceAll('{{.OtpCode}}', code)
            : `Your ${appName} code is ${code}. It expires in ${OTP_SECONDS / 60} minutes.`,
        operation: 'init_otp_auth',
        organizationId: otp.organizationId,
        userId: user.userId,
        activityId: context.activityId,
        otpCode: code,
        ...(email?.templateId ? { templateId: email.templateId } : {}),
      });
      return { otpId: otp.otpId };
    },
  },
  otp_auth: {
    execute(context, p) {
      const otp = context.db.get<OtpRecord>(OTPS, p.otpId);
      if (!otp || otp.organizationId !== context.organization.organizationId) {
        throw notFound(`one-time code ${String(p.otpId)} not found in organization ${context.organization.organizationId}`, 'parameters.otpId');
      }
      const channel = OTP_CHANNEL[otp.otpType];
      requireChannel(context, channel.feature, channel.setting, channel.what);
      if (otp.used) throw precondition(`one-time code ${otp.otpId} was already used; request a new one with init_otp_auth`, 'parameters.otpId');
      if (otp.expiresAtMs <= context.now) throw precondition(`one-time code ${otp.otpId} expired (x-limits otp-code-lifetime); request a new one with init_otp_auth`, 'parameters.otpId');
      if (otp.attemptsLeft <= 0) {
        throw precondition(`one-time code ${otp.otpId} had ${OTP_ATTEMPTS} wrong attempts (x-limits otp-attempts-max); request a new one with init_otp_auth`, 'parameters.otpId');
      }
      if (p.otpCode !== otp.code) {
        const attemptsLeft = otp.attemptsLeft - 1;
        throw new ApiErrorKeepingWrites(
          invalid('parameters.otpCode', `parameters.otpCode: does not match; ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left`),
          [{ collection: OTPS, id: otp.otpId, value: { ...otp, attemptsLeft } }],
        );
      }
      context.db.put(OTPS, otp.otpId, { ...otp, used: true });
      const found = context.db.get<UserRecord>(C.users, otp.userId);
      if (!found) throw notFound(`the user of one-time code ${otp.otpId} no longer exists`, 'parameters.otpId');
      // The right code proves the user reads the address it was sent to (list_verified_suborgs).
      const user: UserRecord = { ...found, ...(otp.otpType === 'OTP_TYPE_EMAIL' ? { emailVerified: true } : { phoneVerified: true }) };
      context.db.put(C.users, user.userId, user);
      if (p.targetPublicKey === undefined) return { userId: user.userId };
      const targetPublicKey = checkTarget(p);
      const issued = issueKey(context, user, { ...p, targetPublicKey }, 'otp_auth', 'OTP Auth', CREDENTIAL_SECONDS);
      return { userId: user.userId, ...issued };
    },
  },
  oauth: {
    execute(context, p) {
      const targetPublicKey = checkTarget(p);
      const claims = verifyIdToken(context.db, p.oidcToken, 'parameters.oidcToken', context.now);
      const expected = sha256Hex(targetPublicKey);
      if (claims.nonce !== expected) {
        throw invalid(
          'parameters.oidcToken',
          `parameters.oidcToken: its nonce claim must be the lowercase hex SHA-256 of targetPublicKey (${expected}), so the token cannot be redeemed for another key; it is ${claims.nonce === undefined ? 'missing' : JSON.stringify(claims.nonce)}`,
        );
      }
      const user = usersOf(context.db, context.organization.organizationId).find((u) =>
        context.db
          .lookupRecords<{ issuer: string; subject: string; audience: string }>('oauthProvidersByUser', u.userId, C.oauthProviders)
          .some((provider) => provider.issuer === claims.iss && provider.subject === claims.sub && provider.audience === claims.aud),
      );
      if (!user) {
        throw notFound(`no user of organization ${context.organization.organizationId} has linked the OAuth identity ${claims.iss} ${claims.sub} for audience ${claims.aud}`, 'parameters.oidcToken');
      }
      const issued = issueKey(context, user, { ...p, targetPublicKey }, 'oauth', 'Oauth', CREDENTIAL_SECONDS);
      return { userId: user.userId, ...issued };
    },
  },
  init_user_email_recovery: {
    execute(context, p) {
      requireChannel(context, 'FEATURE_NAME_EMAIL_RECOVERY', 'disableEmailRecovery', 'email recovery');
      const targetPublicKey = checkTarget(p);
      const user = userByEmail(context, p.email, 'parameters.email');
      if (context.organization.rootQuorum.userIds.includes(user.userId) && !featureOn(context.db, context.organization, 'FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY')) {
        throw precondition(`user ${user.userId} is a root user and FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY is not enabled`, 'parameters.email');
      }
      const issued = issueKey(context, user, { ...p, targetPublicKey, invalidateExisting: true }, 'email_recovery', 'Email Recovery', CREDENTIAL_SECONDS);
      emailWithBundle(context, user, 'init_user_email_recovery', issued.credentialBundle, p.emailCustomization);
      return { userId: user.userId };
    },
  },
  recover_user: {
    execute(context, p) {
      requireChannel(context, 'FEATURE_NAME_EMAIL_RECOVERY', 'disableEmailRecovery', 'email recovery');
      const user = userIn(context, p.userId, 'parameters.userId');
      // Only a recovery credential reaches this point (credential-scope.ts); it recovers the user it was emailed to.
      const key = context.db
        .lookupRecords<ApiKeyRecord>('apiKeysByUser', user.userId, C.apiKeys)
        .find((k) => k.publicKey === context.credential?.publicKey && k.issuedBy === 'email_recovery');
      if (!key) {
        throw invalid(
          'parameters.userId',
          `parameters.userId: user ${user.userId} is not the user this recovery credential recovers; send the userId from init_user_email_recovery's result`,
        );
      }
      const [authenticatorId] = addAuthenticators(context.db, user.organizationId, user, [p.authenticator], 'parameters.authenticator', context.now);
      // The recovery credential does its one job.
      context.db.delete(C.apiKeys, key.apiKeyId);
      return { authenticatorId: authenticatorId! };
    },
  },
} satisfies SubmissionHandlers;
