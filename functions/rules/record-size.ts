/**
 * How large one stored record (a note, a transaction…) may be: a request carrying a larger
 * one is the client's to fix, a 400 `too_large` before any write, never a 5xx that no retry
 * can cure. The storage behind it (DynamoDB) holds at most 400 KB an item;
 * sizes are estimated from the record's JSON (an over-estimate) with headroom below that.
 */
export const MAX_RECORD_BYTES = 350_000;

/** Estimated stored size of one record (or any value). */
export function estimatedBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}
