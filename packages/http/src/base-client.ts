import { ERROR_CODE } from './generated/error-codes.js';
import { SigilError } from './errors.js';
import type { Stamper } from './stamper.js';
import { DEFAULT_TIMEOUT_MS, exchange, type RequestOptions, type RetryOptions } from './transport.js';
import { waitForActivity, type ActivityLike, type WaitForActivityOptions, type WaitForActivityResult } from './wait.js';

export const DEFAULT_BASE_URL = 'https://api.sigil.example';

/** A read-only session token from `create_read_only_session`, sent as `X-Session` with queries. */
export interface ReadOnlySession {
  /** The token (`result.createReadOnlySessionResult.session`). */
  session: string;
  /** When it ends, in milliseconds since the epoch (`sessionExpiry` is seconds). Omit when unknown. */
  expiresAtMs?: number;
}

export interface SigilClientConfig {
  /** Default `https://api.sigil.example`. */
  baseUrl?: string;
  /** Used whenever a call does not name an organization itself. */
  organizationId: string;
  /**
   * Authenticates requests, e.g. `new ApiKeyStamper(...)` or `new WebauthnStamper(...)`. Optional only
   * for a client that holds a read-only session and sends queries alone.
   */
  stamper?: Stamper;
  /**
   * Queries carry this token as `X-Session` instead of a stamp (submissions never do). `'auto'`: the
   * client creates one with its stamper on its first query and again when it expires, so a passkey client
   * prompts once an hour instead of on every query and every poll.
   */
  readOnlySession?: ReadOnlySession | 'auto';
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Milliseconds one attempt may take before it fails with code 4 (DEADLINE_EXCEEDED). Default 30000; 0 waits for ever. */
  timeoutMs?: number;
  /** Retries of retryable failures (default 3, with exponential backoff and full jitter); `false` sends once. */
  retry?: RetryOptions | false;
  /** Clock for session expiry, in milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** The transport settings every SDK's client factory passes through to `SigilClient`. */
export type ClientTransportOptions = Pick<SigilClientConfig, 'baseUrl' | 'fetch' | 'timeoutMs' | 'retry' | 'readOnlySession' | 'now'>;

/** Per-call overrides for submissions. */
export interface SubmitOptions extends RequestOptions {
  /** The organization the activity runs in; defaults to the client's (set it for sub-organizations). */
  organizationId?: string;
  /**
   * Milliseconds since the epoch; defaults to now. One value for the whole call: each retry resends the
   * identical envelope, which the API's replay rule answers with the activity the first attempt created.
   */
  timestampMs?: string | number;
}

/** Submit and poll in one call: the method resolves to `waitForActivity`'s `{outcome, activity}`. */
export interface SubmitAndWaitOptions extends SubmitOptions {
  /** `true`, or the options `waitForActivity` takes (`timeoutMs` there is the wait's own limit). */
  wait: true | Omit<WaitForActivityOptions, 'organizationId' | 'signal'>;
}

/** The request envelope every submission sends. */
export interface SubmissionEnvelope<P = unknown> {
  type: string;
  timestampMs: string;
  organizationId: string;
  parameters: P;
}

/** A request stamped and ready to send, as `stamp()` returns it (for a backend to forward, for instance). */
export interface StampedRequest {
  url: string;
  method: 'POST';
  /** The exact JSON the stamp covers; send it unchanged. */
  body: string;
  headers: Record<string, string>;
}

/** How the generated methods describe their operation to the base client. */
export interface OperationRoute {
  path: string;
  kind: 'query' | 'submission';
  /** Queries: whether the body has `organizationId` (the client fills in its own). */
  takesOrganizationId?: boolean;
  /** Queries: whether the document lets `X-Session` authenticate it. */
  acceptsSession?: boolean;
  /** Submissions: the envelope's `type`. */
  activityType?: string;
}

/** Options of `stamp()`: the submission envelope's overrides, for a submission. */
export type StampOptions = Pick<SubmitOptions, 'organizationId' | 'timestampMs'>;

function unauthenticated(path: string, message: string): SigilError {
  return new SigilError({ status: undefined, code: ERROR_CODE.UNAUTHENTICATED, path, details: [], message });
}

/**
 * Stamping, posting, retries and error mapping shared by every generated method.
 * `SigilClient` (generated from the OpenAPI document) adds one typed method per call.
 */
export class SigilBaseClient {
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly stamper: Stamper | undefined;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  readonly #retry: RetryOptions | false;
  readonly #now: () => number;
  #session: ReadOnlySession | undefined;
  #autoSession: boolean;
  #pendingSession: Promise<ReadOnlySession> | undefined;
  readonly #config: SigilClientConfig;

