import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { SigilClient, type ClientTransportOptions } from '@sigil/http';
import { resolveSettings } from './environment.js';

export interface ServerClientConfig extends ClientTransportOptions {
  /** Default `$SIGIL_BASE_URL`, else `https://api.sigil.example`. */
  baseUrl?: string;
  /** Compressed P-256 public key, 66 hex chars. Default: derived from the private key. */
  apiPublicKey?: string;
  /**
   * P-256 private key, 64 hex chars. Keep it in a secret store or environment variable, never in code.
   * Default `$SIGIL_API_PRIVATE_KEY` (with `$SIGIL_API_PUBLIC_KEY`), else the key file `$SIGIL_API_KEY_FILE` names.
   */
  apiPrivateKey?: string;
  /** The organization calls run in unless a call names another (for example a sub-organization). Default `$SIGIL_ORGANIZATION_ID`. */
  organizationId?: string;
}

/**
 * Creates a `SigilClient` that stamps every request with the given API key. What the options leave out comes
 * from the environment variables the `sigil` CLI reads (see `resolveSettings`); explicit options win.
 * `timeoutMs`, `retry`, `readOnlySession` and `fetch` go to the client unchanged.
 */
export function createServerClient(config: ServerClientConfig = {}): SigilClient {
  const { baseUrl, apiPublicKey, apiPrivateKey, organizationId } = resolveSettings(config);
  // The four settings were resolved above (options, then environment); the rest is transport options for the client.
  const { baseUrl: _baseUrl, apiPublicKey: _publicKey, apiPrivateKey: _privateKey, organizationId: _organizationId, ...transport } = config;
  const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey });
  return new SigilClient({ ...transport, organizationId, stamper, ...(baseUrl ? { baseUrl } : {}) });
}
