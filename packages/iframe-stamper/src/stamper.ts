import { IframeStamperError } from './errors.js';
import {
  CHANNEL,
  PARENT_ORIGIN_PARAM,
  isChannelMessage,
  type FrameRequest,
  type FrameResults,
  type ResponseMessage,
} from './protocol.js';

/** Where the frame is and where it goes in the page. */
export interface IframeStamperConfig {
  /** The frame page: the sign-in frame for credentials and sessions, the export frame for exports. */
  iframeUrl: string;
  /** Where the iframe goes. It stays hidden unless it displays an export. */
  iframeContainer: HTMLElement;
  /** The `id` of the iframe element, unique in the page. */
  iframeElementId: string;
  /** How long to wait for the frame to load or answer one message. Default 10000. */
  timeoutMs?: number;
}

/** The header the frame made for one request body. */
export interface IframeStampResult {
  stampHeaderName: 'X-Stamp';
  stampHeaderValue: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * Keeps a credential inside an iframe on another origin and asks it for `X-Stamp` headers. The page
 * never holds the target key, the decrypted credential or an exported secret: only public keys, stamps
 * and yes/no answers cross the frame boundary.
 */
export class IframeStamper {
  readonly #iframe: HTMLIFrameElement;
  readonly #frameOrigin: string;
  readonly #timeoutMs: number;
  readonly #pending = new Map<string, Pending>();
  readonly #ready: Promise<void>;
  #markReady!: () => void;
  #failReady!: (error: Error) => void;
  #publicKey: string | undefined;
  #nextId = 0;

  constructor({ iframeUrl, iframeContainer, iframeElementId, timeoutMs = DEFAULT_TIMEOUT_MS }: IframeStamperConfig) {
    let url: URL;
    try {
      url = new URL(iframeUrl);
    } catch {
      throw new TypeError(`iframeUrl must be an absolute URL (got ${JSON.stringify(iframeUrl)})`);
    }
    if (!(iframeContainer instanceof HTMLElement)) throw new TypeError('iframeContainer must be an HTMLElement of the page');
    if (!iframeElementId) throw new TypeError('iframeElementId must be a non-empty string');
    if (document.getElementById(iframeElementId)) {
      throw new TypeError(`The page already has an element with id ${JSON.stringify(iframeElementId)}: iframeElementId must be unique`);
    }
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError(`timeoutMs must be a positive number (got ${timeoutMs})`);
    if (url.origin === window.location.origin) {
      // The frame only protects the key from the page if the browser keeps them apart.
      throw new TypeError(`iframeUrl must be on another origin than the page (both are ${url.origin})`);
    }
    this.#frameOrigin = url.origin;
    this.#timeoutMs = timeoutMs;
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#markReady = resolve;
      this.#failReady = reject;
    });
    // Settled by a timeout or an origin mismatch before anyone awaits it; callers see it through #request.
    this.#ready.catch(() => undefined);

    url.searchParams.set(PARENT_ORIGIN_PARAM, window.location.origin);
    const iframe = document.createElement('iframe');
    iframe.id = iframeElementId;
    iframe.title = 'Sigil';
    iframe.hidden = true;
    iframe.style.border = '0';
    iframe.style.width = '100%';
    window.addEventListener('message', this.#onMessage);
    iframe.src = url.href;
    iframeContainer.appendChild(iframe);
    this.#iframe = iframe;

    const loadTimer = setTimeout(() => {
      this.#failReady(new IframeStamperError('timeout', `The frame at ${this.#frameOrigin} did not load within ${timeoutMs} ms`));
    }, timeoutMs);
    this.#ready.then(
      () => clearTimeout(loadTimer),
      () => clearTimeout(loadTimer),
    );
  }

  readonly #onMessage = (event: MessageEvent): void => {
    // Only our own iframe's window may answer; anything else posting to the page is not the frame.
    if (event.source !== this.#iframe.contentWindow) return;
    if (event.origin !== this.#frameOrigin) {
      const error = new IframeStamperError(
        'origin-mismatch',
        `The frame answered from ${event.origin}, not ${this.#frameOrigin}: it was redirected or replaced, so its answers are ignored`,
      );
      this.#failReady(error);
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      return;
    }
    const data: unknown = event.data;
    if (!isChannelMessage(data)) return;
    if (data.type === 'ready') {
      this.#markReady();
      return;
    }
    const response = data as unknown as ResponseMessage;
    const pending = this.#pending.get(response.id);
    if (!pending) return;
    this.#pending.delete(response.id);
    if (response.ok) pending.resolve(response.value);
    else pending.reject(new IframeStamperError(response.reason, response.message));
  };

  async #request<T extends FrameRequest['type']>(request: Extract<FrameRequest, { type: T }>): Promise<FrameResults[T]> {
    await this.#ready;
    const id = `${++this.#nextId}`;
    const target = this.#iframe.contentWindow;
    if (!target) throw new IframeStamperError('timeout', 'The frame was removed from the page');
    return new Promise<FrameResults[T]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new IframeStamperError('timeout', `The frame did not answer ${request.type} within ${this.#timeoutMs} ms`));
      }, this.#timeoutMs);
      this.#pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as FrameResults[T]);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      // An explicit target origin: if the iframe was navigated elsewhere, the browser drops the message.
      target.postMessage({ ...request, channel: CHANNEL, id }, this.#frameOrigin);
    });
  }

  /** Loads the frame and returns its target public key (compressed P-256, 66 hex characters). */
  async init(): Promise<string> {
    this.#publicKey = await this.#request({ type: 'init' });
    return this.#publicKey;
  }

  /** The target public key `init` returned, or undefined before `init` and after `clear`. */
  publicKey(): string | undefined {
    return this.#publicKey;
  }

  /** Hands the frame a credential bundle; false when it does not open with the frame's target key. */
  async injectCredentialBundle(bundle: string): Promise<boolean> {
    return this.#request({ type: 'inject-credential-bundle', bundle: String(bundle) });
  }

  /**
   * Hands the frame an export bundle; the frame decrypts it and shows the mnemonic or private key
   * inside itself, and the iframe becomes visible. False when the bundle does not open with its key.
   */
  async injectExportBundle(bundle: string, organizationId: string): Promise<boolean> {
    const shown = await this.#request({ type: 'inject-export-bundle', bundle: String(bundle), organizationId: String(organizationId) });
    if (shown) this.#iframe.hidden = false;
    return shown;
  }

  /** Signs the exact body in the frame with the injected credential and returns the `X-Stamp` header. */
  async stamp(body: string): Promise<IframeStampResult> {
    return this.#request({ type: 'stamp', body });
  }

  /** Forgets the credential, any shown export and the target key; the next `init` makes a new key. */
  async clear(): Promise<void> {
    await this.#request({ type: 'clear' });
    this.#publicKey = undefined;
    this.#iframe.hidden = true;
  }
}
