export { createServerClient } from './client.js';
export type { ServerClientConfig } from './client.js';
export { ServerClientConfigError } from './environment.js';
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
export type { ApiKeyPair } from '@sigil/api-key-stamper';
