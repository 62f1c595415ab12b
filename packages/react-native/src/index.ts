// Hermes has no crypto.getRandomValues: the polyfill gives it the platform's secure random source before
// anything here (or in @noble/curves) asks for randomness.
import 'react-native-get-random-values';

export { createApiKeyClient, createPasskeyClient, createSessionClient } from './clients.js';
export type { ApiKeyClientConfig, PasskeyClientConfig, SessionClientConfig } from './clients.js';
export { createPasskey, isPasskeySupported, NativePasskeyStamper } from './passkey.js';
export type { Attestation, AuthenticatorTransport, CreatedPasskey, CreatePasskeyOptions, NativePasskeyStamperConfig, UserVerification } from './passkey.js';
export { SecureSessionStore } from './session-store.js';
export type { SecureSessionStoreOptions } from './session-store.js';
export { PasskeyError, SessionStoreError } from './errors.js';
export type { PasskeyErrorReason, SessionStoreErrorReason } from './errors.js';
// The client, waiting, the error classes and the API types, as the other SDKs export them.
export * from '@sigil/http';
