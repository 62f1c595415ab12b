// The contract between the isomorphic core and its adapters (the Node server now, a Web Worker later).
// Shapes agreed in /work/briefs/emulator-contract.md; change them only together with the adapters.

export interface EmulatorRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface EmulatorResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One stored record changed by an acknowledged request; value null = deleted. */
export interface Change {
  collection: string;
  id: string;
  value: unknown | null;
}

/** Whole state, JSON-serializable: what --export writes and --import / snapshots load. */
export interface EmulatorState {
  format: 'sigil-emulator-state';
  version: 1;
  collections: Record<string, Array<[string, unknown]>>;
}

export interface EmulatorOptions {
  /** Start from this state (snapshot + replayed log, or an import). */
  state?: EmulatorState;
  /** Millisecond clock, for tests. */
  now?: () => number;
  /** Called with every request's changes after they are applied in memory and BEFORE the response is returned;
   *  the response waits for the returned promise and every earlier one (persistence: on disk before acknowledged). Called in
   *  request order without waiting for the previous call's promise, so a store can group writes. Not called when nothing changed. */
  onCommit?: (changes: Change[]) => void | Promise<void>;
  /** Keeps each new activity that would run at once in ACTIVITY_STATUS_PENDING for this many get_activity reads;
   *  the next read runs it (COMPLETED, or FAILED if it can no longer be carried out). Default 0: activities run
   *  before the response. For testing clients that poll, such as waitForActivity in @sigil/http. */
  pendingPolls?: number;
  /** Outgoing HTTP for webhooks; default globalThis.fetch. */
  fetch?: typeof fetch;
  /**
   * Enforces `requests-per-second-per-organization` (code 8, RESOURCE_EXHAUSTED) as Sigil does. Default true;
   * false only for load tests, which measure the emulator rather than a client's behavior under the limit.
   */
  rateLimit?: boolean;
  /** Monotonic milliseconds the rate limit measures with; default `performance.now`. For tests of the limit. */
  rateClock?: () => number;
}

export type ApiKeyCurve = 'API_KEY_CURVE_P256' | 'API_KEY_CURVE_SECP256K1' | 'API_KEY_CURVE_ED25519';

export interface BootstrapInput {
  organizationName: string;
  userName: string;
  apiPublicKey: string;
  curve?: ApiKeyCurve;
}

export interface BootstrapResult {
  organizationId: string;
  organizationName: string;
  userId: string;
  userName: string;
  apiKeyId: string;
}

export interface Emulator {
  handle(request: EmulatorRequest): Promise<EmulatorResponse>;
  /** Creates a root organization with one root user holding the given API public key (compressed P-256 hex unless curve given). Goes through onCommit like any change. */
  bootstrap(input: BootstrapInput): Promise<BootstrapResult>;
  /** Root organizations present (for the start banner on a restart). */
  organizations(): Array<{ organizationId: string; organizationName: string; rootUserIds: string[] }>;
  exportState(): EmulatorState;
  /** Applies changes read back from a log (recovery); no onCommit call. */
  applyChanges(changes: Change[]): void;
  /** Stops timers (webhook retries) so a process or test can exit. */
  close(): Promise<void>;
}
