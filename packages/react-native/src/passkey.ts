import { sha256 } from '@noble/hashes/sha2.js';
import type { components } from '@sigil/http';
import { Passkey } from 'react-native-passkey';
import { base64urlToBytes, bytesToBase64url, toBase64url } from './base64url.js';
import { toPasskeyError } from './errors.js';

export type AuthenticatorTransport = components['schemas']['AuthenticatorTransport'];
export type Attestation = components['schemas']['Attestation'];
export type UserVerification = 'required' | 'preferred' | 'discouraged';

export interface CreatePasskeyOptions {
  /** The relying party: `id` is your associated domain (e.g. `example.com`), `name` what the sheet shows. */
  rp: { id: string; name: string };
  /** `id` defaults to 16 random bytes; pass a stable one (bytes or base64url) to replace the user's passkey on re-registration. */
  user: { name: string; displayName: string; id?: Uint8Array | string };
  /** base64url or bytes. Default: 32 random bytes. */
  challenge?: Uint8Array | string;
  /** COSE algorithms, most preferred first. Default `[-7]` (ES256, P-256 with SHA-256), the one Sigil verifies. */
  algorithms?: number[];
  /** Default `'preferred'`. */
  userVerification?: UserVerification;
  /** Base64url credential IDs the user already has, so the device does not create a duplicate. */
  excludeCredentials?: string[];
  /** Milliseconds the sheet waits for the user. Default 60000. */
  timeout?: number;
}

/** What `createPasskey` returns: add an `authenticatorName` and it is an `AuthenticatorParamsV2`. */
export interface CreatedPasskey {
  attestation: Attestation;
  /** The registration challenge, base64url. */
  challenge: string;
}

const TRANSPORTS: Record<string, AuthenticatorTransport> = {
  ble: 'AUTHENTICATOR_TRANSPORT_BLE',
  internal: 'AUTHENTICATOR_TRANSPORT_INTERNAL',
  nfc: 'AUTHENTICATOR_TRANSPORT_NFC',
  usb: 'AUTHENTICATOR_TRANSPORT_USB',
  hybrid: 'AUTHENTICATOR_TRANSPORT_HYBRID',
};

/**
 * react-native-passkey types credential IDs as WebAuthn's `PublicKeyCredentialDescriptor` (an `id` of bytes),
 * but sends the request to the platform with `JSON.stringify`, where only a base64url string survives.
 */
const descriptor = (id: string): PublicKeyCredentialDescriptor => ({ type: 'public-key', id: id as unknown as BufferSource });

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));
const toBytes = (value: Uint8Array | string) => (typeof value === 'string' ? base64urlToBytes(value) : value);

/** Whether this device and OS version can use passkeys (iOS 16+, Android 9+ with Google Play services). */
export async function isPasskeySupported(): Promise<boolean> {
  try {
    return Passkey.isSupported() === true;
  } catch {
    // A module that is not linked into the app throws here: no native passkeys, then.
    return false;
  }
}

/**
 * Registers a passkey with the system sheet (AuthenticationServices on iOS, Credential Manager on Android)
 * and returns the attestation in the shape `create_sub_organization`, `create_authenticators` and
 * `recover_user` take. Throws `PasskeyError` when the sheet fails or the user dismisses it.
 */
export async function createPasskey(options: CreatePasskeyOptions): Promise<CreatedPasskey> {
  const challenge = options.challenge === undefined ? randomBytes(32) : toBytes(options.challenge);
  const userVerification = options.userVerification ?? 'preferred';
  let result;
  try {
    result = await Passkey.create({
      challenge: bytesToBase64url(challenge),
      rp: options.rp,
      user: {
        id: bytesToBase64url(options.user.id === undefined ? randomBytes(16) : toBytes(options.user.id)),
        name: options.user.name,
        displayName: options.user.displayName,
      },
      pubKeyCredParams: (options.algorithms ?? [-7]).map((alg) => ({ type: 'public-key' as const, alg })),
      // Passkeys are discoverable credentials kept on the device or in the platform's keychain.
      authenticatorSelection: { authenticatorAttachment: 'platform', residentKey: 'required', requireResidentKey: true, userVerification },
      attestation: 'none',
      timeout: options.timeout ?? 60_000,
      ...(options.excludeCredentials
        ? { excludeCredentials: options.excludeCredentials.map(descriptor) }
        : {}),
    });
  } catch (error) {
    throw toPasskeyError(error);
  }
  return {
    attestation: {
      credentialId: toBase64url(result.rawId ?? result.id),
      clientDataJson: toBase64url(result.response.clientDataJSON),
      attestationObject: toBase64url(result.response.attestationObject),
      transports: (result.response.transports ?? []).flatMap((t) => (TRANSPORTS[t] ? [TRANSPORTS[t]] : [])),
    },
    challenge: bytesToBase64url(challenge),
  };
}

export interface NativePasskeyStamperConfig {
  rpId: string;
  /** Base64url credential IDs that may sign; by default any passkey for `rpId`. */
  allowCredentials?: string[];
  /** Default `'preferred'`. */
  userVerification?: UserVerification;
  /** Milliseconds the sheet waits for the user. Default 60000. */
  timeout?: number;
}

/**
 * Signs request bodies with a passkey through the system sheet: the WebAuthn challenge is the SHA-256 of
 * the exact body, and the assertion becomes the `X-Stamp-WebAuthn` header.
 */
export class NativePasskeyStamper {
  readonly #config: NativePasskeyStamperConfig;

  constructor(config: NativePasskeyStamperConfig) {
    this.#config = config;
  }

  async stamp(body: string): Promise<{ stampHeaderName: 'X-Stamp-WebAuthn'; stampHeaderValue: string }> {
    const { rpId, allowCredentials, userVerification = 'preferred', timeout = 60_000 } = this.#config;
    let result;
    try {
      result = await Passkey.get({
        challenge: bytesToBase64url(sha256(new TextEncoder().encode(body))),
        rpId,
        userVerification,
        timeout,
        ...(allowCredentials
          ? { allowCredentials: allowCredentials.map(descriptor) }
          : {}),
      });
    } catch (error) {
      throw toPasskeyError(error);
    }
    const stamp = {
      credentialId: toBase64url(result.rawId ?? result.id),
      authenticatorData: toBase64url(result.response.authenticatorData),
      clientDataJson: toBase64url(result.response.clientDataJSON),
      signature: toBase64url(result.response.signature),
    };
    return { stampHeaderName: 'X-Stamp-WebAuthn', stampHeaderValue: JSON.stringify(stamp) };
  }
}
