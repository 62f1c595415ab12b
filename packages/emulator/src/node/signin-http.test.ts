// The outbox and the OAuth test issuer over real HTTP: the query string reaches the core, DELETE works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorServer, type EmulatorServer } from './server.js';

describe('emulator endpoints for sign-in over HTTP', () => {
  let server: EmulatorServer;
  beforeAll(async () => {
    server = await startEmulatorServer({ port: 0, bootstrap: false, log: () => undefined });
  });
  afterAll(async () => {
    await server.close();
  });

  it('mints test-issuer ID tokens from the query string and publishes the key', async () => {
    const response = await fetch(`${server.url}/emulator/v1/oauth/token?sub=user-1&aud=my-app&nonce=abc`);
    expect(response.status).toBe(200);
    const { id_token: token, issuer } = (await response.json()) as { id_token: string; issuer: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: issuer, sub: 'user-1', aud: 'my-app', nonce: 'abc' });
    const jwks = (await (await fetch(`${server.url}/emulator/v1/oauth/jwks`)).json()) as { keys: unknown[] };
    expect(jwks.keys).toHaveLength(1);
    expect((await fetch(`${server.url}/emulator/v1/oauth/token?aud=my-app`)).status).toBe(400);
  });

  it('lists and clears the outbox', async () => {
    expect(await (await fetch(`${server.url}/emulator/v1/outbox`)).json()).toEqual({ messages: [] });
    const cleared = await fetch(`${server.url}/emulator/v1/outbox`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ deleted: 0 });
  });
});
