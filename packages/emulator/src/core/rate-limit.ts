// `requests-per-second-per-organization` (x-limits): each organization has a bucket of that many requests
// that refills continuously at that rate, so a burst of up to one second's worth is served at once and a
// sustained rate above it is refused with RESOURCE_EXHAUSTED (code 8, which clients retry with backoff).
// Only authenticated requests are counted: an anonymous caller cannot spend an organization's budget.
import { ApiError, Code } from './errors.js';
import { limit } from './document.js';

export const REQUESTS_PER_SECOND = limit<number>('requests-per-second-per-organization');

// Buckets that have refilled are forgotten once this many organizations have one, so memory stays bounded.
const TRACKED_ORGANIZATIONS_MAX = 10_000;

/**
 * The answer to a request over the limit: code 8 like a count limit, told apart by its `Retry-After` header
 * (whole seconds, as HTTP defines it), which a count limit never has since waiting does not help there.
 */
export class RateLimited extends ApiError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(Code.RESOURCE_EXHAUSTED, message);
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }
}

interface Bucket {
  tokens: number;
  atMs: number;
}

export class OrganizationRateLimit {
  private readonly buckets = new Map<string, Bucket>();

  /** `clock` is monotonic milliseconds: real elapsed time, apart from the emulator's business clock. */
  constructor(
    private readonly clock: () => number,
    private readonly perSecond = REQUESTS_PER_SECOND,
  ) {}

  /** Spends one request of `organizationId`'s budget, or returns the error to answer when none is left. */
  take(organizationId: string): RateLimited | undefined {
    const at = this.clock();
    const bucket = this.buckets.get(organizationId) ?? { tokens: this.perSecond, atMs: at };
    const elapsedMs = Math.max(0, at - bucket.atMs);
    bucket.tokens = Math.min(this.perSecond, bucket.tokens + (elapsedMs * this.perSecond) / 1000);
    bucket.atMs = at;
    if (bucket.tokens < 1) {
      this.buckets.set(organizationId, bucket);
      const waitMs = Math.ceil(((1 - bucket.tokens) * 1000) / this.perSecond);
      return new RateLimited(
        `organization ${organizationId} sent more than ${this.perSecond} requests per second (x-limits requests-per-second-per-organization); retry in ${waitMs} ms with backoff`,
        waitMs,
      );
    }
    bucket.tokens -= 1;
    if (!this.buckets.has(organizationId) && this.buckets.size >= TRACKED_ORGANIZATIONS_MAX) this.forgetRefilled(at);
    this.buckets.set(organizationId, bucket);
    return undefined;
  }

  private forgetRefilled(at: number): void {
    for (const [id, bucket] of this.buckets) {
      if (bucket.tokens + ((at - bucket.atMs) * this.perSecond) / 1000 >= this.perSecond) this.buckets.delete(id);
    }
  }
}