  constructor(config: SigilClientConfig) {
    this.#config = config;
    const { baseUrl = DEFAULT_BASE_URL, organizationId, stamper, fetch: fetchImpl, readOnlySession } = config;
    if (!stamper && (readOnlySession === undefined || readOnlySession === 'auto')) {
      throw new TypeError('SigilClient needs a stamper, or a read-only session token for a client that only sends queries');
    }
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.organizationId = organizationId;
    this.stamper = stamper;
    // Bound so that a browser's window.fetch is not called with the client as `this`.
    this.#fetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
    this.#timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#retry = config.retry ?? {};
    this.#now = config.now ?? Date.now;
    this.#autoSession = readOnlySession === 'auto';
    this.#session = readOnlySession === 'auto' ? undefined : readOnlySession;
  }

  /**
   * A new client of the same class with the same settings but `overrides` (another stamper, another
   * organization); the read-only session is not carried over unless `overrides` names one.
   */
  withOptions(overrides: Partial<SigilClientConfig>): this {
    const { readOnlySession, ...rest } = this.#config;
    const config: SigilClientConfig = { ...rest, ...(readOnlySession === 'auto' ? { readOnlySession } : {}), ...overrides };
    const Client = this.constructor as new (config: SigilClientConfig) => this;
    return new Client(config);
  }

  /** The read-only session queries use, while it is valid. */
  get readOnlySession(): ReadOnlySession | undefined {
    return this.#session && !this.#expired(this.#session) ? this.#session : undefined;
  }

  /** Sends queries with this token as `X-Session` from now on (`undefined` goes back to stamping them). */
  useReadOnlySession(session: ReadOnlySession | undefined): void {
    this.#session = session;
  }

  /**
   * Creates a read-only session with the stamper (`create_read_only_session`: one passkey prompt on a
   * passkey client) and uses it for every later query until it expires.
   */
  async startReadOnlySession(options: RequestOptions = {}): Promise<ReadOnlySession> {
    if (!this.stamper) throw unauthenticated('/public/v1/submit/create_read_only_session', 'Creating a read-only session needs a stamper');
    const route: OperationRoute = { path: '/public/v1/submit/create_read_only_session', kind: 'submission', activityType: 'ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION' };
    type SessionActivity = ActivityLike & { result?: { createReadOnlySessionResult?: { session: string; sessionExpiry: string } } };
    const submitted = await this.submit<SessionActivity>(route, {}, options);
    // Polled with stamps: the session these polls would use is the one being created.
    const stampedPoll: OperationRoute = { path: '/public/v1/query/get_activity', kind: 'query', takesOrganizationId: true, acceptsSession: false };
    const { activity } = await waitForActivity<SessionActivity>(
      { getActivity: (body) => this.query<{ activity: SessionActivity }>(stampedPoll, body, options) },
      submitted,
      options.signal ? { signal: options.signal } : {},
    );
    const result = activity.result?.createReadOnlySessionResult;
    if (!result) {
      throw new SigilError({
        status: undefined,
        code: ERROR_CODE.UNKNOWN,
        path: route.path,
        details: [],
        message: `create_read_only_session ended ${activity.status} without a session`,
      });
    }
    this.#session = { session: result.session, expiresAtMs: Number(result.sessionExpiry) * 1000 };
    return this.#session;
  }

  #expired(session: ReadOnlySession): boolean {
    return session.expiresAtMs !== undefined && this.#now() >= session.expiresAtMs;
  }

