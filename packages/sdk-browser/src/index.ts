export { createBrowserClient, createPasskeyClient } from './clients.js';
export type { BrowserClientConfig, PasskeyClientConfig } from './clients.js';
export { createPasskey, toSigilTransports } from './passkey.js';
export type { Attestation, AuthenticatorTransport, CreatedPasskey, CreatePasskeyOptions } from './passkey.js';
export { createSessionKeyPair, SessionKeyStore } from './session.js';
export type { SessionKey, SessionKeyPair } from './session.js';
export {
  SigilClient,
  SigilRequestError,
  ActivityTimeoutError,
  waitForActivity,
  DEFAULT_BASE_URL,
  SIGIL_OPERATIONS,
} from '@sigil/http';
export type * from '@sigil/http';
export { ApiKeyStamper, generateApiKeyPair, publicKeyFromPrivateKey } from '@sigil/api-key-stamper';
export { WebauthnStamper } from '@sigil/webauthn-stamper';
