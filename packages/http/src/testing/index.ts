export { startTestServer } from './server.js';
export type { RecordedRequest, TestPasskey, TestServer, TestServerOptions } from './server.js';
