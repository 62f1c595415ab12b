import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** The API key curves the API document lists (`ApiKeyCurve`), each with the stamp scheme that names it. */
export const SIGNATURE_SCHEMES = {
  API_KEY_CURVE_P256: 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256',
  API_KEY_CURVE_SECP256K1: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256',
  API_KEY_CURVE_ED25519: 'SIGNATURE_SCHEME_SIGIL_ED25519',
} as const;

export type ApiKeyCurve = keyof typeof SIGNATURE_SCHEMES;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[ApiKeyCurve];

export const API_KEY_CURVES = Object.keys(SIGNATURE_SCHEMES) as ApiKeyCurve[];

/** The curve a stamp's scheme names; undefined for a scheme this package does not know. */
export function curveOfScheme(scheme: string): ApiKeyCurve | undefined {
  return API_KEY_CURVES.find((curve) => SIGNATURE_SCHEMES[curve] === scheme);
}

/** What differs between the curves: key formats, their wording in errors, and how a body is signed. */
export interface CurveSupport {
  /** How the key is named in error messages. */
  label: string;
  /** The public key as sent in stamps: compressed point (ECDSA curves) or the 32-byte Ed25519 key, hex. */
  publicKeyPattern: RegExp;
  publicKeyDescription: string;
  isValidSecretKey(secret: Uint8Array): boolean;
  getPublicKey(secret: Uint8Array): Uint8Array;
  randomSecretKey(): Uint8Array;
  /** The signature over the body's UTF-8 bytes, as the stamp carries it (DER for ECDSA, raw 64 bytes for Ed25519). */
  sign(body: Uint8Array, secret: Uint8Array): Uint8Array;
}

const COMPRESSED = /^0[23][0-9a-fA-F]{64}$/;

function ecdsa(curve: typeof p256 | typeof secp256k1, label: string): CurveSupport {
  return {
    label,
    publicKeyPattern: COMPRESSED,
    publicKeyDescription: `a compressed ${label} key (66 hex chars starting with 02 or 03)`,
    isValidSecretKey: (secret) => curve.utils.isValidSecretKey(secret),
    getPublicKey: (secret) => curve.getPublicKey(secret, true),
    randomSecretKey: () => curve.utils.randomSecretKey(),
    // SHA-256 of the body, deterministic (RFC 6979) and low-S: the same key and body give the same stamp.
    sign: (body, secret) => curve.sign(sha256(body), secret, { prehash: false, lowS: true, format: 'der' }),
  };
}

export const CURVES: Record<ApiKeyCurve, CurveSupport> = {
  API_KEY_CURVE_P256: ecdsa(p256, 'P-256'),
  API_KEY_CURVE_SECP256K1: ecdsa(secp256k1, 'secp256k1'),
  API_KEY_CURVE_ED25519: {
    label: 'Ed25519',
    publicKeyPattern: /^[0-9a-fA-F]{64}$/,
    publicKeyDescription: 'a 32-byte Ed25519 key (64 hex chars)',
    // Any 32 bytes are an Ed25519 seed.
    isValidSecretKey: (secret) => secret.length === 32,
    getPublicKey: (secret) => ed25519.getPublicKey(secret),
    randomSecretKey: () => ed25519.utils.randomSecretKey(),
    // Ed25519 hashes internally (SHA-512): it signs the body itself.
    sign: (body, secret) => ed25519.sign(body, secret),
  },
};

/** The support for a curve name, or a clear error naming the three the API accepts. */
export function curveSupport(curve: string): CurveSupport {
  const support = (CURVES as Record<string, CurveSupport | undefined>)[curve];
  if (!support) throw new Error(`API key curve must be one of ${API_KEY_CURVES.join(', ')} (got ${curve})`);
  return support;
}
