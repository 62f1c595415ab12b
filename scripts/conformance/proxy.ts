/**
 * A proxy in front of the emulator that fails the first attempt of two calls, to watch each SDK retry:
 * the first `whoami` loses its connection (no answer at all), the first `create_user_tag` is answered
 * UNAVAILABLE (code 14, which the document marks safe to send again for a submission). Every other
 * request goes through unchanged. It counts the attempts per path.
 */
import http from 'node:http';
import type {AddressInfo} from 'node:net';

export const DROPPED = '/public/v1/query/whoami';
export const UNAVAILABLE = '/public/v1/submit/create_user_tag';

export interface FlakyProxy {
  url: string;
  attempts: Map<string, number>;
  close(): Promise<void>;
}

export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const attempts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const pathname = req.url ?? '/';
      const attempt = (attempts.get(pathname) ?? 0) + 1;
      attempts.set(pathname, attempt);
      if (pathname === DROPPED && attempt === 1) {
        req.socket.destroy();
        return;
      }
      if (pathname === UNAVAILABLE && attempt === 1) {
        res.writeHead(503, {'content-type': 'application/json'}).end(JSON.stringify({code: 14, message: 'The service is unavailable; try again.', details: []}));
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'].includes(name))) as Record<string, string>;
      fetch(new URL(pathname, target), {method: req.method, headers, body: Buffer.concat(chunks)})
        .then(async (answer) => {
          res.writeHead(answer.status, {'content-type': answer.headers.get('content-type') ?? 'application/json'}).end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
