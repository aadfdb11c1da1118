import { describe, expect, it } from 'vitest';
import type { AccountMixMeasurement } from './account-mix.js';
import { bulkJobProjection, mixLine } from './bulk-job-projection.js';
import { type CostInputs, costModel } from './cost-model.js';
import { meteredCall } from './metered-call-fixture.js';
import { PRICES_EU_WEST_2 } from './prices-eu-west-2.js';

/** An account of one second of requests, 4 write units on the supplier's list index. */
const mix: AccountMixMeasurement = {
  accounts: 1,
  calls: [
    meteredCall('stage-account', 'stage', 400, 4, 2, 'gsi2'),
    meteredCall('process-account', 'process', 600, 10, 2, 'gsi2'),
  ],
  mean_latency_ms: {},
  events_per_account: 10,
  event_bytes_per_account: 5_000,
  event_chunks_per_account: 10,
  transaction_event_chunks_per_account: 0,
};
const costInputs: CostInputs = {
  mix,
  prices: PRICES_EU_WEST_2,
  apiMemoryMb: 1024,
  publisherMemoryMb: 512,
  publisherBatchSize: 10,
  publisherDurationMs: 100,
};
const project = (overrides: { accounts?: number; bulkJobConcurrency?: number } = {}) =>
  bulkJobProjection({
    accounts: overrides.accounts ?? 500_000,
    mix,
    cost: costModel(costInputs),
    prices: PRICES_EU_WEST_2,
    engineOverheadPerLine: { write_units: 6, read_units: 4 },
    bulkJobConcurrency: overrides.bulkJobConcurrency ?? 100,
    bulkJobConcurrencySource: 'test',
    lambdaConcurrency: 1000,
    partitionWriteUnitsPerSecond: 1000,
    workerMemoryMb: 1024,
    apiMemoryMb: 1024,
  });

describe('Rule: the bulk job projection takes the slowest of its bounds', () => {
  it('500 000 accounts of 1 s at 100 lines at once take 500 000 / 100 s, bound by the worker concurrency', () => {
    // Act
    const projection = project();

    // Assess
    expect(projection.hours_if_bound_by.worker_concurrency).toBeCloseTo(500_000 / 100 / 3600, 2);
    expect(projection.hours_if_bound_by.dynamodb_partition).toBeCloseTo((500_000 * 4) / 1000 / 3600, 2);
    expect(projection.bound_by).toBe('worker_concurrency');
    expect(projection.bulk_job_concurrency_for_one_hour).toBe(Math.ceil(500_000 / 3600));
  });

  it('with enough workers the supplier’s list index partition bounds it, and says how to lift it', () => {
    // Act
    const projection = project({ bulkJobConcurrency: 1000 });

    // Assess
    expect(projection.bound_by).toBe('dynamodb_partition');
    expect(projection.partition_note).toContain('gsi2');
    expect(projection.bulk_job_concurrency_to_reach_other_bounds).toBe(
      Math.ceil(500_000 / ((500_000 * 4) / 1000)),
    );
  });

  it('prices the engine’s own units beside the lines’ and no API Gateway request; the services add up to the total', () => {
    // Act
    const { cost_usd: cost } = project({ accounts: 1000 });

    // Assess
    const { total, ...services } = cost;
    expect(services.api_gateway).toBe(0);
    expect(Object.values(services).reduce((sum, value) => sum + value, 0)).toBeCloseTo(total, 2);
    const units = (4 + 2 + 10 + 2 + 6) * PRICES_EU_WEST_2.dynamodb.writeRequestUnitPerMillion;
    const reads = (2 + 4) * PRICES_EU_WEST_2.dynamodb.readRequestUnitPerMillion;
    expect(services.dynamodb).toBeCloseTo((1000 * (units + reads)) / 1e6, 2);
  });

  it('a realistic line is the account mix as one account, its items inside it', () => {
    // Act
    const line = JSON.parse(mixLine());

    // Assess
    expect(line.current_statement_transactions).toHaveLength(120);
    expect(line.notes).toHaveLength(2);
    expect(line.statements).toHaveLength(3);
    expect(line.payment_instructions[0].vendor).toBe('STRIPE');
  });
});
