import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The moment (epoch ms) by which the current request must stop retrying so that the
 * function still answers before its timeout. Set per invocation by the API handler from the
 * Lambda context; code that retries (the store's write helper) reads it.
 */
const deadlines = new AsyncLocalStorage<number>();

/**
 * How long an API function may run (its Lambda timeout, set by the stack): an API call must
 * answer well within API Gateway's 29 s. A bulk job's worker gives each step it runs in process
 * the same time.
 */
export const API_FUNCTION_TIMEOUT_SECONDS = 10;

/** Time kept back to build and send the answer after the last retry. */
const ANSWER_MARGIN_MS = 1_500;

/** Runs `work` with a deadline `remainingMs` from now (minus the answer margin), when known. */
export function withRequestDeadline<T>(remainingMs: number | undefined, work: () => Promise<T>): Promise<T> {
  if (remainingMs === undefined || !Number.isFinite(remainingMs)) return work();
  return deadlines.run(Date.now() + remainingMs - ANSWER_MARGIN_MS, work);
}

/** The current request's deadline, if a handler set one. */
export function requestDeadline(): number | undefined {
  return deadlines.getStore();
}
