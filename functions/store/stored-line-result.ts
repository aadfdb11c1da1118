import { gunzipSync, gzipSync } from 'node:zlib';
import type { LineResult } from '../rules/bulk-jobs/line-result.js';

/**
 * How a bulk job line's result is kept in its line item (./bulk-job-line-store.ts): JSON text,
 * gzip-compressed when long, its errors cut down when even that would not fit in an item.
 */

/** A result longer than this (as JSON) is stored gzip-compressed. */
const COMPRESS_FROM_BYTES = 16 * 1024;
/** DynamoDB keeps items up to 400 KB: a result must fit well under it. */
const MAX_STORED_BYTES = 300 * 1024;

/** The stored form of a result: JSON text, or gzip-compressed JSON when long; cut down when even that is too large. */
export function storedResult(result: LineResult): { result: string } | { result_gz: Uint8Array } {
  const json = JSON.stringify(result);
  if (Buffer.byteLength(json) < COMPRESS_FROM_BYTES) return { result: json };
  const compressed = gzipSync(json);
  if (compressed.length <= MAX_STORED_BYTES) return { result_gz: compressed };
  // Thousands of errors, each with its own detail: keep as many as fit, and say so.
  const kept = Math.max(1, Math.floor((result.errors.length * MAX_STORED_BYTES) / compressed.length / 2));
  return storedResult({
    ...result,
    errors: [
      ...result.errors.slice(0, kept),
      {
        step: 'result',
        code: 'errors_truncated',
        attr: null,
        detail: `${result.errors.length - kept} more errors are not kept: the line's result is too large to store.`,
      },
    ],
  });
}

/** The result a line item holds, if it ended. */
export function readResult(item: Record<string, unknown>): LineResult | undefined {
  if (typeof item.result === 'string') return JSON.parse(item.result) as LineResult;
  if (item.result_gz instanceof Uint8Array) return JSON.parse(gunzipSync(item.result_gz).toString('utf8'));
  return undefined;
}
