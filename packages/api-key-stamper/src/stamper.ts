import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { isCompressedPublicKeyHex, parsePrivateKey, publicKeyFromPrivateKey } from './keys.js';
import { SIGNATURE_SCHEME, STAMP_HEADER_NAME, encodeStamp } from './stamp.js';

export interface ApiKeyStamperConfig {
  /** Compressed P-256 public key, 66 hex chars. Must belong to `apiPrivateKey`. */
  apiPublicKey: string;
  /** P-256 private key, 64 hex chars. */
  apiPrivateKey: string;
}

/** The result of stamping a request body: the header to send with it. */
export interface ApiKeyStampResult {
  stampHeaderName: typeof STAMP_HEADER_NAME;
  stampHeaderValue: string;
}

/**
 * Signs request bodies with a P-256 API key and returns the `X-Stamp` header.
 * Signatures are deterministic (RFC 6979) and low-S, so the same key and body give the same stamp.
 */
export class ApiKeyStamper {
  readonly #privateKey: Uint8Array;
  readonly #publicKey: string;

  constructor({ apiPublicKey, apiPrivateKey }: ApiKeyStamperConfig) {
    this.#privateKey = parsePrivateKey(apiPrivateKey);
    const derived = publicKeyFromPrivateKey(apiPrivateKey);
    if (!isCompressedPublicKeyHex(apiPublicKey)) {
      throw new Error('API public key must be a compressed P-256 key (66 hex chars starting with 02 or 03)');
    }
    // A mismatched pair would produce stamps the server rejects; fail early with a clear message instead.
    if (apiPublicKey.toLowerCase() !== derived) {
      throw new Error('API public key does not match the API private key');
    }
    this.#publicKey = derived;
  }

  /** The compressed public key (lowercase hex) that stamps name. */
  get publicKey(): string {
    return this.#publicKey;
  }

  /** Signs the exact body string (as UTF-8) and returns the `X-Stamp` header name and value. */
  async stamp(body: string): Promise<ApiKeyStampResult> {
    const digest = sha256(utf8ToBytes(body));
    const signature = p256.sign(digest, this.#privateKey, { prehash: false, lowS: true, format: 'der' });
    return {
      stampHeaderName: STAMP_HEADER_NAME,
      stampHeaderValue: encodeStamp({
        publicKey: this.#publicKey,
        scheme: SIGNATURE_SCHEME,
        signature: bytesToHex(signature),
      }),
    };
  }
}
