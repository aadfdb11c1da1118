import { DEFAULT_RETRY_POLICY, isRetryable, type RetryPolicy, retryDelayMs } from './rules/retry-policy.js';

/**
 * The one loop that sends a request again under the retry policy (functions/rules/retry-policy.ts):
 * the API client's (client/data-import-client.ts, over HTTP) and the bulk jobs worker's (its line's
 * steps handed to the routes' handlers in process) alike. An answer the policy calls transient is
 * sent again after what its `Retry-After` says (plus jitter), or a jittered exponential back-off when
 * it says nothing, up to the policy's attempts; any other answer is returned at once, and so is the
 * last answer when the attempts are spent or the caller may not wait that long.
 */

/** What one attempt answered: the caller's value and what the policy reads of it. */
export interface AttemptAnswer<T> {
  value: T;
  status: number;
  /** The body's `code`, which tells a transient 409 from a final one. */
  code?: string;
  /** `Retry-After` in milliseconds, when the answer says it. */
  retryAfterMs?: number;
}

/** Before each wait: the attempt that failed (its answer, or undefined when it threw) and the wait. */
export interface RetryEvent<T> {
  attempt: number;
  delayMs: number;
  answer: AttemptAnswer<T> | undefined;
}

export interface RetryLoopOptions<T> {
  policy?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** A thrown error worth another attempt (a connection error); by default a throw ends the loop. */
  retriesError?: (error: unknown) => boolean;
  /** Whether the loop may wait `delayMs` before another attempt (the invocation's time left); by default it may. */
  mayWait?: (delayMs: number) => boolean;
  /** Called before each wait, e.g. to count retries or to let go of the answer's body. */
  onRetry?: (event: RetryEvent<T>) => void | Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (numbered from 1) until its answer is not transient, the policy's attempts are
 * spent or the caller may not wait; returns the last answer's value, or throws the last error.
 */
export async function retryAttempts<T>(
  attempt: (attempt: number) => Promise<AttemptAnswer<T>>,
  options: RetryLoopOptions<T> = {},
): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  for (let number = 1; ; number++) {
    let answer: AttemptAnswer<T>;
    try {
      answer = await attempt(number);
    } catch (error) {
      const delayMs = options.retriesError?.(error) ? waitBeforeNext(number, undefined, options) : undefined;
      if (delayMs === undefined) throw error;
      await options.onRetry?.({ attempt: number, delayMs, answer: undefined });
      await sleep(delayMs);
      continue;
    }
    if (!isRetryable(answer.status, answer.code)) return answer.value;
    const delayMs = waitBeforeNext(number, answer.retryAfterMs, options);
    if (delayMs === undefined) return answer.value;
    await options.onRetry?.({ attempt: number, delayMs, answer });
    await sleep(delayMs);
  }
}

/** The wait before the attempt after `attempt`; undefined when there is none (attempts spent, no time). */
function waitBeforeNext<T>(
  attempt: number,
  retryAfterMs: number | undefined,
  options: RetryLoopOptions<T>,
): number | undefined {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  if (attempt >= policy.maxAttempts) return undefined;
  const delayMs = retryDelayMs(attempt, retryAfterMs, policy, options.random);
  return (options.mayWait?.(delayMs) ?? true) ? delayMs : undefined;
}
