import { estimatedBytes } from '../rules/record-size.js';

/**
 * DynamoDB size limits for writes that must never fail on size: one TransactWriteItems call
 * holds at most 4 MB (items at most 400 KB: see ../domain/record-size.ts). Writes are split by
 * size as well as by count, with headroom.
 */
export const MAX_TRANSACTION_BYTES = 3_500_000;
export { estimatedBytes };

/**
 * Splits `values` in order into groups of at most `maxCount` items whose sizes add up to
 * at most `maxBytes` (a value is never split; each is expected to fit on its own). A group
 * writes one item per value unless `itemsOf` counts otherwise.
 */
export function chunkBySize<T>(
  values: readonly T[],
  sizeOf: (value: T) => number,
  maxCount: number,
  maxBytes: number = MAX_TRANSACTION_BYTES,
  itemsOf?: (group: readonly T[]) => number,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const value of values) {
    const size = sizeOf(value);
    const items = itemsOf ? itemsOf([...current, value]) : current.length + 1;
    if (current.length > 0 && (items > maxCount || bytes + size > maxBytes)) {
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
