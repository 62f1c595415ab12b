export { WebauthnStamper, WEBAUTHN_STAMP_HEADER_NAME } from './stamper.js';
export type { WebauthnStamperConfig, WebauthnStamp, WebauthnStampResult } from './stamper.js';
export { bytesToBase64url, base64urlToBytes } from './base64url.js';
