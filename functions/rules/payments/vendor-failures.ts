/**
 * When a payment vendor that cannot be reached stops being "retry later" and becomes
 * "do not retry as is": the vendor unreachable (timeouts, connection errors, 5xx) for the
 * same reference on `PERSISTENT_FAILURE_COUNT` consecutive requests within
 * `FAILURE_WINDOW_SECONDS` of the first of them. Any answer from the vendor in between
 * (success or refusal) starts the count again.
 */

/** Consecutive unreachable requests for one reference that make the failure persistent. */
export const PERSISTENT_FAILURE_COUNT = 3;

/** The window, from the first failure of a run, in which the failures must fall. */
export const FAILURE_WINDOW_SECONDS = 15 * 60;

/** A `post_import.error` is emitted at most once per (reference, code) in this interval. */
export const ERROR_EVENT_INTERVAL_SECONDS = 60 * 60;

/** A run of failures as stored: how many, and when the first of them happened (Unix seconds). */
export interface VendorFailureRun {
  failures: number;
  windowStart: number;
}

/**
 * A failure at `nowSeconds` continues the run that started after this instant (Unix
 * seconds); a run that started at or before it is over, and the failure starts a new one.
 */
export function failureWindowFloor(nowSeconds: number): number {
  return nowSeconds - FAILURE_WINDOW_SECONDS;
}

/** Whether the run, including the failure just counted, is a persistent failure. */
export function isPersistentFailure(run: VendorFailureRun): boolean {
  return run.failures >= PERSISTENT_FAILURE_COUNT;
}
