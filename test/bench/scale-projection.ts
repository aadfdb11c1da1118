import type { AccountMixMeasurement } from './account-mix.js';
import type { CostFigures } from './cost-model.js';

/**
 * How long `accounts` such accounts take, and what they cost, and what bounds the time. Each
 * bound is a rate the migration cannot exceed; the slowest one decides:
 * - the API's rate limit (stage throttling, requests per second);
 * - Lambda concurrency (concurrent executions × request duration);
 * - per-account serialisation: an account's requests go one after another (process after
 *   stage, batches in order), so `etlConcurrency` workers each finish one account per its
 *   summed latencies;
 * - DynamoDB partition limits (1 000 write units / 3 000 read units per second per partition):
 *   an index keyed by supplier receives every account's writes to that index on one partition
 *   (until DynamoDB splits it), so the busiest index decides; an account's own partition is
 *   already bounded by its serialisation.
 */
export interface ScaleInputs {
  accounts: number;
  mix: AccountMixMeasurement;
  cost: CostFigures;
  /** Requests per second the API lets through (per organisation where configured, else the stage's). */
  rateLimit: number;
  rateLimitSource: string;
  /** Concurrent Lambda executions available to the API functions. */
  lambdaConcurrency: number;
  /** Accounts the ETL migrates side by side. */
  etlConcurrency: number;
  partitionWriteUnitsPerSecond: number;
}

/**
 * What one account of the mix costs wherever it runs: its requests' latencies one after another,
 * and the index that takes most of its writes (a single partition key takes them all).
 */
export function accountLoad(mix: AccountMixMeasurement) {
  const serialSeconds = mix.calls.reduce((sum, call) => sum + call.latency_ms, 0) / 1000;
  const byIndex = new Map<string, number>();
  for (const call of mix.calls) {
    for (const [name, units] of Object.entries(call.capacity.write_units_by_index)) {
      byIndex.set(name, (byIndex.get(name) ?? 0) + units);
    }
  }
  const [busiestIndex, indexWrites] = [...byIndex].sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
  return { serialSeconds, busiestIndex, indexWrites };
}

export function scaleProjection(inputs: ScaleInputs) {
  const { mix, accounts } = inputs;
  const requests = mix.calls.length;
  const { serialSeconds, busiestIndex, indexWrites } = accountLoad(mix);
  const bounds = {
    rate_limit: (accounts * requests) / inputs.rateLimit,
    lambda_concurrency: (accounts * serialSeconds) / inputs.lambdaConcurrency,
    per_account_serialisation: (accounts * serialSeconds) / inputs.etlConcurrency,
    dynamodb_partition: (accounts * indexWrites) / inputs.partitionWriteUnitsPerSecond,
  };
  const [boundBy, seconds] = Object.entries(bounds).sort((a, b) => b[1] - a[1])[0]!;
  const hours = (s: number) => Math.round((s / 3600) * 100) / 100;
  // Workers the ETL needs before a bound other than its own serialisation decides.
  const otherBounds = Object.entries(bounds).filter(([k]) => k !== 'per_account_serialisation');
  const nextBound = Math.max(...otherBounds.map(([, v]) => v));
  return {
    accounts,
    hours: hours(seconds),
    bound_by: boundBy,
    hours_if_bound_by: Object.fromEntries(Object.entries(bounds).map(([k, v]) => [k, hours(v)])),
    etl_concurrency_to_reach_other_bounds: Math.ceil((accounts * serialSeconds) / nextBound),
    cost_usd: Math.round((inputs.cost.per_thousand_accounts.total * accounts) / 10) / 100,
    inputs: {
      requests_per_account: requests,
      serial_seconds_per_account: Math.round(serialSeconds * 1000) / 1000,
      busiest_index: busiestIndex,
      busiest_index_write_units_per_account: indexWrites,
      rate_limit_per_s: inputs.rateLimit,
      rate_limit_source: inputs.rateLimitSource,
      lambda_concurrency: inputs.lambdaConcurrency,
      etl_concurrency: inputs.etlConcurrency,
      partition_write_units_per_s: inputs.partitionWriteUnitsPerSecond,
    },
  };
}
