import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { SigilClient, type ClientTransportOptions } from '@sigil/http';

export interface ServerClientConfig extends ClientTransportOptions {
  /** Compressed P-256 public key, 66 hex chars. */
  apiPublicKey: string;
  /** P-256 private key, 64 hex chars. Keep it in a secret store or environment variable, never in code. */
  apiPrivateKey: string;
  /** The organization calls run in unless a call names another (for example a sub-organization). */
  organizationId: string;
}

/**
 * Creates a `SigilClient` that stamps every request with the given API key. `timeoutMs`, `retry`,
 * `readOnlySession` and `fetch` go to the client unchanged.
 */
export function createServerClient({ baseUrl, apiPublicKey, apiPrivateKey, organizationId, ...transport }: ServerClientConfig): SigilClient {
  const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey });
  return new SigilClient({ ...transport, organizationId, stamper, ...(baseUrl ? { baseUrl } : {}) });
}
