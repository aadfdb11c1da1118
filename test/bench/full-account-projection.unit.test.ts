import { describe, expect, it } from 'vitest';
import type { AccountMixMeasurement } from './account-mix.js';
import { type FullAccountProjectionInputs, fullAccountProjection } from './full-account-projection.js';
import { meteredCall } from './metered-call-fixture.js';
import { PRICES_EU_WEST_2 } from './prices-eu-west-2.js';

/** Round figures: stage 100 ms and process 260 ms (0.36 s an account), 6 write units on gsi2. */
const mix: AccountMixMeasurement = {
  accounts: 1,
  calls: [
    meteredCall('stage-account', 'stage', 100, 10, 2, 'gsi2'),
    meteredCall('process-account', 'process', 260, 40, 4, 'gsi2'),
  ],
  mean_latency_ms: {},
  events_per_account: 2,
  event_bytes_per_account: 2000,
  event_chunks_per_account: 2,
  transaction_event_chunks_per_account: 0,
};

const inputs = (paths: FullAccountProjectionInputs['paths']): FullAccountProjectionInputs => ({
  accounts: 500_000,
  mix,
  prices: PRICES_EU_WEST_2,
  apiMemoryMb: 1024,
  publisherMemoryMb: 512,
  publisherBatchSize: 10,
  publisherDurationMs: 100,
  rateLimit: 200,
  rateLimitSource: 'test',
  lambdaConcurrency: 1000,
  paths,
  partitionWriteUnitsPerSecond: 1000,
});

describe('Rule: the full-account projection gives the hours of its first path, bound by the slowest of its bounds', () => {
  it('is bound by the accounts side by side when few, and names how many would take one hour', () => {
    // Act: 500 000 × 0.36 s ÷ 10 = 5 h.
    const projection = fullAccountProjection(inputs([{ name: 'v2', workers: 10, throughApi: false }]));
    // Assess
    expect(projection.hours).toBe(5);
    expect(projection.within_one_hour).toBe(false);
    expect(projection.bound_by).toBe('per_account_serialisation');
    expect(projection.to_reach_one_hour.workers).toBe(50);
    expect(projection.lift).toContain('50 accounts created side by side');
  });

  it('holds only a path through the API to the rate limit, and gives every path its hours', () => {
    // Act: 500 000 × 2 requests ÷ 200/s = 1.39 h through the API; the partition 500 000 × 6 ÷ 1000 = 0.83 h.
    const projection = fullAccountProjection(
      inputs([
        { name: 'bulk', workers: 200, throughApi: false },
        { name: 'api', workers: 1000, throughApi: true },
      ]),
    );
    // Assess
    expect(projection.bound_by).toBe('dynamodb_partition');
    expect(projection.hours).toBe(0.83);
    expect(projection.within_one_hour).toBe(true);
    expect(Object.keys(projection.hours_if_bound_by)).not.toContain('rate_limit');
    expect(projection.hours_by_path).toEqual({ bulk: 0.83, api: 1.39 });
    expect(projection.cost_usd.total).toBeGreaterThan(0);
  });
});
