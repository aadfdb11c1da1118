/**
 * DynamoDB size limits, for writes that must never fail on size (design.md §3.5: a 5xx only
 * when a retry can succeed; a request too big to store is the client's to fix, a 400 before
 * any write). An item holds at most 400 KB and one TransactWriteItems call at most 4 MB;
 * sizes here are estimated from the item's JSON (an over-estimate of DynamoDB's own count:
 * names + UTF-8 values), with headroom below both limits.
 */
export const MAX_ITEM_BYTES = 350_000;
export const MAX_TRANSACTION_BYTES = 3_500_000;

/** Estimated stored size of one item (or any value). */
export function estimatedBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

/**
 * Splits `values` in order into groups of at most `maxCount` values whose sizes add up to
 * at most `maxBytes` (a value is never split; each is expected to fit on its own).
 */
export function chunkBySize<T>(
  values: readonly T[],
  sizeOf: (value: T) => number,
  maxCount: number,
  maxBytes: number = MAX_TRANSACTION_BYTES,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const value of values) {
    const size = sizeOf(value);
    if (current.length > 0 && (current.length >= maxCount || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(value);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
