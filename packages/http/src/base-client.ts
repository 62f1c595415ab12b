import { SigilRequestError, STATUS_CODE_UNKNOWN } from './errors.js';
import type { Stamper } from './stamper.js';

export const DEFAULT_BASE_URL = 'https://api.sigil.example';

export interface SigilClientConfig {
  /** Default `https://api.sigil.example`. */
  baseUrl?: string;
  /** Used whenever a call does not name an organization itself. */
  organizationId: string;
  /** Authenticates every request, e.g. `new ApiKeyStamper(...)` or `new WebauthnStamper(...)`. */
  stamper: Stamper;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** Per-call overrides for submissions. */
export interface SubmitOptions {
  /** The organization the activity runs in; defaults to the client's (set it for sub-organizations). */
  organizationId?: string;
  /** Milliseconds since the epoch; defaults to now. */
  timestampMs?: string | number;
}

/** The request envelope every submission sends. */
export interface SubmissionEnvelope<P = unknown> {
  type: string;
  timestampMs: string;
  organizationId: string;
  parameters: P;
}

/**
 * Stamping, posting and error mapping shared by every generated method.
 * `SigilClient` (generated from the OpenAPI document) adds one typed method per call.
 */
export class SigilBaseClient {
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly stamper: Stamper;
  readonly #fetch: typeof fetch;

  constructor({ baseUrl = DEFAULT_BASE_URL, organizationId, stamper, fetch: fetchImpl }: SigilClientConfig) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.organizationId = organizationId;
    this.stamper = stamper;
    // Bound so that a browser's window.fetch is not called with the client as `this`.
    this.#fetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * Stamps `body` (serialized once; the stamp covers that exact string), POSTs it to `baseUrl + path`
   * and returns the parsed JSON answer. Non-2xx answers throw `SigilRequestError`.
   */
  async request<T>(path: string, body: unknown): Promise<T> {
    const json = JSON.stringify(body);
    const { stampHeaderName, stampHeaderValue } = await this.stamper.stamp(json);
    const response = await this.#fetch(this.baseUrl + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [stampHeaderName]: stampHeaderValue },
      body: json,
    });
    const text = await response.text();
    if (!response.ok) throw SigilRequestError.fromResponse(response.status, path, text);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new SigilRequestError({
        status: response.status,
        path,
        code: STATUS_CODE_UNKNOWN,
        message: `Expected a JSON answer from ${path}, got: ${text.slice(0, 200)}`,
        details: [],
      });
    }
  }

  /** Sends a query; fills in the client's `organizationId` when the call takes one and `body` has none. */
  protected query<T>(path: string, body: object | undefined, takesOrganizationId: boolean): Promise<T> {
    const payload: Record<string, unknown> = { ...(body ?? {}) };
    if (takesOrganizationId && payload.organizationId === undefined) {
      return this.request<T>(path, { organizationId: this.organizationId, ...payload });
    }
    return this.request<T>(path, payload);
  }

  /** Wraps `parameters` in the submission envelope, sends it and returns the resulting activity. */
  protected async submit<A>(path: string, type: string, parameters: object | undefined, options: SubmitOptions = {}): Promise<A> {
    const envelope: SubmissionEnvelope = {
      type,
      timestampMs: String(options.timestampMs ?? Date.now()),
      organizationId: options.organizationId ?? this.organizationId,
      parameters: parameters ?? {},
    };
    const { activity } = await this.request<{ activity: A }>(path, envelope);
    return activity;
  }
}
