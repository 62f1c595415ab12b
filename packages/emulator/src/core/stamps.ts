// Stamp verification for the three authentication headers the document lists (security schemes
// ApiKeyStamp, WebAuthnStamp and ReadOnlySession). Signatures are checked with @noble/curves, so the
// same code runs in Node, browsers and workers.
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { unauthenticated } from './errors.js';
import { base64urlToBytes, bytesToBase64url, concatBytes, hexToBytes, isLowerHex, sha256, utf8ToBytes } from './encoding.js';

type ApiKeyScheme =
  | 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256'
  | 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256'
  | 'SIGNATURE_SCHEME_SIGIL_ED25519';

export const SCHEME_BY_CURVE = {
  API_KEY_CURVE_P256: 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256',
  API_KEY_CURVE_SECP256K1: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256',
  API_KEY_CURVE_ED25519: 'SIGNATURE_SCHEME_SIGIL_ED25519',
} as const;
const CURVE_BY_SCHEME: Record<string, keyof typeof SCHEME_BY_CURVE | undefined> = Object.fromEntries(
  Object.entries(SCHEME_BY_CURVE).map(([curve, scheme]) => [scheme, curve as keyof typeof SCHEME_BY_CURVE]),
);

export interface DecodedApiKeyStamp {
  publicKey: string;
  scheme: ApiKeyScheme;
  signature: string;
}

/** Decodes X-Stamp and checks each member's encoding for its scheme (not yet the signature). */
export function decodeApiKeyStamp(header: string): DecodedApiKeyStamp {
  let stamp: unknown;
  try {
    stamp = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64urlToBytes(header)));
  } catch {
    throw unauthenticated('X-Stamp is not base64url (without padding) of a UTF-8 JSON object');
  }
  if (typeof stamp !== 'object' || stamp === null || Array.isArray(stamp)) throw unauthenticated('X-Stamp is not a JSON object');
  const { publicKey, scheme, signature } = stamp as Record<string, unknown>;
  const curve = typeof scheme === 'string' ? CURVE_BY_SCHEME[scheme] : undefined;
  if (!curve) throw unauthenticated(`X-Stamp scheme must be one of ${Object.values(SCHEME_BY_CURVE).join(', ')}`);
  if (curve === 'API_KEY_CURVE_ED25519') {
    if (!isLowerHex(publicKey, 32)) throw unauthenticated('X-Stamp publicKey must be a 32-byte Ed25519 key, 64 lowercase hex characters');
    if (!isLowerHex(signature, 64)) throw unauthenticated('X-Stamp signature must be a 64-byte Ed25519 signature, 128 lowercase hex characters');
  } else {
    if (!isLowerHex(publicKey, 33) || !/^0[23]/.test(publicKey)) {
      throw unauthenticated('X-Stamp publicKey must be a compressed point, 66 lowercase hex characters starting 02 or 03');
    }
    if (!isLowerHex(signature) || signature.length < 16) throw unauthenticated('X-Stamp signature must be a DER signature in lowercase hex');
  }
  return { publicKey: publicKey as string, scheme: scheme as ApiKeyScheme, signature: signature as string };
}

/** Verifies an X-Stamp signature over the exact body bytes. */
export function verifyApiKeySignature(stamp: DecodedApiKeyStamp, body: string): boolean {
  const message = utf8ToBytes(body);
  try {
    const publicKey = hexToBytes(stamp.publicKey);
    const signature = hexToBytes(stamp.signature);
    switch (stamp.scheme) {
      case 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256':
        // High-S signatures are valid ECDSA; libraries with random nonces produce them half the time.
        return p256.verify(signature, message, publicKey, { format: 'der', lowS: false, prehash: true });
      case 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256':
        return secp256k1.verify(signature, message, publicKey, { format: 'der', lowS: false, prehash: true });
      case 'SIGNATURE_SCHEME_SIGIL_ED25519':
        return ed25519.verify(signature, message, publicKey);
    }
  } catch {
    return false;
  }
}

export interface DecodedWebauthnStamp {
  credentialId: string;
  authenticatorData: Uint8Array;
  clientDataJson: Uint8Array;
  signature: Uint8Array;
  clientData: { type?: unknown; challenge?: unknown; origin?: unknown };
}

