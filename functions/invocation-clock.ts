import { AsyncLocalStorage } from 'node:async_hooks';
import { integerEnv } from './config.js';
import { claimExpiresAt } from './rules/claims/claim.js';

/**
 * The current function invocation, the one carrier of its deadline: who it is (the Lambda request
 * id, the holder of the claims it takes) and when the cloud stops it at its configured timeout,
 * read from the Lambda context when the invocation starts (the API handler and the background
 * handler set it; the local runtime gives each invocation the same timeout as the stack, from
 * infra/routes.ts). Derived from it:
 * - the request deadline, by which code that retries (the store's write helper) must stop so
 *   the function still answers;
 * - the expiry of every claim the invocation takes (the one claim model,
 *   functions/rules/claims/claim.ts): its end plus CLAIM_MARGIN_SECONDS;
 * - the time a bulk jobs reader or worker keeps back before its end (`reserveMs`).
 */
export interface Invocation {
  /** The Lambda request id: the claims' holder. */
  holder: string;
  startedAtMs: number;
  /** When the cloud stops it (its start plus the remaining time Lambda gave it). */
  deadlineMs: number;
}

const current = new AsyncLocalStorage<Invocation>();

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

/**
 * Runs `work` as the invocation a Lambda context describes (its request id, and its deadline:
 * now plus the time it has left), when the context gives the time left.
 */
export function withInvocation<T>(
  context: { awsRequestId?: string; getRemainingTimeInMillis?(): number } | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const remainingMs = context?.getRemainingTimeInMillis?.();
  if (remainingMs === undefined || !Number.isFinite(remainingMs)) return work();
  const startedAtMs = Date.now();
  const holder = context?.awsRequestId ?? '';
  return current.run({ holder, startedAtMs, deadlineMs: startedAtMs + remainingMs }, work);
}

/** The current invocation, if code runs in one. */
export function currentInvocation(): Invocation | undefined {
  return current.getStore();
}

/** The current request's deadline (its invocation's end less the answer margin), if known. */
export function requestDeadline(): number | undefined {
  const end = current.getStore()?.deadlineMs;
  return end === undefined ? undefined : end - ANSWER_MARGIN_MS;
}

/**
 * The expiry of a claim taken now by the current invocation: its end plus the margin. Outside
 * an invocation (a use case called directly, as tests and the operator CLI do), the end is
 * `now` plus the default function timeout.
 */
export function claimExpiry(now: Date): string {
  const end = current.getStore()?.deadlineMs ?? now.getTime() + DEFAULT_FUNCTION_TIMEOUT_SECONDS * 1000;
  return claimExpiresAt(end, CLAIM_MARGIN_SECONDS);
}

/** The expiry of a claim `invocation` takes (whole seconds, `YYYY-MM-DDTHH:MM:SSZ`). */
export function claimExpiryOf(invocation: Invocation, marginSeconds: number): string {
  return claimExpiresAt(invocation.deadlineMs, marginSeconds);
}

/**
 * Time an invocation keeps back before its deadline for work it must not leave half done: `capMs`,
 * or a quarter of the invocation when that is shorter (functions run with short timeouts in tests).
 */
export function reserveMs(invocation: Invocation, capMs: number): number {
  return Math.min(capMs, (invocation.deadlineMs - invocation.startedAtMs) / 4);
}
