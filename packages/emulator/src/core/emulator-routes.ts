// The emulator's own endpoints beside the API, under /emulator/v1/ and unstamped like health and
// state: the outbox of messages it would have sent, the built-in OAuth test issuer, and the enclave
// quorum key that signs import bundles.
import { clearOutbox, listOutbox } from './outbox.js';
import { TEST_ISSUER, issuerJwks, mintIdToken } from './oauth-issuer.js';
import { EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY } from './enclave-quorum.js';
import type { Database } from './store.js';

interface RouteAnswer {
  status: number;
  body: unknown;
}

const badRequest = (message: string): RouteAnswer => ({ status: 400, body: { code: 3, message, details: [] } });

/** Answers an /emulator/v1/ route, or undefined when `path` is not one of these. */
export function emulatorRoute(db: Database, method: string, pathWithQuery: string, now: number): RouteAnswer | undefined {
  const [path = '', query = ''] = pathWithQuery.split('?', 2);
  if (path === '/emulator/v1/outbox') {
    if (method === 'GET') return { status: 200, body: { messages: listOutbox(db) } };
    if (method === 'DELETE') return { status: 200, body: { deleted: clearOutbox(db) } };
    return { status: 501, body: { code: 12, message: `/emulator/v1/outbox takes GET or DELETE, not ${method}`, details: [] } };
  }
  // The emulator's stand-in for Sigil's well-known enclave quorum file (x-enclave-quorum wellKnownDocument), to pin in a client under test.
  if (path === '/emulator/v1/enclave-quorum' && method === 'GET') return { status: 200, body: { keys: [{ publicKey: EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY, notBefore: '0' }] } };
  if (path === '/emulator/v1/oauth/jwks' && method === 'GET') return { status: 200, body: issuerJwks(db) };
  if (path === '/emulator/v1/oauth/token' && method === 'GET') {
    const params = new URLSearchParams(query);
    const sub = params.get('sub');
    const aud = params.get('aud');
    if (!sub || !aud) return badRequest('sub and aud are required query parameters, for example ?sub=user-1&aud=my-app&nonce=<sha256 hex of targetPublicKey>');
    const ttlText = params.get('ttl');
    const ttl = ttlText === null ? undefined : Number(ttlText);
    if (ttl !== undefined && !Number.isInteger(ttl)) return badRequest('ttl must be a whole number of seconds (negative for an already expired token)');
    const token = mintIdToken(
      db,
      { sub, aud, ...(params.get('nonce') !== null ? { nonce: params.get('nonce')! } : {}), ...(params.get('email') !== null ? { email: params.get('email')! } : {}), ...(ttl !== undefined ? { ttl } : {}) },
      now,
    );
    return { status: 200, body: { id_token: token, issuer: TEST_ISSUER } };
  }
  return undefined;
}
