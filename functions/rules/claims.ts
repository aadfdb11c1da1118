/**
 * Exclusive claims (a bulk job's read, a bulk job line in flight): a claim names its holder
 * (one function invocation) and expires when that invocation is certainly dead: its deadline
 * (the time it was invoked plus the remaining time Lambda gave it) plus a margin. Lambda ends
 * an invocation at its deadline, so an expired claim is free and the next caller takes it over.
 */

/** The default margin after the holder's deadline (`DATA_IMPORT_CLAIM_MARGIN_SECONDS`, at most 10). */
export const DEFAULT_CLAIM_MARGIN_SECONDS = 5;
export const MAX_CLAIM_MARGIN_SECONDS = 10;

/** An invocation that holds claims: its token, when it started and its deadline (epoch ms). */
export interface ClaimHolder {
  holder: string;
  startedAtMs: number;
  deadlineMs: number;
}

/**
 * Time an invocation keeps back before its deadline for work it must not leave half done: `capMs`,
 * or a quarter of the invocation when that is shorter (functions run with short timeouts in tests).
 */
export function reserveMs(holder: ClaimHolder, capMs: number): number {
  return Math.min(capMs, (holder.deadlineMs - holder.startedAtMs) / 4);
}

/** When a claim taken by `holder` expires (epoch ms). */
export function claimExpiresAt(holder: ClaimHolder, marginSeconds: number): number {
  return holder.deadlineMs + marginSeconds * 1000;
}

/** The invocation that holds claims: its request id, and its deadline from the time it has left at its start. */
export function claimHolderOf(
  context: { awsRequestId: string; getRemainingTimeInMillis(): number },
  startedAtMs: number,
): ClaimHolder {
  return {
    holder: context.awsRequestId,
    startedAtMs,
    deadlineMs: startedAtMs + context.getRemainingTimeInMillis(),
  };
}
