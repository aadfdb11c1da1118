/**
 * When and how long to wait before sending a request again: the API client's policy
 * (client/data-import-client.ts), which the bulk jobs worker applies too when it hands a line's
 * steps to the routes' handlers in process (functions/use-cases/bulk-jobs/in-process-steps.ts).
 * The loop that applies it is functions/retry-loop.ts.
 * Pure: the caller supplies the random source, so tests can pin the jitter.
 *
 * Retried: 429 (throttled), every 5xx, 409 `import_process_in_progress` (another call is
 * creating the account right now) and 409 `idempotency_key_in_use` (the first request with the
 * same key is still running; its answer is given once it has ended). Everything else is an
 * answer, not a transient fault.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** First back-off when the server gives no `Retry-After`. */
  baseDelayMs: number;
  /** No wait is longer than this, whatever `Retry-After` says. */
  maxDelayMs: number;
}

/**
 * The longest the service holds a claim (an account's creation lock, a v2 task's lease): the
 * longest timeout of a function that takes one (the v2 worker's 30 s) plus the largest margin
 * (10 s). A 409 `import_process_in_progress` says in `Retry-After` when its claim expires, so
 * no wait needs to be longer, and one wait this long always outlasts a claim whose holder died.
 * A test checks it against the service's own function timeouts.
 */
export const LONGEST_CLAIM_MS = 40_000;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 200,
  maxDelayMs: LONGEST_CLAIM_MS,
};

/**
 * A status that says "not now" rather than "no", whoever answers it (this API, S3, a payment
 * vendor): 429 (throttled) and every 5xx. The one place that rule is written.
 */
export function isTransientStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** An answer of this API worth sending again: a transient status, or a 409 whose claim will end. */
export function isRetryable(status: number, code: string | undefined): boolean {
  return (
    isTransientStatus(status) ||
    (status === 409 && (code === 'import_process_in_progress' || code === 'idempotency_key_in_use'))
  );
}

/** `Retry-After` in milliseconds: delta seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before attempt `attempt + 1` (attempt counts from 1). With `Retry-After`, at least
 * that long plus up to 20 % jitter, so clients told the same second do not return together;
 * without it, full-jitter exponential back-off.
 */
export function retryDelayMs(
  attempt: number,
  retryAfter: number | undefined,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
): number {
  if (retryAfter !== undefined) return Math.min(policy.maxDelayMs, retryAfter * (1 + 0.2 * random()));
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return ceiling / 2 + (ceiling / 2) * random();
}
