import type { components } from '@sigil/http';
import { base64urlToBytes, bytesToBase64url } from '@sigil/webauthn-stamper';

export type AuthenticatorTransport = components['schemas']['AuthenticatorTransport'];
export type Attestation = components['schemas']['Attestation'];

export interface CreatePasskeyOptions {
  /** The relying party: `id` is your domain (e.g. `example.com`), `name` what the browser shows. */
  rp: { id: string; name: string };
  /** `id` defaults to 16 random bytes; pass a stable one (bytes or base64url) to replace the user's passkey on re-registration. */
  user: { name: string; displayName: string; id?: Uint8Array | string };
  /** base64url or bytes. Default: 32 random bytes. */
  challenge?: Uint8Array | string;
  /** COSE algorithms, most preferred first. Default `[-7]` (ES256, P-256 with SHA-256). */
  algorithms?: number[];
  /** Default `'preferred'`. */
  residentKey?: ResidentKeyRequirement;
  /** Default `'preferred'`. */
  userVerification?: UserVerificationRequirement;
  /** Default undefined: any authenticator. `'platform'` for the device's own, `'cross-platform'` for security keys and phones. */
  authenticatorAttachment?: AuthenticatorAttachment;
  /** Passkeys the user already has, so the browser does not create a duplicate on the same authenticator. */
  excludeCredentials?: PublicKeyCredentialDescriptor[];
  /** Milliseconds the browser waits for the user. Default 60000. */
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

/** Maps WebAuthn transport names (`usb`, `internal`, ...) to Sigil's, dropping ones Sigil does not know. */
export function toSigilTransports(transports: readonly string[]): AuthenticatorTransport[] {
  return transports.flatMap((t) => (TRANSPORTS[t] ? [TRANSPORTS[t]] : []));
}

function toBytes(value: Uint8Array | string): Uint8Array {
  return typeof value === 'string' ? base64urlToBytes(value) : value;
}

function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/**
 * Registers a new passkey with `navigator.credentials.create` and returns the attestation in the shape
 * Sigil's `create_sub_organization`, `create_authenticators` and `recover_user` calls take.
 */
export async function createPasskey(options: CreatePasskeyOptions): Promise<CreatedPasskey> {
  if (typeof navigator === 'undefined' || !navigator.credentials) {
    throw new Error('createPasskey needs a browser with WebAuthn (navigator.credentials)');
  }
  const challenge = options.challenge === undefined ? randomBytes(32) : toBytes(options.challenge);
  const authenticatorSelection: AuthenticatorSelectionCriteria = {
    residentKey: options.residentKey ?? 'preferred',
    requireResidentKey: (options.residentKey ?? 'preferred') === 'required',
    userVerification: options.userVerification ?? 'preferred',
  };
  if (options.authenticatorAttachment) authenticatorSelection.authenticatorAttachment = options.authenticatorAttachment;
  const publicKey: PublicKeyCredentialCreationOptions = {
    rp: options.rp,
    user: {
      id: (options.user.id === undefined ? randomBytes(16) : toBytes(options.user.id)) as BufferSource,
      name: options.user.name,
      displayName: options.user.displayName,
    },
    challenge: challenge as BufferSource,
    pubKeyCredParams: (options.algorithms ?? [-7]).map((alg) => ({ type: 'public-key' as const, alg })),
    authenticatorSelection,
    timeout: options.timeout ?? 60_000,
    attestation: 'none',
  };
  if (options.excludeCredentials) publicKey.excludeCredentials = options.excludeCredentials;
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('The browser returned no passkey');
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    attestation: {
      credentialId: bytesToBase64url(new Uint8Array(credential.rawId)),
      clientDataJson: bytesToBase64url(new Uint8Array(response.clientDataJSON)),
      attestationObject: bytesToBase64url(new Uint8Array(response.attestationObject)),
      transports: toSigilTransports(typeof response.getTransports === 'function' ? response.getTransports() : []),
    },
    challenge: bytesToBase64url(challenge),
  };
}
