// In-memory react-native-passkey: a software platform authenticator with the module's API (Passkey.create,
// Passkey.get, Passkey.isSupported) and its results, base64url fields in WebAuthn's JSON shape. It makes real
// P-256 credentials: "none" attestations with the COSE key in authenticatorData, and assertions signed over
// authenticatorData || SHA-256(clientDataJSON), which the emulator verifies as it would a phone's.
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64urlToBytes, bytesToBase64url } from '@sigil/webauthn-stamper';

type Descriptor = { type: 'public-key'; id: unknown };
export interface PasskeyCreateRequest {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: Array<{ type: 'public-key'; alg: number }>;
  excludeCredentials?: Descriptor[];
  authenticatorSelection?: { userVerification?: string };
  attestation?: string;
  timeout?: number;
}
export interface PasskeyGetRequest {
  challenge: string;
  rpId: string;
  allowCredentials?: Descriptor[];
  userVerification?: string;
  timeout?: number;
}

interface Credential {
  id: string;
  rpId: string;
  userName: string;
  secretKey: Uint8Array;
  signCount: number;
}

/** The device: its passkeys, the app's origin as the platform reports it, and what the user does next. */
export const device = {
  credentials: [] as Credential[],
  supported: true,
  /** iOS reports the associated domain's origin; Android `android:apk-key-hash:...`. */
  origin: (rpId: string) => `https://${rpId}`,
  /** The next sheet fails with this (a `{error, message}` object, as the module throws). */
  nextError: undefined as { error: string; message: string } | undefined,
  requests: [] as Array<{ kind: 'create'; request: PasskeyCreateRequest } | { kind: 'get'; request: PasskeyGetRequest }>,
  reset() {
    this.credentials = [];
    this.supported = true;
    this.nextError = undefined;
    this.requests = [];
    this.origin = (rpId: string) => `https://${rpId}`;
  },
};

function cbor(value: unknown): number[] {
  const out: number[] = [];
  const head = (major: number, n: number) => {
    if (n < 24) out.push((major << 5) | n);
    else if (n < 256) out.push((major << 5) | 24, n);
    else out.push((major << 5) | 25, n >> 8, n & 0xff);
  };
  const write = (v: unknown): void => {
    if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
    if (typeof v === 'string') {
      const bytes = new TextEncoder().encode(v);
      head(3, bytes.length);
      out.push(...bytes);
    } else if (v instanceof Uint8Array) {
      head(2, v.length);
      out.push(...v);
    } else if (v instanceof Map) {
      head(5, v.size);
      for (const [key, item] of v) (write(key), write(item));
    } else {
      throw new Error(`fake authenticator cannot CBOR-encode ${typeof v}`);
    }
  };
  write(value);
  return out;
}

const b64 = (bytes: Uint8Array | number[]) => bytesToBase64url(Uint8Array.from(bytes));
const utf8 = (text: string) => new TextEncoder().encode(text);
const counterBytes = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

function takeError(): void {
  const error = device.nextError;
  device.nextError = undefined;
  if (error) throw error;
}

function checkBase64url(value: unknown, what: string): void {
  // The module sends the request as JSON: anything but a base64url string is a malformed request there.
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]+$/.test(value)) throw { error: 'InvalidChallenge', message: `${what} must be a base64url string` };
}

export class Passkey {
  static isSupported(): boolean {
    return device.supported;
  }

  static async create(request: PasskeyCreateRequest) {
    device.requests.push({ kind: 'create', request });
    if (!device.supported) throw { error: 'NotSupported', message: 'Passkeys are not supported on this device.' };
    takeError();
    checkBase64url(request.challenge, 'challenge');
    checkBase64url(request.user.id, 'user.id');
    if (!request.pubKeyCredParams.some((p) => p.alg === -7)) throw { error: 'NotSupported', message: 'Only ES256 credentials can be created here' };
    const excluded = new Set((request.excludeCredentials ?? []).map((c) => (checkBase64url(c.id, 'excludeCredentials[].id'), c.id)));
    if (device.credentials.some((c) => c.rpId === request.rp.id && excluded.has(c.id))) {
      throw { error: 'CredentialAlreadyExists', message: 'A passkey for this account already exists on this device.' };
    }
    const secretKey = p256.utils.randomSecretKey();
    const point = p256.getPublicKey(secretKey, false);
    const rawId = crypto.getRandomValues(new Uint8Array(16));
    const credential: Credential = { id: b64(rawId), rpId: request.rp.id, userName: request.user.name, secretKey, signCount: 0 };
    device.credentials.push(credential);
    const coseKey = cbor(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, point.slice(1, 33)], [-3, point.slice(33)]]));
    // Flags: user present, user verified, attested credential data.
    const authData = [...sha256(utf8(request.rp.id)), 0x45, ...counterBytes(0), ...new Uint8Array(16), 0, rawId.length, ...rawId, ...coseKey];
    const attestationObject = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', Uint8Array.from(authData)]]));
    const clientDataJSON = utf8(JSON.stringify({ type: 'webauthn.create', challenge: request.challenge, origin: device.origin(request.rp.id) }));
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ['internal', 'hybrid'] as AuthenticatorTransport[] },
    };
  }

  static async get(request: PasskeyGetRequest) {
    device.requests.push({ kind: 'get', request });
    if (!device.supported) throw { error: 'NotSupported', message: 'Passkeys are not supported on this device.' };
    takeError();
    checkBase64url(request.challenge, 'challenge');
    const allowed = request.allowCredentials?.map((c) => (checkBase64url(c.id, 'allowCredentials[].id'), c.id));
    const credential = device.credentials.find((c) => c.rpId === request.rpId && (!allowed || allowed.includes(c.id)));
    if (!credential) throw { error: 'NoCredentials', message: 'No viable credential is available for the user.' };
    credential.signCount += 1;
    const authenticatorData = Uint8Array.from([...sha256(utf8(request.rpId)), 0x05, ...counterBytes(credential.signCount)]);
    const clientDataJSON = utf8(JSON.stringify({ type: 'webauthn.get', challenge: request.challenge, origin: device.origin(request.rpId) }));
    const signature = p256.sign(Uint8Array.from([...authenticatorData, ...sha256(clientDataJSON)]), credential.secretKey, { format: 'der', prehash: true });
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: { authenticatorData: b64(authenticatorData), clientDataJSON: b64(clientDataJSON), signature: b64(signature), userHandle: b64(utf8(credential.userName)) },
    };
  }
}

/** For tests that check the challenge: the base64url SHA-256 of a body, as the stamp must carry it. */
export const challengeOf = (body: string) => bytesToBase64url(sha256(utf8(body)));
export { base64urlToBytes };
