import { RetryableError } from '../errors.js';
import { requestDeadline } from '../invocation-clock.js';
import { LIMITS } from './dynamodb.js';
import { answerItem } from './idempotency-scope.js';
import {
  type CancellationReason,
  isConflictOnly,
  type TransactItem,
  transactWrite,
} from './transact-write.js';

/**
 * The one retry loop of every conditional TransactWriteItems in the stores. Concurrent writers
 * to one account (summary shards, note markers…) cost latency, not errors: a cancelled
 * write is rebuilt and retried after a jittered pause, up to one attempt limit and within a
 * time budget that leaves the function room to answer. Only when both are spent is it a 503
 * `temporarily_unavailable` (with `Retry-After`), which the client retries as it is.
 */

/** Attempts of one write before giving up. */
export const MAX_WRITE_ATTEMPTS = 100;
/** Time one write may spend retrying when no request deadline is known. */
export const WRITE_RETRY_BUDGET_MS = 6_000;
/** Pauses grow from 10 ms and stop growing at 200 ms, each drawn at random around its size. */
const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 200;

/** What to do after a cancellation the caller resolved (see `ConditionalWrite.resolve`). */
export type Resolution = 'retry-now' | 'retry-after-pause';

export interface ConditionalWrite {
  /** The items of the next attempt; undefined when nothing is left to write. */
  items: () => TransactItem[] | undefined;
  /**
   * A cancellation that is not only a conflict with a concurrent transaction: adjust what
   * `items` builds next (drop what exists now, take a counter's new value) and say whether
   * to retry at once or after a pause (the cause was a concurrent writer); throw when the
   * cancellation cannot be resolved.
   */
  resolve: (reasons: readonly CancellationReason[]) => Resolution | Promise<Resolution>;
  /**
   * For the write that ends a request: what the caller returns when this attempt commits. A
   * request with an idempotency key then keeps its answer in the same transaction
   * (./idempotency-scope.ts), so a crash cannot keep the writes without the answer.
   */
  outcome?: () => unknown;
}

export interface RetryOptions {
  /**
   * Epoch milliseconds after which no retry starts (default: the request's deadline, which
   * leaves the function time to answer, or now + the budget outside a request).
   */
  deadline?: number;
  /** The error when the attempts or the time budget are spent (default: `contentionError()`). */
  exhausted?: () => Error;
}

/** When retries of a write must stop: the request's deadline, or the budget from now. */
export function retryDeadline(): number {
  return requestDeadline() ?? Date.now() + WRITE_RETRY_BUDGET_MS;
}

/** The pause before attempt `attempt + 1`: exponential, capped, with jitter (0.5×–1.5×). */
export function retryPause(attempt: number): number {
  return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt) * (0.5 + Math.random());
}

/** A jittered pause before retry `attempt + 1` of anything that lost a race or was throttled. */
export function backoff(attempt: number): Promise<void> {
  return sleep(retryPause(attempt));
}

/** The global timer (which fake timers in unit tests control), not `node:timers/promises`. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The error when the attempts or the time budget are spent. */
export function contentionError(): RetryableError {
  return new RetryableError(
    'temporarily_unavailable',
    'Too many concurrent writes to this account; retry the request as it is.',
    503,
  );
}

/** The request's idempotency key is no longer its own (its claim expired): it must not write. */
function keyLost(): RetryableError {
  return new RetryableError(
    'temporarily_unavailable',
    'The request outlived its idempotency key claim; retry the request as it is.',
    503,
  );
}

/**
 * Runs `write` until its items are written or nothing is left to write. Returns true when a
 * write succeeded, false when `items` had nothing (left) to write.
 */
export async function transactWriteWithRetry(
  write: ConditionalWrite,
  options: RetryOptions = {},
): Promise<boolean> {
  const deadline = options.deadline ?? retryDeadline();
  const exhausted = options.exhausted ?? contentionError;
  for (let attempt = 0; ; attempt++) {
    const items = write.items();
    if (!items) return false;
    // The budget bounds retries only: a first attempt always runs, however long the request took.
    if (attempt > 0 && (attempt >= MAX_WRITE_ATTEMPTS || Date.now() >= deadline)) throw exhausted();
    const answer =
      write.outcome && items.length < LIMITS.transactWriteItems ? answerItem(write.outcome) : undefined;
    const result = await transactWrite(answer ? [...items, answer.item] : items);
    if (result.ok) {
      answer?.committed();
      return true;
    }
    if (answer && result.reasons[items.length]?.code === 'ConditionalCheckFailed') throw keyLost();
    const resolution = isConflictOnly(result.reasons)
      ? 'retry-after-pause'
      : await write.resolve(result.reasons.slice(0, items.length));
    if (resolution === 'retry-after-pause') {
      const pause = retryPause(attempt);
      if (Date.now() + pause >= deadline) throw exhausted();
      await sleep(pause);
    }
  }
}
