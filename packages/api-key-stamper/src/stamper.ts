import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { SIGNATURE_SCHEMES, curveSupport, type ApiKeyCurve, type CurveSupport } from './curves.js';
import { isPublicKeyHex, parsePrivateKey, publicKeyFromPrivateKey } from './keys.js';
import { STAMP_HEADER_NAME, encodeStamp } from './stamp.js';

export interface ApiKeyStamperConfig {
  /** The public key, hex: compressed (66 chars) for P-256 and secp256k1, 64 chars for Ed25519. Must belong to `apiPrivateKey`. */
  apiPublicKey: string;
  /** The private key, 64 hex chars. */
  apiPrivateKey: string;
  /** The key's curve, as the API names it (`curveType` of create_api_keys). P-256 when omitted. */
  curve?: ApiKeyCurve;
}

/** The result of stamping a request body: the header to send with it. */
export interface ApiKeyStampResult {
  stampHeaderName: typeof STAMP_HEADER_NAME;
  stampHeaderValue: string;
}

/**
 * Signs request bodies with an API key (P-256, secp256k1 or Ed25519) and returns the `X-Stamp` header.
 * Signatures are deterministic (ECDSA per RFC 6979 with low S, and Ed25519), so the same key and body give the same stamp.
 */
export class ApiKeyStamper {
  readonly #privateKey: Uint8Array;
  readonly #publicKey: string;
  readonly #curve: ApiKeyCurve;
  readonly #support: CurveSupport;

  constructor({ apiPublicKey, apiPrivateKey, curve = 'API_KEY_CURVE_P256' }: ApiKeyStamperConfig) {
    this.#support = curveSupport(curve);
    this.#curve = curve;
    this.#privateKey = parsePrivateKey(apiPrivateKey, curve);
    const derived = publicKeyFromPrivateKey(apiPrivateKey, curve);
    if (!isPublicKeyHex(apiPublicKey, curve)) {
      throw new Error(`API public key must be ${this.#support.publicKeyDescription}`);
    }
    // A mismatched pair would produce stamps the server rejects; fail early with a clear message instead.
    if (apiPublicKey.toLowerCase() !== derived) {
      throw new Error(`API public key does not match the API private key (as a ${this.#support.label} key)`);
    }
    this.#publicKey = derived;
  }

  /** The public key (lowercase hex) that stamps name. */
  get publicKey(): string {
    return this.#publicKey;
  }

  /** The key's curve. */
  get curve(): ApiKeyCurve {
    return this.#curve;
  }

  /** Signs the exact body string (as UTF-8) and returns the `X-Stamp` header name and value. */
  async stamp(body: string): Promise<ApiKeyStampResult> {
    const signature = this.#support.sign(utf8ToBytes(body), this.#privateKey);
    return {
      stampHeaderName: STAMP_HEADER_NAME,
      stampHeaderValue: encodeStamp({
        publicKey: this.#publicKey,
        scheme: SIGNATURE_SCHEMES[this.#curve],
        signature: bytesToHex(signature),
      }),
    };
  }
}
