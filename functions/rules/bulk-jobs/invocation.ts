import { claimExpiresAt } from '../claims/claim.js';

/**
 * The function invocation that runs a bulk job's reader or worker: it holds claims (a job's read,
 * a line in flight) under its request id, and they expire, as every claim does
 * (functions/rules/claims/claim.ts), at its deadline plus the claim margin.
 */
export interface Invocation {
  /** The Lambda request id: the claims' holder. */
  holder: string;
  startedAtMs: number;
  /** When the cloud stops it (its start plus the remaining time Lambda gave it). */
  deadlineMs: number;
}

export function invocationOf(
  context: { awsRequestId: string; getRemainingTimeInMillis(): number },
  startedAtMs: number,
): Invocation {
  return {
    holder: context.awsRequestId,
    startedAtMs,
    deadlineMs: startedAtMs + context.getRemainingTimeInMillis(),
  };
}

/** The expiry of a claim the invocation takes (whole seconds, `YYYY-MM-DDTHH:MM:SSZ`). */
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
