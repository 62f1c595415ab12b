// Ports for the benchmark's servers. Chromium's fetch() (and Node's, which follows the same Fetch standard) refuses
// the "bad ports" of the Fetch standard (https://fetch.spec.whatwg.org/#port-blocking): a server on one of them starts,
// but no readiness check or browser can reach it. So a port given in the environment is checked against that list, and
// without one the operating system picks a free port, again never a blocked one.
import {createServer} from 'node:net';

/** The Fetch standard's bad ports. */
export const BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111,
  113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548,
  554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665,
  6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export const isBlockedPort = (port) => BLOCKED_PORTS.has(port);

/**
 * The port a server should listen on, from an optional setting (an environment variable or a flag): 0 (any free
 * port) when unset or empty, the number when it is a usable port, else an error that names the setting.
 */
export function requestedPort(value, name = 'port') {
  if (value === undefined || value === '') return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} is "${value}", not a port number (0 to 65535).`);
  if (isBlockedPort(port)) {
    throw new Error(`${name} is ${port}, a port the Fetch standard blocks (browsers and fetch() refuse it); pick another or leave it unset.`);
  }
  return port;
}

/** Asks the operating system for a free port, and again while it offers a blocked one. */
export async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const {port: p} = server.address();
        server.close(() => resolve(p));
      });
    });
    if (!isBlockedPort(port)) return port;
  }
}