export function decodeWebauthnStamp(header: string): DecodedWebauthnStamp {
  let stamp: unknown;
  try {
    stamp = JSON.parse(header);
  } catch {
    throw unauthenticated('X-Stamp-WebAuthn is not a JSON object (it is sent as plain JSON, not encoded)');
  }
  if (typeof stamp !== 'object' || stamp === null || Array.isArray(stamp)) throw unauthenticated('X-Stamp-WebAuthn is not a JSON object');
  const fields = stamp as Record<string, unknown>;
  const decoded: Record<string, Uint8Array> = {};
  for (const name of ['credentialId', 'authenticatorData', 'clientDataJson', 'signature']) {
    const value = fields[name];
    if (typeof value !== 'string' || value === '') throw unauthenticated(`X-Stamp-WebAuthn needs ${name}, a base64url string`);
    try {
      decoded[name] = base64urlToBytes(value);
    } catch {
      throw unauthenticated(`X-Stamp-WebAuthn ${name} is not base64url without padding`);
    }
  }
  let clientData: DecodedWebauthnStamp['clientData'];
  try {
    clientData = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decoded.clientDataJson)) as DecodedWebauthnStamp['clientData'];
  } catch {
    throw unauthenticated('X-Stamp-WebAuthn clientDataJson is not UTF-8 JSON');
  }
  if (typeof clientData !== 'object' || clientData === null) throw unauthenticated('X-Stamp-WebAuthn clientDataJson is not a JSON object');
  if (decoded.authenticatorData!.length < 37) throw unauthenticated('X-Stamp-WebAuthn authenticatorData is shorter than 37 bytes');
  return {
    credentialId: fields.credentialId as string,
    authenticatorData: decoded.authenticatorData!,
    clientDataJson: decoded.clientDataJson!,
    signature: decoded.signature!,
    clientData,
  };
}

interface StoredPasskey {
  /** Uncompressed P-256 point, hex (the credential public key from the attestation). */
  publicKey: string;
  /** SHA-256 of the relying party ID the passkey was registered for, hex. */
  rpIdHash: string;
}

/**
 * The cryptographic half of a WebAuthn assertion check, as a relying party does it: the challenge is
 * the SHA-256 of the body, the type is webauthn.get, the rpIdHash is the one the passkey was registered
 * with, user presence is flagged and the signature covers authenticatorData || SHA-256(clientDataJSON).
 */
export function verifyWebauthnSignature(stamp: DecodedWebauthnStamp, body: string, passkey: StoredPasskey): void {
  const { clientData, authenticatorData } = stamp;
  if (clientData.type !== 'webauthn.get') throw unauthenticated('X-Stamp-WebAuthn clientDataJson type must be webauthn.get');
  if (clientData.challenge !== bytesToBase64url(sha256(utf8ToBytes(body)))) {
    throw unauthenticated('X-Stamp-WebAuthn challenge is not the SHA-256 digest of the request body');
  }
  const rpIdHash = Array.from(authenticatorData.subarray(0, 32), (b) => b.toString(16).padStart(2, '0')).join('');
  if (rpIdHash !== passkey.rpIdHash) {
    throw unauthenticated('X-Stamp-WebAuthn authenticatorData is for another relying party ID than the passkey was registered for');
  }
  if ((authenticatorData[32]! & 0x01) === 0) throw unauthenticated('X-Stamp-WebAuthn authenticatorData lacks the user-presence flag');
  const signed = concatBytes(authenticatorData, sha256(stamp.clientDataJson));
  let valid = false;
  try {
    valid = p256.verify(stamp.signature, signed, hexToBytes(passkey.publicKey), { format: 'der', lowS: false, prehash: true });
  } catch {
    valid = false;
  }
  if (!valid) throw unauthenticated('X-Stamp-WebAuthn signature does not verify with the passkey public key');
}

/**
 * The stateful half: the origin must be allowed when the organization sets FEATURE_NAME_WEBAUTHN_ORIGINS,
 * and the signature counter must move forward when the authenticator keeps one (a counter that does not
 * is a replayed assertion or a cloned authenticator). Returns the new counter.
 */
export function checkWebauthnState(stamp: DecodedWebauthnStamp, storedSignCount: number, allowedOrigins: string[] | undefined): number {
  const { clientData, authenticatorData } = stamp;
  if (allowedOrigins && !allowedOrigins.includes(String(clientData.origin))) {
    throw unauthenticated(`X-Stamp-WebAuthn origin ${String(clientData.origin)} is not in FEATURE_NAME_WEBAUTHN_ORIGINS`);
  }
  const signCount = new DataView(authenticatorData.buffer, authenticatorData.byteOffset + 33, 4).getUint32(0);
  if ((signCount !== 0 || storedSignCount !== 0) && signCount <= storedSignCount) {
    throw unauthenticated('X-Stamp-WebAuthn sign counter did not increase: the assertion was replayed or the passkey was cloned');
  }
  return signCount;
}
