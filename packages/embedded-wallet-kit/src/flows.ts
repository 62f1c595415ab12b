// The sign-in flows behind <SigilAuth>, without any UI: each ends with a read-write session whose key lives in
// memory only (startReadWriteSession keeps it in a closure).
import {
  BundleError,
  createBrowserClient,
  createPasskey,
  createPasskeyClient,
  decryptCredentialBundle,
  generateTargetKeyPair,
  SigilError,
  startReadWriteSession,
  type ReadWriteSession,
  type SigilClient,
  type TargetKeyPair,
} from '@sigil/sdk-browser';
import { completed } from './activity.js';
import { callBackend } from './backend.js';
import { SigilKitError } from './errors.js';
import type { OtpType, SigilKitContextValue, SigilKitSession } from './provider.js';

type Kit = Pick<SigilKitContextValue, 'rpId' | 'appName' | 'server' | 'baseUrl'>;

const RESOURCE_EXHAUSTED = 8;
const OTP_CODE = /^[0-9]{6}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9][0-9]{1,14}$/;

// Only IDs go to storage, never a key: the passkey itself proves who the user is; the IDs say which sub-organization
// to ask and which of the user's passkeys to offer.
interface DeviceRecord {
  organizationId: string;
  /** base64url, when this device registered the passkey. */
  credentialId?: string;
}

const deviceKey = (rpId: string): string => `sigil-kit:${rpId}:account`;

function remember(rpId: string, record: DeviceRecord): void {
  try {
    const known = remembered(rpId);
    // Keep the passkey this device registered while the user stays in the same sub-organization.
    const credentialId = record.credentialId ?? (known?.organizationId === record.organizationId ? known.credentialId : undefined);
    window.localStorage.setItem(deviceKey(rpId), JSON.stringify({ organizationId: record.organizationId, ...(credentialId ? { credentialId } : {}) }));
  } catch {
    // Storage may be off (private mode); the user then signs in by email next time.
  }
}

function rememberOrganization(rpId: string, organizationId: string): void {
  remember(rpId, { organizationId });
}

export function remembered(rpId: string): DeviceRecord | undefined {
  try {
    const text = window.localStorage.getItem(deviceKey(rpId));
    if (!text) return undefined;
    const record = JSON.parse(text) as Partial<DeviceRecord>;
    return typeof record.organizationId === 'string' ? { organizationId: record.organizationId, ...(typeof record.credentialId === 'string' ? { credentialId: record.credentialId } : {}) } : undefined;
  } catch {
    return undefined;
  }
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed)) throw new SigilKitError('invalid-input', 'Enter an email address such as name@example.com');
  return trimmed;
}

export function checkOtpCode(code: string): string {
  const trimmed = code.trim();
  if (!OTP_CODE.test(trimmed)) throw new SigilKitError('invalid-input', 'The code is exactly 6 digits');
  return trimmed;
}

export function checkContact(otpType: OtpType, contact: string): string {
  if (otpType === 'OTP_TYPE_EMAIL') return checkEmail(contact);
  const trimmed = contact.trim();
  if (!E164.test(trimmed)) throw new SigilKitError('invalid-input', 'Enter the phone number in E.164 form, such as +14155550100');
  return trimmed;
}

async function openCredential(bundle: string, target: TargetKeyPair): Promise<{ apiPublicKey: string; apiPrivateKey: string }> {
  try {
    return await decryptCredentialBundle(bundle.trim(), target.privateKey);
  } catch (error) {
    const detail = error instanceof BundleError ? error.message : String(error);
    throw new SigilKitError('invalid-bundle', `That code does not open with this sign-in's key: ${detail}`, { cause: error });
  }
}

/**
 * `startReadWriteSession`, and once more with `invalidateExisting` when the user already holds the most API keys
 * Sigil allows (`api-keys-per-user`): the kit keeps session keys in memory only, so the earlier ones of this user are
 * keys of pages that are gone or will sign in again.
 */
