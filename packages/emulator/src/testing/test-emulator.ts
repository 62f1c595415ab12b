// startTestEmulator: the emulator's Node server on a free port of 127.0.0.1, in memory, with an organization
// ready to use. It replaces the fake server @sigil/http/testing used to ship, so the SDK's tests and the docs'
// examples run against the same emulator as `sigil emulator start`. Node only.
import { ApiKeyStamper, generateApiKeyPair } from '@sigil/api-key-stamper';
import { SigilClient, waitForActivity } from '@sigil/http';
import { startEmulatorServer } from '../node/server.js';
import type { Emulator } from '../core/types.js';
import { BASE_URL, emulatorFetch } from '../core/testing/context.js';

export interface TestEmulatorOptions {
  /**
   * More API keys for the root user: compressed P-256 public keys (hex), registered with `create_api_keys`
   * before the promise resolves. The root user always also holds `rootKeys`.
   */
  apiPublicKeys?: string[];
  /** How many `get_activity` reads a new allowed activity stays `ACTIVITY_STATUS_PENDING` for. Default 0 (activities complete at once). */
  pendingPolls?: number;
  /** Default `Test organization`. */
  organizationName?: string;
  /** The root user's name. Default `root`. */
  userName?: string;
  /** Clock for the emulator, in milliseconds since the epoch (tests of timestamps and expiry). */
  now?: () => number;
  /** Outgoing HTTP for webhook deliveries. */
  fetch?: typeof fetch;
  /**
   * Enforce the 60 requests per second per organization limit (code 8), as Sigil does. Default true; turn it
   * off only in a test that measures throughput.
   */
  rateLimit?: boolean;
}

/** One HTTP request the emulator answered, with its answer. */
export interface RecordedExchange {
  method: string;
  /** The path, with its query string if it had one. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The raw body exactly as received. */
  body: string;
  status: number;
  /** The raw answer body. */
  response: string;
}

export interface TestEmulator {
  /** Base URL, e.g. `http://127.0.0.1:54321`. */
  url: string;
  organizationId: string;
  rootUserId: string;
  /** The API key pair the root user was created with. */
  rootKeys: { publicKey: string; privateKey: string };
  /** A client for `url`, stamped with `rootKeys`, defaulting to `organizationId`. */
  client: SigilClient;
  /** Every HTTP request answered, in order (the setup before the promise resolved is not included). */
  requests: RecordedExchange[];
  /** The emulator itself, e.g. for `exportState()`. */
  emulator: Emulator;
  close(): Promise<void>;
}

/** Starts an in-memory emulator on a free port of 127.0.0.1 with one organization. Call `close()` when done. */
export async function startTestEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const requests: RecordedExchange[] = [];
  let recording = false;
  const server = await startEmulatorServer({
    port: 0,
    // The test creates its own organization below, so no key file is written to the working directory.
    bootstrap: false,
    log: () => undefined,
    pendingPolls: options.pendingPolls,
    now: options.now,
    fetch: options.fetch,
    rateLimit: options.rateLimit,
    onExchange: ({ request, status, body }) => {
      if (recording) requests.push({ method: request.method, path: request.path, headers: request.headers, body: request.body, status, response: body });
    },
  });
  try {
    const rootKeys = generateApiKeyPair();
    const { organizationId, userId } = await server.emulator.bootstrap({
      organizationName: options.organizationName ?? 'Test organization',
      userName: options.userName ?? 'root',
      apiPublicKey: rootKeys.publicKey,
    });
    const stamper = new ApiKeyStamper({ apiPublicKey: rootKeys.publicKey, apiPrivateKey: rootKeys.privateKey });
    const apiPublicKeys = options.apiPublicKeys ?? [];
    if (apiPublicKeys.length > 0) {
      // In memory, so the setup leaves `requests` empty; with pendingPolls the activity needs its reads to run.
      const setup = new SigilClient({ baseUrl: BASE_URL, organizationId, stamper, fetch: emulatorFetch(server.emulator) });
      const submitted = await setup.createApiKeys(
        {
          userId,
          apiKeys: apiPublicKeys.map((publicKey, index) => ({ apiKeyName: `test key ${index + 1}`, publicKey, curveType: 'API_KEY_CURVE_P256' as const })),
        },
        // On the emulator's clock, so a test clock far from the real one does not make the setup's timestamp stale.
        options.now ? { timestampMs: options.now() } : undefined,
      );
      const { outcome, activity } = await waitForActivity(setup, submitted, { initialDelayMs: 1, maxDelayMs: 1 });
      if (outcome !== 'COMPLETED') throw new Error(`registering the test API keys ended ${activity.status}`);
    }
    recording = true;
    return {
      url: server.url,
      organizationId,
      rootUserId: userId,
      rootKeys,
      client: new SigilClient({ baseUrl: server.url, organizationId, stamper }),
      requests,
      emulator: server.emulator,
      close: () => server.close(),
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