  /** The session for a query, creating one first in `'auto'` mode; undefined to stamp instead. */
  async #sessionFor(path: string): Promise<ReadOnlySession | undefined> {
    if (this.#session && !this.#expired(this.#session)) return this.#session;
    if (this.#autoSession) {
      // Concurrent queries share one creation (one prompt), and a failed one is not cached.
      this.#pendingSession ??= this.startReadOnlySession().finally(() => {
        this.#pendingSession = undefined;
      });
      try {
        return await this.#pendingSession;
      } catch (error) {
        // No policy lets this user create sessions: stamp queries as a client without 'auto' does.
        if (error instanceof SigilError && error.code === ERROR_CODE.PERMISSION_DENIED) {
          this.#autoSession = false;
          return undefined;
        }
        throw error;
      }
    }
    if (this.#session) {
      const expiredAt = new Date(this.#session.expiresAtMs!).toISOString();
      if (!this.stamper) throw unauthenticated(path, `The read-only session expired at ${expiredAt}; create a new one with create_read_only_session`);
      // A client with a stamper goes back to stamping its queries.
      this.#session = undefined;
    }
    return undefined;
  }

  async #headersFor(route: OperationRoute, body: string): Promise<Record<string, string>> {
    if (route.kind === 'query' && route.acceptsSession !== false) {
      const session = await this.#sessionFor(route.path);
      if (session) return { 'Content-Type': 'application/json', 'X-Session': session.session };
    }
    if (!this.stamper) {
      // Refused here, before sending: the API never accepts X-Session on a submission.
      throw unauthenticated(
        route.path,
        `${route.path} needs a stamp: this client holds only a read-only session, which the API accepts on queries alone`,
      );
    }
    const { stampHeaderName, stampHeaderValue } = await this.stamper.stamp(body);
    return { 'Content-Type': 'application/json', [stampHeaderName]: stampHeaderValue };
  }

  #queryBody(route: OperationRoute, body: object | undefined): Record<string, unknown> {
    const payload: Record<string, unknown> = { ...(body ?? {}) };
    if (route.takesOrganizationId && payload.organizationId === undefined) return { organizationId: this.organizationId, ...payload };
    return payload;
  }

  #envelope(route: OperationRoute, parameters: object | undefined, options: StampOptions): SubmissionEnvelope {
    return {
      type: route.activityType!,
      timestampMs: String(options.timestampMs ?? this.#now()),
      organizationId: options.organizationId ?? this.organizationId,
      parameters: parameters ?? {},
    };
  }

  /**
   * POSTs `body` to `baseUrl + route.path` (a query serialized per attempt, a submission once per call; each stamp covers that exact string)
   * and returns the parsed JSON answer. Failures throw `SigilError`.
   */
  protected send<T>(route: OperationRoute, makeBody: () => unknown, options: RequestOptions = {}): Promise<T> {
    // A submission's body is made once, so every attempt sends the same bytes (transport.ts, rule 2).
    let submissionBody: string | undefined;
    const bodyFor = (): string => {
      if (route.kind !== 'submission') return JSON.stringify(makeBody());
      submissionBody ??= JSON.stringify(makeBody());
      return submissionBody;
    };
    return exchange<T>({
      fetch: this.#fetch,
      url: this.baseUrl + route.path,
      path: route.path,
      kind: route.kind,
      timeoutMs: options.timeoutMs ?? this.#timeoutMs,
      retry: options.retry ?? this.#retry,
      signal: options.signal,
      prepare: async () => {
        const body = bodyFor();
        return { body, headers: await this.#headersFor(route, body) };
      },
    });
  }

  /** Stamps and POSTs a raw body to a query path (no envelope); for calls the generated methods do not cover. */
  request<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const kind = path.includes('/submit/') ? 'submission' : 'query';
    return this.send<T>({ path, kind }, () => body, options);
  }

  /** Sends a query; fills in the client's `organizationId` when the call takes one and `body` has none. */
  protected query<T>(route: OperationRoute, body: object | undefined, options?: RequestOptions): Promise<T> {
    return this.send<T>(route, () => this.#queryBody(route, body), options);
  }

  /** Wraps `parameters` in the submission envelope (one timestamp per call), sends it, returns the activity. */
  protected async submit<A>(route: OperationRoute, parameters: object | undefined, options: SubmitOptions = {}): Promise<A> {
    const { activity } = await this.send<{ activity: A }>(route, () => this.#envelope(route, parameters, options), options);
    return activity;
  }

  /** `submit`, then `waitForActivity` on the result when `options.wait` is set. */
  protected async submitMaybeWait<A extends ActivityLike>(
    route: OperationRoute,
    parameters: object | undefined,
    options: SubmitOptions | SubmitAndWaitOptions | undefined,
  ): Promise<A | WaitForActivityResult<A>> {
    const activity = await this.submit<A>(route, parameters, options);
    if (!options || !('wait' in options) || !options.wait) return activity;
    const waitOptions = options.wait === true ? {} : options.wait;
    const poller = this as unknown as { getActivity(body: { activityId: string; organizationId?: string }, options?: RequestOptions): Promise<{ activity: A }> };
    return waitForActivity<A>(
      { getActivity: (body) => poller.getActivity(body, { signal: options.signal, retry: options.retry }) },
      activity,
      { ...waitOptions, ...(options.signal ? { signal: options.signal } : {}) },
    );
  }

  /**
   * Builds and stamps the request a call would send, without sending it: for a browser that stamps
   * (with a passkey, say) and a backend that forwards the request to Sigil.
   */
  protected async stampRoute(route: OperationRoute, input: object | undefined, options: StampOptions = {}): Promise<StampedRequest> {
    const payload = route.kind === 'submission' ? this.#envelope(route, input, options) : this.#queryBody(route, input);
    const body = JSON.stringify(payload);
    return { url: this.baseUrl + route.path, method: 'POST', body, headers: await this.#headersFor(route, body) };
  }
}