async function startSession(client: SigilClient, sessionSeconds: number): Promise<ReadWriteSession> {
  try {
    return await startReadWriteSession(client, { expirationSeconds: sessionSeconds });
  } catch (error) {
    if (!(error instanceof SigilError) || error.code !== RESOURCE_EXHAUSTED || !/API keys/.test(error.message)) throw error;
    return startReadWriteSession(client, { expirationSeconds: sessionSeconds, invalidateExisting: true });
  }
}

async function sessionFromCredential(
  kit: Kit,
  organizationId: string,
  credential: { apiPublicKey: string; apiPrivateKey: string },
  sessionSeconds: number,
): Promise<SigilKitSession> {
  const client = createBrowserClient({ ...credential, organizationId, baseUrl: kit.baseUrl });
  const session = await startSession(client, sessionSeconds);
  return { client: session.client, organizationId: session.organizationId, userId: session.userId };
}

/** One passkey prompt for the session of the sub-organization this device signed in to before. */
export async function signInWithPasskey(kit: Kit, sessionSeconds: number): Promise<SigilKitSession> {
  const known = remembered(kit.rpId);
  if (!known) {
    throw new SigilKitError('no-account-on-device', 'This device has not signed in before: sign in by email once, or recover your account');
  }
  const client = createPasskeyClient({
    rpId: kit.rpId,
    organizationId: known.organizationId,
    baseUrl: kit.baseUrl,
    readOnlySession: undefined,
    ...(known.credentialId ? { allowCredentials: [{ type: 'public-key' as const, id: fromBase64url(known.credentialId) }] } : {}),
  });
  const session = await startSession(client, sessionSeconds);
  rememberOrganization(kit.rpId, session.organizationId);
  return { client: session.client, organizationId: session.organizationId, userId: session.userId };
}

/** Registers a passkey, has the backend create the user's sub-organization with it, then starts a session (a second prompt). */
export async function signUpWithPasskey(kit: Kit, email: string, sessionSeconds: number): Promise<SigilKitSession> {
  const userEmail = checkEmail(email);
  const passkey = await createPasskey({ rp: { id: kit.rpId, name: kit.appName }, user: { name: userEmail, displayName: userEmail } });
  const created = await callBackend<{ organizationId: string; userId: string }>(
    'createSubOrganization',
    kit.server.createSubOrganization,
    { userName: userEmail, userEmail, passkey: { authenticatorName: `${kit.appName} passkey`, ...passkey } },
    ['organizationId', 'userId'],
  );
  remember(kit.rpId, { organizationId: created.organizationId, credentialId: passkey.attestation.credentialId });
  return signInWithPasskey(kit, sessionSeconds);
}

/** Step one of an email sign-in: the backend asks Sigil to email a credential sealed to a fresh in-memory key. */
export async function startEmailSignIn(kit: Kit, email: string): Promise<{ organizationId: string; target: TargetKeyPair }> {
  const target = generateTargetKeyPair();
  const { organizationId } = await callBackend<{ organizationId: string }>(
    'emailAuth',
    kit.server.emailAuth,
    { email: checkEmail(email), targetPublicKey: target.targetPublicKey, emailCustomization: { appName: kit.appName } },
    ['organizationId'],
  );
  return { organizationId, target };
}

/** Step two: the code from the email (the credential bundle) opens with the key, and starts the session. */
export async function finishEmailSignIn(
  kit: Kit,
  pending: { organizationId: string; target: TargetKeyPair },
  code: string,
  sessionSeconds: number,
): Promise<SigilKitSession> {
  if (!code.trim()) throw new SigilKitError('invalid-input', 'Paste the code from the email');
  const credential = await openCredential(code, pending.target);
  const session = await sessionFromCredential(kit, pending.organizationId, credential, sessionSeconds);
  rememberOrganization(kit.rpId, session.organizationId);
  return session;
}

