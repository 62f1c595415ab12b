import type {ApiKeyCurve} from '@sigil/api-key-stamper';

/** How the builder names each API key curve and the form of its public key. */
export const curveLabels: Record<ApiKeyCurve, {name: string; publicKey: string}> = {
  API_KEY_CURVE_P256: {name: 'P-256', publicKey: 'compressed, 66 hex characters'},
  API_KEY_CURVE_SECP256K1: {name: 'secp256k1', publicKey: 'compressed, 66 hex characters'},
  API_KEY_CURVE_ED25519: {name: 'Ed25519', publicKey: '64 hex characters'},
};
