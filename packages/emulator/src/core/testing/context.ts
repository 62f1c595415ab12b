// A bootstrapped emulator and SDK clients that talk to it in memory: the starting point for the
// emulator's own tests, the conformance harness and property tests. Signing goes through the real SDK
// (@sigil/api-key-stamper and @sigil/http), so passing tests show the emulator accepts what the SDK sends.
import { ApiKeyStamper, generateApiKeyPair } from '@sigil/api-key-stamper';
import { SigilClient } from '@sigil/http';
import { createEmulator } from '../emulator.js';
import type { BootstrapResult, Change, Emulator, EmulatorOptions } from '../types.js';

export interface TestUser {
  userId: string;
  publicKey: string;
  privateKey: string;
  /** A client stamping with this user's key, defaulting to `organizationId`. */
  client: SigilClient;
}

export interface TestContext {
  emulator: Emulator;
  bootstrap: BootstrapResult;
  organizationId: string;
  /** The root user created by bootstrap. */
  root: TestUser;
  /** A fetch that hands requests to `emulator.handle` (no network). */
  fetch: typeof fetch;
  /** Every batch of changes passed to onCommit. */
  commits: Change[][];
  /** A client for another key pair (e.g. a user created later). */
  clientFor(keys: { publicKey: string; privateKey: string }, organizationId?: string): SigilClient;
  /** Sends a raw request (no stamp unless `headers` has one). */
  raw(path: string, body: string, headers?: Record<string, string>, method?: string): Promise<{ status: number; json: unknown }>;
  close(): Promise<void>;
}

export const BASE_URL = 'http://emulator.test';

export function emulatorFetch(emulator: Emulator): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const response = await emulator.handle({
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      headers,
      body: typeof init?.body === 'string' ? init.body : '',
    });
    return new Response(response.status === 204 ? null : response.body, { status: response.status, headers: response.headers });
  };
}

export async function createTestContext(options: EmulatorOptions & { organizationName?: string } = {}): Promise<TestContext> {
  const commits: Change[][] = [];
  const userCommit = options.onCommit;
  const emulator = createEmulator({
    ...options,
    onCommit: async (changes) => {
      commits.push(changes);
      await userCommit?.(changes);
    },
  });
  const keys = await generateApiKeyPair();
  const bootstrap = await emulator.bootstrap({
    organizationName: options.organizationName ?? 'Test organization',
    userName: 'root',
    apiPublicKey: keys.publicKey,
  });
  const fetchImpl = emulatorFetch(emulator);
  const clientFor = (pair: { publicKey: string; privateKey: string }, organizationId = bootstrap.organizationId) =>
    new SigilClient({
      baseUrl: BASE_URL,
      organizationId,
      stamper: new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
      fetch: fetchImpl,
    });
  return {
    emulator,
    bootstrap,
    organizationId: bootstrap.organizationId,
    root: { userId: bootstrap.userId, publicKey: keys.publicKey, privateKey: keys.privateKey, client: clientFor(keys) },
    fetch: fetchImpl,
    commits,
    clientFor,
    async raw(path, body, headers = {}, method = 'POST') {
      const response = await emulator.handle({ method, path, headers, body });
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {
        json = undefined;
      }
      return { status: response.status, json };
    },
    close: () => emulator.close(),
  };
}
