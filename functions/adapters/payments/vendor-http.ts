import { setTimeout as sleep } from 'node:timers/promises';
import { isTransientStatus } from '../../rules/retry-policy.js';
import { VendorUnavailable } from './vendor-adapter.js';

export interface VendorHttpOptions {
  /** Per-attempt timeout. */
  timeoutMs: number;
  /** Attempts in all (1 = no retry). */
  attempts: number;
  /** Base delay between attempts (doubles each time). */
  backoffMs?: number;
}

/** Statuses worth another attempt: the vendor is overloaded or failing (or timed out), not saying no. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || isTransientStatus(status);
}

/**
 * GETs a vendor URL with a timeout per attempt and a small retry for timeouts, connection
 * errors and retryable statuses. Returns the first non-retryable response; throws
 * VendorUnavailable when every attempt failed.
 */
export async function vendorGet(url: string, headers: Record<string, string>, options: VendorHttpOptions) {
  let lastProblem = 'no attempt made';
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (attempt > 0) await sleep((options.backoffMs ?? 100) * 2 ** (attempt - 1));
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(options.timeoutMs) });
      if (!isRetryableStatus(response.status)) return response;
      await response.body?.cancel();
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).name === 'TimeoutError' ? 'timeout' : 'connection error';
    }
  }
  throw new VendorUnavailable(`The payment vendor did not answer usefully (${lastProblem}).`);
}
