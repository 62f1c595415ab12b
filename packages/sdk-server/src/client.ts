import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { SigilClient } from '@sigil/http';

export interface ServerClientConfig {
  /** Default `https://api.sigil.example`. */
  baseUrl?: string;
  /** Compressed P-256 public key, 66 hex chars. */
  apiPublicKey: string;
  /** P-256 private key, 64 hex chars. Keep it in a secret store or environment variable, never in code. */
  apiPrivateKey: string;
  /** The organization calls run in unless a call names another (for example a sub-organization). */
  organizationId: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** Creates a `SigilClient` that stamps every request with the given API key. */
export function createServerClient({ baseUrl, apiPublicKey, apiPrivateKey, organizationId, fetch }: ServerClientConfig): SigilClient {
  const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey });
  return new SigilClient({ organizationId, stamper, ...(baseUrl ? { baseUrl } : {}), ...(fetch ? { fetch } : {}) });
}
