import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES } from './http-adapter.js';
import { EmulatorStartError, startEmulatorServer, type EmulatorServer } from './server.js';

/** A raw request, so tests control headers such as Host and Content-Length exactly. */
function raw(url: string, options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(options.path, url);
    const req = httpRequest(target, { method: options.method ?? 'POST', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('startEmulatorServer over HTTP', () => {
  let root: string;
  let server: EmulatorServer;
  const lines: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sigil-server-'));
    server = await startEmulatorServer({ port: 0, bootstrap: false, log: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 and answers the health check', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/emulator/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(lines).toContain(`Sigil emulator listening on ${server.url}`);
  });

  it('passes API calls to the core and answers its Status errors', async () => {
    const response = await fetch(`${server.url}/public/v1/query/no_such_thing`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    const status = (await response.json()) as { code: number; message: string; details: unknown[] };
    expect(status.code).toBe(5);
    expect(status.message).toMatch(/no_such_thing/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses a body over the cap with INVALID_ARGUMENT before reading it, by Content-Length or by counting', async () => {
    const big = Buffer.alloc(DEFAULT_MAX_BODY_BYTES + 1, 0x20);
    const declared = await raw(server.url, { path: '/public/v1/query/whoami', headers: { 'content-type': 'application/json' }, body: big });
    expect(declared.status).toBe(400);
    const message = `body: larger than ${DEFAULT_MAX_BODY_BYTES} bytes (x-limits request-body-max)`;
    expect(JSON.parse(declared.body)).toEqual({
      code: 3,
      message,
      details: [{ '@type': 'type.sigil.example/sigil.errors.v1.FieldViolation', field: 'body', description: message }],
    });

    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(new URL('/public/v1/query/whoami', server.url), { method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      for (let i = 0; i < 5; i++) req.write(Buffer.alloc(DEFAULT_MAX_BODY_BYTES / 4, 0x20));
      req.end();
    });
    expect(chunked.status).toBe(400);
    expect(JSON.parse(chunked.body)).toMatchObject({ code: 3 });
    // Still serving.
    expect((await fetch(`${server.url}/emulator/v1/health`)).status).toBe(200);
  });

  it('answers CORS preflights for API paths only', async () => {
    const preflight = await raw(server.url, { method: 'OPTIONS', path: '/public/v1/query/whoami', headers: { origin: 'http://localhost:3000' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/X-Stamp-WebAuthn/);
    const state = await fetch(`${server.url}/emulator/v1/state`);
    expect(state.status).toBe(200);
    expect(state.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the unstamped state endpoint only to local Host names (no DNS rebinding)', async () => {
    const local = await raw(server.url, { method: 'GET', path: '/emulator/v1/state', headers: { host: 'localhost:8787' } });
    expect(JSON.parse(local.body)).toMatchObject({ format: 'sigil-emulator-state', version: 1 });
    const rebound = await raw(server.url, { method: 'GET', path: '/emulator/v1/state', headers: { host: 'attacker.example' } });
    expect(rebound.status).toBe(404);
    expect(JSON.parse(rebound.body)).toMatchObject({ code: 5 });
  });

  it('says which port is taken', async () => {
    const port = Number(new URL(server.url).port);
    await expect(startEmulatorServer({ port, bootstrap: false, log: () => undefined })).rejects.toThrow(
      new EmulatorStartError(`Port ${port} on 127.0.0.1 is in use: stop what runs there or pass --port <another port> (0 picks a free one)`),
    );
  });

  it('explains an import file it cannot use', async () => {
    const file = join(root, 'bad.json');
    await writeFile(file, '{"format":"something else"}');
    await expect(startEmulatorServer({ port: 0, importFile: file, log: () => undefined })).rejects.toThrow(/is not an emulator state/);
    await expect(startEmulatorServer({ port: 0, importFile: join(root, 'missing.json'), log: () => undefined })).rejects.toThrow(/not found/);
  });

  it('refuses to import over a data directory that already holds a state', async () => {
    const dataDir = join(root, 'data');
    const first = await startEmulatorServer({ port: 0, bootstrap: false, dataDir, log: () => undefined });
    await first.emulator.applyChanges([{ collection: 'x', id: '1', value: 1 }]);
    await first.snapshot();
    await first.close();
    const file = join(root, 'state.json');
    await writeFile(file, JSON.stringify({ format: 'sigil-emulator-state', version: 1, collections: {} }));
    await expect(startEmulatorServer({ port: 0, dataDir, importFile: file, log: () => undefined })).rejects.toThrow(/already holds a state/);
    // The failed start released the directory.
    const again = await startEmulatorServer({ port: 0, bootstrap: false, dataDir, log: () => undefined });
    await again.close();
    expect((await stat(join(dataDir, 'sigil-emulator-data.json'))).isFile()).toBe(true);
  });
});
