export { createBrowserClient, createPasskeyClient } from './clients.js';
export type { BrowserClientConfig, PasskeyClientConfig } from './clients.js';
export { createPasskey, toSigilTransports } from './passkey.js';
export type { Attestation, AuthenticatorTransport, CreatedPasskey, CreatePasskeyOptions } from './passkey.js';
export { createSessionKeyPair, SessionKeyStore } from './session.js';
export type { SessionKey, SessionKeyPair } from './session.js';
// One list for both SDKs: @sigil/http exports the client, errors, waiting, sessions, bundles and the API key stamper.
export * from '@sigil/http';
export { WebauthnStamper } from '@sigil/webauthn-stamper';
