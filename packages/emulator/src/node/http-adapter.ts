// Turns node:http requests into EmulatorRequests and writes back the EmulatorResponses.
// The core decides every answer about the API; this layer only handles what needs the socket:
// the body size cap (checked while reading, so an oversized body is never buffered), CORS for
// browser callers, and the Host check that keeps other web pages away from the state endpoint.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { document, httpStatusOf } from '../core/document.js';
import { Code, invalid, type ErrorDetail } from '../core/errors.js';
import type { Emulator, EmulatorRequest } from '../core/types.js';

/**
 * Request bodies larger than this are refused with INVALID_ARGUMENT before the core sees them: the document's
 * `request-body-max` limit (x-limits), so the server never buffers more than the core would accept.
 */
export const DEFAULT_MAX_BODY_BYTES: number = bodyLimitFromDocument() ?? 1024 * 1024;

function bodyLimitFromDocument(): number | undefined {
  const value = document['x-limits'].find((entry) => entry.id === 'request-body-max')?.value;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** Bytes of an oversized body read and thrown away so the client sees the answer; past this, the socket is cut. */
const DISCARD_LIMIT_BYTES = 8 * 1024 * 1024;

export interface AdapterOptions {
  maxBodyBytes?: number;
  /** Called with every request and its answer; the testing wrapper records them. */
  onExchange?: (exchange: Exchange) => void;
  /** Unexpected failures (a bug, not a client's mistake). */
  log?: (line: string) => void;
}

export interface Exchange {
  request: EmulatorRequest;
  status: number;
  body: string;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Content-Type, X-Stamp, X-Stamp-WebAuthn, X-Session',
  'access-control-allow-methods': 'POST',
  'access-control-max-age': '600',
};

/** The answer shape of the document's Status, with the HTTP status its `x-error-codes` table gives the code. */
function status(code: number, message: string, details: ErrorDetail[] = []): { httpStatus: number; body: string } {
  return { httpStatus: httpStatusOf(code), body: JSON.stringify({ code, message, details }) };
}

function flattenHeaders(request: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Names a loopback caller may use for this server: other Host values come from DNS rebinding, not a developer. */
function isLocalHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.replace(/:\d+$/, '').toLowerCase();
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
}

export function createRequestListener(emulator: Emulator, options: AdapterOptions = {}) {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? (() => undefined);

  function send(response: ServerResponse, httpStatus: number, headers: Record<string, string>, body: string, cors: boolean): void {
    if (response.headersSent || response.destroyed) return;
    const all: Record<string, string | number> = { 'content-length': Buffer.byteLength(body) };
    // CORS only where a stamp protects the answer, whatever headers the core suggests.
    for (const [name, value] of Object.entries(headers)) if (cors || !name.toLowerCase().startsWith('access-control-')) all[name] = value;
    if (cors) all['access-control-allow-origin'] = '*';
    response.writeHead(httpStatus, all).end(body);
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    // Stamped API calls are safe to allow from any origin (a page without the key cannot forge a stamp);
    // the unstamped /emulator/v1 endpoints are not, since the state export holds every record.
    const api = path.startsWith('/public/');
    if (request.method === 'OPTIONS' && api) {
      response.writeHead(204, CORS_HEADERS).end();
      return;
    }
    if (!api && !isLocalHost(request.headers.host)) {
      const answer = status(Code.NOT_FOUND, `no endpoint at ${path} for host ${request.headers.host ?? '(none)'}; the emulator's own endpoints answer on localhost or 127.0.0.1 only`);
      send(response, answer.httpStatus, { 'content-type': 'application/json' }, answer.body, false);
      request.resume();
      return;
    }

    const declared = Number(request.headers['content-length']);
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > maxBodyBytes;
    const chunks: Buffer[] = [];

    const refuseTooLarge = (): void => {
      const error = invalid('body', `body: larger than ${maxBodyBytes} bytes (x-limits request-body-max)`);
      const answer = status(error.code, error.message, error.details);
      response.setHeader('connection', 'close');
      send(response, answer.httpStatus, { 'content-type': 'application/json' }, answer.body, api);
    };
    if (tooLarge) refuseTooLarge();

    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (tooLarge) {
        if (size > maxBodyBytes + DISCARD_LIMIT_BYTES) request.destroy();
        return;
      }
      if (size > maxBodyBytes) {
        tooLarge = true;
        chunks.length = 0;
        refuseTooLarge();
        return;
      }
      chunks.push(chunk);
    });
    request.on('error', () => undefined);
    request.on('end', () => {
      if (tooLarge) return;
      const emulatorRequest: EmulatorRequest = {
        method: request.method ?? 'GET',
        // With its query: the core routes on the path alone, and /emulator/v1/oauth/token reads the query.
        path: request.url ?? path,
        headers: flattenHeaders(request),
        body: Buffer.concat(chunks, size).toString('utf8'),
      };
      emulator.handle(emulatorRequest).then(
        (answer) => {
          send(response, answer.status, answer.headers, answer.body, api);
          options.onExchange?.({ request: emulatorRequest, status: answer.status, body: answer.body });
        },
        (error: unknown) => {
          // handle() answers every error itself; reaching here is an emulator bug, still answered as a Status.
          log(`emulator error on ${path}: ${(error as Error)?.stack ?? String(error)}`);
          const answer = status(Code.INTERNAL, `emulator error: ${(error as Error)?.message ?? String(error)}`);
          send(response, answer.httpStatus, { 'content-type': 'application/json' }, answer.body, api);
          options.onExchange?.({ request: emulatorRequest, status: answer.httpStatus, body: answer.body });
        },
      );
    });
  };
}
