export { ApiKeyStamper } from './stamper.js';
export type { ApiKeyStamperConfig, ApiKeyStampResult } from './stamper.js';
export { generateApiKeyPair, isPublicKeyHex, publicKeyFromPrivateKey } from './keys.js';
export type { ApiKeyPair } from './keys.js';
export { API_KEY_CURVES, SIGNATURE_SCHEMES, curveOfScheme } from './curves.js';
export type { ApiKeyCurve, SignatureScheme } from './curves.js';
export { encodeStamp, decodeStamp, STAMP_HEADER_NAME, SIGNATURE_SCHEME } from './stamp.js';
export type { ApiKeyStamp } from './stamp.js';
export { TEST_VECTOR } from './test-vector.js';
