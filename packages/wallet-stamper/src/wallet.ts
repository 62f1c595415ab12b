/** The curves a wallet's key can be registered with, as `create_api_keys` and `create_sub_organization` name them. */
export type WalletCurveType = 'API_KEY_CURVE_SECP256K1' | 'API_KEY_CURVE_ED25519';

/** The stamp schemes of those curves. */
export type WalletSignatureScheme = 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256' | 'SIGNATURE_SCHEME_SIGIL_ED25519';

/** What `signMessage` returns: the scheme and the signature in hex. */
export interface WalletSignature {
  scheme: WalletSignatureScheme;
  signature: string;
}

/**
 * A key that can stamp Sigil requests. Implement it for keys other than a Solana wallet: for
 * `API_KEY_CURVE_SECP256K1`, `getPublicKey()` returns the compressed public key in hex (66 characters)
 * and `signMessage(body)` returns the DER-encoded ECDSA signature over `SHA-256(body)` in hex, with
 * `scheme: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256'`.
 */
export interface WalletInterface {
  curveType: WalletCurveType;
  getPublicKey(): Promise<string>;
  signMessage(message: Uint8Array): Promise<WalletSignature>;
}

export const SCHEME_BY_CURVE: Record<WalletCurveType, WalletSignatureScheme> = {
  API_KEY_CURVE_SECP256K1: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256',
  API_KEY_CURVE_ED25519: 'SIGNATURE_SCHEME_SIGIL_ED25519',
};
