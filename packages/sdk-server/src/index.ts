export { createServerClient } from './client.js';
export type { ServerClientConfig } from './client.js';
export { ServerClientConfigError } from './environment.js';
// One list for both SDKs: @sigil/http exports the client, errors, waiting, sessions, bundles and the API key stamper.
export * from '@sigil/http';
