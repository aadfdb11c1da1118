import { AsyncLocalStorage } from 'node:async_hooks';
import { integerEnv } from './config.js';
import { claimExpiresAt } from './rules/claims/claim.js';

/**
 * The clock of the current function invocation: the moment (epoch ms) the cloud stops it at
 * its configured timeout, read from the Lambda context when the invocation starts (the API
 * handler and the background handler set it; the local runtime gives each invocation the
 * same timeout as the stack, from infra/routes.ts). Two things are derived from it:
 * - the request deadline, by which code that retries (the store's write helper) must stop so
 *   the function still answers;
 * - the expiry of every claim the invocation takes (the one claim model,
 *   functions/rules/claims/claim.ts): its end plus CLAIM_MARGIN_SECONDS.
 */
const invocationEnds = new AsyncLocalStorage<number>();

/** Time kept back to build and send the answer after the last retry. */
const ANSWER_MARGIN_MS = 1_500;

/**
 * The timeout of a function that does not set its own (every API function): an API call must
 * answer well within API Gateway's 29 s. The stack and the local runtime read it from here.
 */
export const DEFAULT_FUNCTION_TIMEOUT_SECONDS = 10;

/** The largest claim margin an environment may set. */
export const MAX_CLAIM_MARGIN_SECONDS = 10;

/**
 * Seconds a claim outlives its holder's deadline (clock skew between the holder and the next
 * caller, and the holder's last write in flight): `DATA_IMPORT_CLAIM_MARGIN_SECONDS`, 0 to 10,
 * default 5.
 */
export const CLAIM_MARGIN_SECONDS = integerEnv('DATA_IMPORT_CLAIM_MARGIN_SECONDS', 5, {
  min: 0,
  max: MAX_CLAIM_MARGIN_SECONDS,
});

/** Runs `work` as an invocation that ends `remainingMs` from now, when known. */
export function withInvocationDeadline<T>(
  remainingMs: number | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (remainingMs === undefined || !Number.isFinite(remainingMs)) return work();
  return invocationEnds.run(Date.now() + remainingMs, work);
}

/** The current request's deadline (its invocation's end less the answer margin), if known. */
export function requestDeadline(): number | undefined {
  const end = invocationEnds.getStore();
  return end === undefined ? undefined : end - ANSWER_MARGIN_MS;
}

/**
 * The expiry of a claim taken now by the current invocation: its end plus the margin. Outside
 * an invocation (a use case called directly, as tests and the operator CLI do), the end is
 * `now` plus the default function timeout.
 */
export function claimExpiry(now: Date): string {
  const end = invocationEnds.getStore() ?? now.getTime() + DEFAULT_FUNCTION_TIMEOUT_SECONDS * 1000;
  return claimExpiresAt(end, CLAIM_MARGIN_SECONDS);
}
