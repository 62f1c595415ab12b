// Serves the iframe stamper's frame pages (the static files @sigil/iframe-stamper ships) on a port of
// their own, so a page on the emulator's or the app's origin and the frame are really cross-origin,
// as they are in production.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Where the frame files are and where to serve them. */
export interface FramesServerOptions {
  /** The directory holding auth/index.html, export/index.html and frame.js. */
  dir: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
}

/** The running frames server: the two frame URLs, and `close`. */
export interface FramesServer {
  /** The sign-in frame, e.g. http://localhost:8788/auth/. */
  authUrl: string;
  /** The export frame, e.g. http://localhost:8788/export/. */
  exportUrl: string;
  close(): Promise<void>;
}

/** Serves the frame pages (GET and HEAD of .html, .js and .css under `dir`, nothing else) on their own port. */
export async function startFramesServer({ dir, host, port }: FramesServerOptions): Promise<FramesServer> {
  const root = resolve(dir);
  // Fail at start, not on the first frame load, when the directory is not a frames build.
  await readFile(join(root, 'auth', 'index.html'));
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://frames').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !file.startsWith(root + sep) || !CONTENT_TYPES[extname(file)]) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)]!, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : body),
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address() as AddressInfo;
  // On the loopback address the URLs say localhost: an app served from localhost and the frames are then
  // cross-origin (another port) but same-site, so the frames keep their IndexedDB in every browser mode.
  const shownHost = address.address === '127.0.0.1' ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const base = `http://${shownHost}:${address.port}`;
  return {
    authUrl: `${base}/auth/`,
    exportUrl: `${base}/export/`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
