import { isoDateTime } from '../values/dates.js';

/**
 * The one claim model. Every exclusive claim (the v1 creation lock, a v2 task's lease, a bulk
 * job's line in flight) stores its holder's token and an expiry: the holding invocation's
 * deadline (when the cloud stops the function at its configured timeout) plus a margin. The
 * holder is dead once its deadline has passed, so an expired claim is free and the next caller
 * takes it over; nothing else decides when a claim is stale.
 *
 * Expiries are whole seconds in the status objects' form (`YYYY-MM-DDTHH:MM:SSZ`), so stored
 * values compare as strings in DynamoDB conditions: an expiry is rounded up, `now` down.
 */

/** The expiry of a claim whose holder's invocation ends at `holderDeadlineMs` (epoch ms). */
export function claimExpiresAt(holderDeadlineMs: number, marginSeconds: number): string {
  return isoDateTime(new Date(Math.ceil((holderDeadlineMs + marginSeconds * 1000) / 1000) * 1000));
}

/** `now` as a claim condition compares it (whole seconds, rounded down). */
export function claimNow(now: Date): string {
  return isoDateTime(now);
}

/** A claim is free at `now` when it has no expiry (none held) or its expiry has come. */
export function isClaimExpired(expiresAt: string | undefined, now: Date): boolean {
  return expiresAt === undefined || expiresAt <= claimNow(now);
}

/**
 * The `Retry-After` of a request refused because a claim is held: the whole seconds until the
 * claim expires, at least 1 (a client that waits that long finds the claim free, or finished).
 */
export function retryAfterSeconds(expiresAt: string | undefined, now: Date): number {
  const at = expiresAt === undefined ? Number.NaN : Date.parse(expiresAt);
  if (!Number.isFinite(at)) return 1;
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}