export async function startOtpSignIn(kit: Kit, otpType: OtpType, contact: string): Promise<{ organizationId: string; otpId: string }> {
  return callBackend<{ organizationId: string; otpId: string }>(
    'initOtpAuth',
    kit.server.initOtpAuth,
    { otpType, contact: checkContact(otpType, contact) },
    ['organizationId', 'otpId'],
  );
}

export async function finishOtpSignIn(
  kit: Kit,
  pending: { organizationId: string; otpId: string },
  otpCode: string,
  sessionSeconds: number,
): Promise<SigilKitSession> {
  const code = checkOtpCode(otpCode);
  const target = generateTargetKeyPair();
  const answer = await callBackend<{ organizationId: string; credentialBundle: string }>(
    'otpAuth',
    kit.server.otpAuth,
    { organizationId: pending.organizationId, otpId: pending.otpId, otpCode: code, targetPublicKey: target.targetPublicKey },
    ['organizationId', 'credentialBundle'],
  );
  const credential = await openCredential(answer.credentialBundle, target);
  const session = await sessionFromCredential(kit, answer.organizationId, credential, sessionSeconds);
  rememberOrganization(kit.rpId, session.organizationId);
  return session;
}

/** The `nonce` an ID token must carry for `oauth` to accept it: SHA-256 of the target public key, lowercase hex. */
export async function oauthNonce(targetPublicKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(targetPublicKey));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function finishOauthSignIn(kit: Kit, oidcToken: string, target: TargetKeyPair, sessionSeconds: number): Promise<SigilKitSession> {
  const answer = await callBackend<{ organizationId: string; credentialBundle: string }>(
    'oauth',
    kit.server.oauth,
    { oidcToken, targetPublicKey: target.targetPublicKey },
    ['organizationId', 'credentialBundle'],
  );
  const credential = await openCredential(answer.credentialBundle, target);
  const session = await sessionFromCredential(kit, answer.organizationId, credential, sessionSeconds);
  rememberOrganization(kit.rpId, session.organizationId);
  return session;
}

/** Step one of recovery: Sigil emails a recovery credential sealed to a fresh in-memory key. */
export async function startRecovery(kit: Kit, email: string): Promise<{ organizationId: string; userId: string; target: TargetKeyPair }> {
  const target = generateTargetKeyPair();
  const answer = await callBackend<{ organizationId: string; userId: string }>(
    'initUserEmailRecovery',
    kit.server.initUserEmailRecovery,
    { email: checkEmail(email), targetPublicKey: target.targetPublicKey, emailCustomization: { appName: kit.appName } },
    ['organizationId', 'userId'],
  );
  return { ...answer, target };
}

/** Step two: with the emailed credential, register a new passkey (`recover_user`), then start the session. */
export async function finishRecovery(
  kit: Kit,
  pending: { organizationId: string; userId: string; target: TargetKeyPair },
  code: string,
  email: string,
  sessionSeconds: number,
): Promise<SigilKitSession> {
  if (!code.trim()) throw new SigilKitError('invalid-input', 'Paste the code from the recovery email');
  const credential = await openCredential(code, pending.target);
  const client = createBrowserClient({ ...credential, organizationId: pending.organizationId, baseUrl: kit.baseUrl });
  const name = email.trim() || kit.appName;
  const passkey = await createPasskey({ rp: { id: kit.rpId, name: kit.appName }, user: { name, displayName: name } });
  completed(
    'recover_user',
    await client.recoverUser(
      { userId: pending.userId, authenticator: { authenticatorName: `${kit.appName} passkey`, ...passkey } },
      { wait: true },
    ),
  );
  // The recovery credential ends with recover_user; the new passkey opens the session.
  remember(kit.rpId, { organizationId: pending.organizationId, credentialId: passkey.attestation.credentialId });
  return signInWithPasskey(kit, sessionSeconds);
}
