// Webhook delivery as the webhooks page describes it: a POST of `{ "activity": … }` to the
// FEATURE_NAME_WEBHOOK URL for every activity change, signed with the organization's webhook key
// (`x-webhook-signature`) and retried on a fixed schedule while the endpoint does not answer 2xx.
// Deliveries leave after the response is sent; close() stops pending retries.
import { limit } from './document.js';
import { signWebhook, type WebhookSigningKeyRecord } from './webhook-signing.js';

const RETRY_DELAYS_MS = limit<number[]>('webhook-retry-delays').map((seconds) => seconds * 1000);
const TIMEOUT_MS = limit<number>('webhook-timeout') * 1000;

type Signer = Pick<WebhookSigningKeyRecord, 'keyId' | 'privateKey'>;

interface Delivery {
  url: string;
  body: string;
  signer: Signer | undefined;
  attempt: number;
}

export class Webhooks {
  private queue: Array<{ url: string; signer: Signer | undefined; build: () => unknown }> = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly fetchImpl: typeof fetch,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Called while a request runs; the body is built at flush time, from the state the response reports. */
  enqueue(url: string, signer: Signer | undefined, build: () => unknown): void {
    this.queue.push({ url, signer, build });
  }

  /** Drops what a failed request queued. */
  discard(): void {
    this.queue = [];
  }

  flush(): void {
    const queued = this.queue;
    this.queue = [];
    if (this.closed) return;
    for (const { url, signer, build } of queued) this.send({ url, signer, body: JSON.stringify(build()), attempt: 0 });
  }

  private send(delivery: Delivery): void {
    const attempt = (async () => {
      let ok = false;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
      try {
        const response = await this.fetchImpl(delivery.url, {
          method: 'POST',
          // Signed per attempt, so a retry carries a fresh timestamp inside the receiver's replay window.
          headers: { 'content-type': 'application/json', ...(delivery.signer ? signWebhook(delivery.signer, this.now(), delivery.body) : {}) },
          body: delivery.body,
          signal: controller.signal,
        });
        ok = response.status >= 200 && response.status < 300;
      } catch {
        ok = false;
      } finally {
        clearTimeout(timer);
      }
      const delay = RETRY_DELAYS_MS[delivery.attempt];
      if (ok || this.closed || delay === undefined) return;
      const retry = setTimeout(() => {
        this.timers.delete(retry);
        this.send({ ...delivery, attempt: delivery.attempt + 1 });
      }, delay);
      this.timers.add(retry);
    })();
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
  }

  /** Resolves when no delivery is in flight (retries may still be scheduled). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.idle();
  }
}
