import { describe, expect, it } from 'vitest';
import type { AccountMixMeasurement } from './account-mix.js';
import { type CostInputs, costModel } from './cost-model.js';
import { meteredCall } from './metered-call-fixture.js';
import { PRICES_EU_WEST_2 } from './prices-eu-west-2.js';
import { scaleProjection } from './scale-projection.js';

/** Round figures so every dollar below can be checked by hand. */
const mix: AccountMixMeasurement = {
  accounts: 1,
  calls: [
    meteredCall('stage-account', 'stage', 100, 4, 2),
    meteredCall('create-transactions', '100 transactions', 500, 200),
  ],
  mean_latency_ms: {},
  events_per_account: 100,
  event_bytes_per_account: 50_000,
  event_chunks_per_account: 100,
  transaction_event_chunks_per_account: 100,
};
const prices = {
  ...PRICES_EU_WEST_2,
  dynamodb: { ...PRICES_EU_WEST_2.dynamodb, writeRequestUnitPerMillion: 1, readRequestUnitPerMillion: 0.5 },
  lambda: { armGbSecond: 0.00001, requestsPerMillion: 0.2 },
  apiGateway: { restRequestsPerMillion: 4 },
  eventBridge: { customEventsPerMillion: 1 },
} as unknown as CostInputs['prices'];
const inputs: CostInputs = {
  mix,
  prices,
  apiMemoryMb: 1024,
  publisherMemoryMb: 512,
  publisherBatchSize: 10,
  publisherDurationMs: 100,
};

describe('Rule: the cost model prices measured units with the region’s list prices, by service', () => {
  it('prices a thousand accounts from each request’s capacity units, duration, the API requests and the events', () => {
    // Act
    const cost = costModel(inputs);
    // Assess: 206 write units at 1 $/M and 2 read units at 0.5 $/M, a thousand times.
    expect(cost.per_thousand_accounts.dynamodb).toBeCloseTo(0.207, 4);
    // 0.6 GB-s of the API functions + 10 publisher invocations × 0.5 GB × 0.1 s, and 12 invocations.
    expect(cost.per_thousand_accounts.lambda).toBeCloseTo(1000 * (1.1 * 0.00001 + (12 * 0.2) / 1e6), 4);
    expect(cost.per_thousand_accounts.api_gateway).toBeCloseTo(0.008, 4);
    expect(cost.per_thousand_accounts.eventbridge).toBeCloseTo(0.1, 4);
    expect(cost.per_thousand_accounts.total).toBeCloseTo(0.207 + 0.0134 + 0.008 + 0.1, 3);
  });

  it('prices a million transactions from the transaction requests and the events they cause only', () => {
    // Act
    const cost = costModel(inputs);
    // Assess: 10 000 POSTs of 100: 200 write units + 1 read unit each.
    expect(cost.per_million_transactions.dynamodb).toBeCloseTo((10_000 * (200 + 0.5)) / 1e6, 4);
    expect(cost.per_million_transactions.api_gateway).toBeCloseTo(0.04, 4);
    expect(cost.per_million_transactions.eventbridge).toBeCloseTo(1, 4);
  });
});

describe('Rule: the scale projection takes the slowest of its bounds and names it', () => {
  it('is bound by per-account serialisation with few ETL workers, and says how many would lift it', () => {
    // Prepare
    const cost = costModel(inputs);
    // Act: 1000 accounts × 0.6 s serial / 2 workers = 300 s; rate limit: 2000 requests / 100/s = 20 s.
    const scale = scaleProjection({
      accounts: 1000,
      mix,
      cost,
      rateLimit: 100,
      rateLimitSource: 'test',
      lambdaConcurrency: 1000,
      etlConcurrency: 2,
      partitionWriteUnitsPerSecond: 1000,
    });
    // Assess
    expect(scale.bound_by).toBe('per_account_serialisation');
    expect(scale.hours).toBeCloseTo(300 / 3600, 2);
    expect(scale.hours_if_bound_by.rate_limit).toBeCloseTo(20 / 3600, 2);
    expect(scale.etl_concurrency_to_reach_other_bounds).toBe(30);
    expect(scale.inputs.busiest_index).toBe('gsi1');
  });

  it('is bound by the rate limit once the ETL runs enough workers', () => {
    // Act
    const scale = scaleProjection({
      accounts: 1000,
      mix,
      cost: costModel(inputs),
      rateLimit: 100,
      rateLimitSource: 'test',
      lambdaConcurrency: 1000,
      etlConcurrency: 100,
      partitionWriteUnitsPerSecond: 1000,
    });
    // Assess
    expect(scale.bound_by).toBe('rate_limit');
  });
});
