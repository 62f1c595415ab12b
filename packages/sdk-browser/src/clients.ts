import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { SigilClient } from '@sigil/http';
import { WebauthnStamper } from '@sigil/webauthn-stamper';

export interface BrowserClientConfig {
  /** Default `https://api.sigil.example`. */
  baseUrl?: string;
  /** Compressed P-256 public key, 66 hex chars. */
  apiPublicKey: string;
  /** P-256 private key, 64 hex chars. In a browser, prefer a short-lived session key over a long-lived API key. */
  apiPrivateKey: string;
  organizationId: string;
  fetch?: typeof fetch;
}

export interface PasskeyClientConfig {
  /** Default `https://api.sigil.example`. */
  baseUrl?: string;
  /** The relying party ID your passkeys were registered for, e.g. `example.com`. */
  rpId: string;
  organizationId: string;
  /** Restrict which passkeys may sign; by default the browser offers every passkey for `rpId`. */
  allowCredentials?: PublicKeyCredentialDescriptor[];
  /** Milliseconds the browser waits for the user. Default 60000. */
  timeout?: number;
  /** Default `'preferred'`. */
  userVerification?: UserVerificationRequirement;
  fetch?: typeof fetch;
}

function optional<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A `SigilClient` whose requests are stamped with an API key (`X-Stamp`). */
export function createBrowserClient({ baseUrl, apiPublicKey, apiPrivateKey, organizationId, fetch }: BrowserClientConfig): SigilClient {
  const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey });
  return new SigilClient({ organizationId, stamper, ...optional({ baseUrl, fetch }) });
}

/** A `SigilClient` whose requests are stamped with the user's passkey (`X-Stamp-WebAuthn`): each call prompts for it. */
export function createPasskeyClient({
  baseUrl,
  rpId,
  organizationId,
  allowCredentials,
  timeout,
  userVerification,
  fetch,
}: PasskeyClientConfig): SigilClient {
  const stamper = new WebauthnStamper({ rpId, ...optional({ allowCredentials, timeout, userVerification }) });
  return new SigilClient({ organizationId, stamper, ...optional({ baseUrl, fetch }) });
}
