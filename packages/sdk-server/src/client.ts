import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { SigilClient } from '@sigil/http';
import { resolveSettings } from './environment.js';

export interface ServerClientConfig {
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
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/**
 * Creates a `SigilClient` that stamps every request with the given API key. What the options leave out comes
 * from the environment variables the `sigil` CLI reads (see `resolveSettings`); explicit options win.
 */
export function createServerClient(config: ServerClientConfig = {}): SigilClient {
  const { baseUrl, apiPublicKey, apiPrivateKey, organizationId } = resolveSettings(config);
  const { fetch } = config;
  const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey });
  return new SigilClient({ organizationId, stamper, ...(baseUrl ? { baseUrl } : {}), ...(fetch ? { fetch } : {}) });
}
