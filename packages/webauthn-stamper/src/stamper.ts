import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToBase64url } from './base64url.js';

export const WEBAUTHN_STAMP_HEADER_NAME = 'X-Stamp-WebAuthn';

export interface WebauthnStamperConfig {
  /** The relying party ID the passkey was registered for, e.g. `example.com`. */
  rpId: string;
  /** Restrict which passkeys may sign. Omit to let the user pick any passkey for `rpId`. */
  allowCredentials?: PublicKeyCredentialDescriptor[];
  /** Milliseconds the browser waits for the user. Default 60000. */
  timeout?: number;
  /** Default `'preferred'`. */
  userVerification?: UserVerificationRequirement;
}

/** The decoded contents of an `X-Stamp-WebAuthn` header. All fields are base64url without padding. */
export interface WebauthnStamp {
  credentialId: string;
  authenticatorData: string;
  clientDataJson: string;
  /** DER-encoded ECDSA signature over authenticatorData || SHA-256(clientDataJSON). */
  signature: string;
}

export interface WebauthnStampResult {
  stampHeaderName: typeof WEBAUTHN_STAMP_HEADER_NAME;
  stampHeaderValue: string;
}

/**
 * Signs request bodies with a passkey via `navigator.credentials.get`. The WebAuthn challenge is
 * the SHA-256 digest of the exact body, so the assertion binds the passkey to that request.
 * Browser only: it needs `navigator.credentials` and a secure context.
 */
export class WebauthnStamper {
  readonly rpId: string;
  readonly allowCredentials: PublicKeyCredentialDescriptor[] | undefined;
  readonly timeout: number;
  readonly userVerification: UserVerificationRequirement;

  constructor({ rpId, allowCredentials, timeout = 60_000, userVerification = 'preferred' }: WebauthnStamperConfig) {
    this.rpId = rpId;
    this.allowCredentials = allowCredentials;
    this.timeout = timeout;
    this.userVerification = userVerification;
  }

  async stamp(body: string): Promise<WebauthnStampResult> {
    if (typeof navigator === 'undefined' || !navigator.credentials) {
      throw new Error('WebauthnStamper needs a browser with WebAuthn (navigator.credentials)');
    }
    const publicKey: PublicKeyCredentialRequestOptions = {
      challenge: sha256(utf8ToBytes(body)),
      rpId: this.rpId,
      userVerification: this.userVerification,
      timeout: this.timeout,
    };
    if (this.allowCredentials) publicKey.allowCredentials = this.allowCredentials;
    const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
    if (!credential) throw new Error('No passkey assertion was returned');
    const response = credential.response as AuthenticatorAssertionResponse;
    const stamp: WebauthnStamp = {
      credentialId: bytesToBase64url(new Uint8Array(credential.rawId)),
      authenticatorData: bytesToBase64url(new Uint8Array(response.authenticatorData)),
      clientDataJson: bytesToBase64url(new Uint8Array(response.clientDataJSON)),
      signature: bytesToBase64url(new Uint8Array(response.signature)),
    };
    return { stampHeaderName: WEBAUTHN_STAMP_HEADER_NAME, stampHeaderValue: JSON.stringify(stamp) };
  }
}
