import { ApiKeyStamper, SigilClient, type ClientTransportOptions } from '@sigil/http';
import { NativePasskeyStamper, type UserVerification } from './passkey.js';
import { sessionStamper, type SecureSessionStore } from './session-store.js';

export interface PasskeyClientConfig extends ClientTransportOptions {
  /** The domain your passkeys belong to, associated with the app (e.g. `example.com`). */
  rpId: string;
  /** The user's sub-organization. */
  organizationId: string;
  /** Base64url credential IDs that may sign; by default any passkey for `rpId`. */
  allowCredentials?: string[];
  /** Default `'preferred'`. */
  userVerification?: UserVerification;
}

export interface SessionClientConfig extends ClientTransportOptions {
  store: SecureSessionStore;
  organizationId: string;
}

export interface ApiKeyClientConfig extends ClientTransportOptions {
  /** Compressed P-256 public key, 66 hex characters. */
  apiPublicKey: string;
  /** P-256 private key, 64 hex characters. On a device, prefer a session key in a `SecureSessionStore`. */
  apiPrivateKey: string;
  organizationId: string;
}

function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * A `SigilClient` whose submissions are stamped with the user's passkey through the system sheet
 * (`X-Stamp-WebAuthn`, one prompt each). Queries go with a read-only session (`readOnlySession: 'auto'`,
 * as in the browser SDK): the first query prompts once, later ones for the next hour do not.
 */
export function createPasskeyClient({ rpId, organizationId, allowCredentials, userVerification, ...transport }: PasskeyClientConfig): SigilClient {
  const stamper = new NativePasskeyStamper({ rpId, ...defined({ allowCredentials, userVerification }) });
  const readOnlySession = Object.prototype.hasOwnProperty.call(transport, 'readOnlySession') ? transport.readOnlySession : 'auto';
  return new SigilClient({ ...defined(transport), ...defined({ readOnlySession }), organizationId, stamper });
}

/** A `SigilClient` stamped with the session key in `store` (`X-Stamp`); `SessionStoreError` once the session has expired. */
export function createSessionClient({ store, organizationId, ...transport }: SessionClientConfig): SigilClient {
  return new SigilClient({ ...defined(transport), organizationId, stamper: sessionStamper(store) });
}

/** A `SigilClient` stamped with an API key (`X-Stamp`). */
export function createApiKeyClient({ apiPublicKey, apiPrivateKey, organizationId, ...transport }: ApiKeyClientConfig): SigilClient {
  return new SigilClient({ ...defined(transport), organizationId, stamper: new ApiKeyStamper({ apiPublicKey, apiPrivateKey }) });
}
