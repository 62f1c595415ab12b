import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { SigilClient, type ClientTransportOptions } from '@sigil/http';
import { WebauthnStamper } from '@sigil/webauthn-stamper';

export interface BrowserClientConfig extends ClientTransportOptions {
  /** Compressed P-256 public key, 66 hex chars. */
  apiPublicKey: string;
  /** P-256 private key, 64 hex chars. In a browser, prefer a short-lived session key over a long-lived API key. */
  apiPrivateKey: string;
  organizationId: string;
}

export interface PasskeyClientConfig extends ClientTransportOptions {
  /** The relying party ID your passkeys were registered for, e.g. `example.com`. */
  rpId: string;
  organizationId: string;
  /** Restrict which passkeys may sign; by default the browser offers every passkey for `rpId`. */
  allowCredentials?: PublicKeyCredentialDescriptor[];
  /** Milliseconds the browser waits for the user. Default 60000. */
  timeout?: number;
  /** Default `'preferred'`. */
  userVerification?: UserVerificationRequirement;
}

function optional<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A `SigilClient` whose requests are stamped with an API key (`X-Stamp`). */
export function createBrowserClient({ apiPublicKey, apiPrivateKey, organizationId, ...transport }: BrowserClientConfig): SigilClient {
  const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey });
  return new SigilClient({ ...optional(transport), organizationId, stamper });
}

/**
 * A `SigilClient` whose submissions are stamped with the user's passkey (`X-Stamp-WebAuthn`, one prompt
 * each). Queries, polls of `waitForActivity` and `{wait: true}` included, go with a read-only session
 * (`readOnlySession: 'auto'` by default): the first query prompts once to create it, later ones for the
 * next hour do not prompt. Where no policy lets the user create a session, queries are stamped (and
 * prompt) instead. Pass `readOnlySession: undefined` to stamp every query.
 */
export function createPasskeyClient({
  rpId,
  organizationId,
  allowCredentials,
  timeout,
  userVerification,
  ...transport
}: PasskeyClientConfig): SigilClient {
  const stamper = new WebauthnStamper({ rpId, ...optional({ allowCredentials, timeout, userVerification }) });
  // Only an explicit `readOnlySession: undefined` turns the default off.
  const readOnlySession = Object.prototype.hasOwnProperty.call(transport, 'readOnlySession') ? transport.readOnlySession : 'auto';
  return new SigilClient({ ...optional(transport), ...optional({ readOnlySession }), organizationId, stamper });
}
