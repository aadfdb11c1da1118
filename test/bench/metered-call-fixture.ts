import type { MeteredCall } from './account-mix.js';

/**
 * A metered call with round figures, for the cost and projection models' unit tests: one request,
 * one read unit, `writes` table write units and `gsi` write units on the index `index`.
 */
export function meteredCall(
  functionId: string,
  what: string,
  latencyMs: number,
  writes: number,
  gsi = 0,
  index = 'gsi1',
): MeteredCall {
  return {
    functionId,
    what,
    latency_ms: latencyMs,
    capacity: {
      requests: 1,
      read_units: 1,
      write_units_table: writes,
      write_units_indexes: gsi,
      write_units_by_index: gsi ? { [index]: gsi } : {},
      failed_write_items: 0,
    },
  };
}
