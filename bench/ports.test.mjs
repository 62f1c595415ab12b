import {createServer} from 'node:net';
import {describe, expect, it} from 'vitest';
import {freePort, isBlockedPort, requestedPort} from './ports.mjs';

describe('requestedPort', () => {
  it('asks for any free port when nothing is set', () => {
    expect(requestedPort(undefined)).toBe(0);
    expect(requestedPort('')).toBe(0);
  });

  it('takes a usable port as given', () => {
    expect(requestedPort('4180')).toBe(4180);
    expect(requestedPort(4191)).toBe(4191);
  });

  it("refuses the Fetch standard's blocked ports, the control's old default among them", () => {
    expect(isBlockedPort(4190)).toBe(true);
    expect(isBlockedPort(6000)).toBe(true);
    expect(isBlockedPort(4180)).toBe(false);
    expect(() => requestedPort('4190', 'BENCH_CONTROL_PORT')).toThrow(/BENCH_CONTROL_PORT is 4190, a port the Fetch standard blocks/);
  });

  it('refuses what is not a port', () => {
    expect(() => requestedPort('http', 'BENCH_PORT')).toThrow(/BENCH_PORT is "http", not a port number/);
    expect(() => requestedPort('70000')).toThrow(/not a port number/);
    expect(() => requestedPort('41.5')).toThrow(/not a port number/);
  });
});

describe('freePort', () => {
  it('gives a port nothing listens on and fetch() may reach', async () => {
    const port = await freePort();
    expect(isBlockedPort(port)).toBe(false);
    // Listening on it succeeds: the port was free.
    await new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => server.close(resolve));
    });
  });
});
