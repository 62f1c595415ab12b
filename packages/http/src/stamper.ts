/** The header a stamper produces for one request body. */
export interface StampResult {
  stampHeaderName: string;
  stampHeaderValue: string;
}

/**
 * Anything that can authenticate a request body: `ApiKeyStamper` (X-Stamp) and
 * `WebauthnStamper` (X-Stamp-WebAuthn) both satisfy this without importing it.
 * The stamp must cover the exact string that is sent.
 */
export interface Stamper {
  stamp(body: string): Promise<StampResult>;
}
