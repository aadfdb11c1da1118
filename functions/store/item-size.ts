import { estimatedBytes } from '../rules/record-size.js';

/**
 * DynamoDB size limits for writes that must never fail on size: one TransactWriteItems call
 * holds at most 4 MB (items at most 400 KB: see ../domain/record-size.ts). Writes are split by
 * size as well as by count, with headroom.
 */
export const MAX_TRANSACTION_BYTES = 3_500_000;
export { estimatedBytes };

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
