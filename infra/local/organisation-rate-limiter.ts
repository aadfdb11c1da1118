/**
 * The local model of API Gateway's per-organisation throttling (a usage plan with one API key
 * per organisation): a token bucket per organisation. Each bucket holds at most `burst`
 * tokens, refills at `ratePerSecond` and starts full; a request takes one token or is
 * refused with the seconds until one is available (the `Retry-After`).
 */
export interface RateLimit {
  /** Requests per second, per organisation. */
  ratePerSecond: number;
  /** Requests an organisation may send at once after a quiet period. */
  burst: number;
}

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class OrganisationRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: RateLimit,
    /** Milliseconds now (injected in unit tests). */
    private readonly now: () => number = Date.now,
  ) {
    if (!(limit.ratePerSecond > 0) || !(limit.burst >= 1)) {
      throw new Error('a rate limit needs a positive rate and a burst of at least 1');
    }
  }

  /** Takes one request of `organisation` out of its bucket, or says how long to wait. */
  admit(organisation: string): Admission {
    const now = this.now();
    const bucket = this.buckets.get(organisation) ?? { tokens: this.limit.burst, updatedAt: now };
    const refilled = Math.min(
      this.limit.burst,
      bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.limit.ratePerSecond,
    );
    if (refilled >= 1) {
      this.buckets.set(organisation, { tokens: refilled - 1, updatedAt: now });
      return { admitted: true };
    }
    this.buckets.set(organisation, { tokens: refilled, updatedAt: now });
    return {
      admitted: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - refilled) / this.limit.ratePerSecond)),
    };
  }
}
