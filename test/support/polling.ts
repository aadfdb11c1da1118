import { setTimeout as sleep } from 'node:timers/promises';

/** How long a poll may take and how often it reads (no vitest here: the bench uses it too). */
export interface PollOptions<T> {
  timeoutMs: number;
  intervalMs: number;
  /** What the error says when the deadline passes, from the last value read. */
  failure: (last: T) => string;
}

/**
 * Reads `read()` every `intervalMs` until `done` holds of what it read, and returns that; throws
 * `failure(last)` once `timeoutMs` has passed without it. Every wait in the tests is bounded.
 */
export async function pollUntil<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  options: PollOptions<T>,
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() >= deadline) throw new Error(options.failure(value));
    await sleep(options.intervalMs);
  }
}
