import type { AccountMixMeasurement, MeteredCall } from './account-mix.js';
import type { PriceTable } from './prices-eu-west-2.js';

/**
 * What a migration costs in one region, from what the bench measured: the DynamoDB capacity
 * units each request consumed, each function's duration and memory, the API requests and the
 * events (billed per started 64 KB). Pure: figures in, dollars out, broken down by service.
 *
 * Not counted: the authorizer (API Gateway caches its decision per token for minutes, so an ETL
 * reusing its token causes a handful of invocations a run, not one per request), stream reads
 * (the publisher is a Lambda trigger: its reads are free), storage, logs, S3 and data transfer.
 */
export interface CostInputs {
  mix: AccountMixMeasurement;
  prices: PriceTable;
  /** Memory of the API functions and of the outbox publisher, in MB. */
  apiMemoryMb: number;
  publisherMemoryMb: number;
  /** Stream records per publisher invocation (the event source's batch size). */
  publisherBatchSize: number;
  /** Billed duration assumed per publisher invocation, in ms (it is not measured locally). */
  publisherDurationMs: number;
}

export interface ServiceCosts {
  dynamodb: number;
  lambda: number;
  api_gateway: number;
  eventbridge: number;
  total: number;
}

export interface Usage {
  api_requests: number;
  lambda_invocations: number;
  lambda_gb_seconds: number;
  write_request_units: number;
  read_request_units: number;
  events: number;
}

const PER_MILLION = 1_000_000;

function usageOf(calls: readonly MeteredCall[], events: number, inputs: CostInputs): Usage {
  const gb = inputs.apiMemoryMb / 1024;
  const publisherInvocations = events / inputs.publisherBatchSize;
  return {
    api_requests: calls.length,
    lambda_invocations: calls.length + publisherInvocations,
    lambda_gb_seconds:
      calls.reduce((sum, call) => sum + (gb * Math.ceil(call.latency_ms)) / 1000, 0) +
      (publisherInvocations * (inputs.publisherMemoryMb / 1024) * inputs.publisherDurationMs) / 1000,
    write_request_units: calls.reduce(
      (sum, call) =>
        sum +
        call.capacity.write_units_table +
        call.capacity.write_units_indexes +
        2 * call.capacity.failed_write_items,
      0,
    ),
    read_request_units: calls.reduce((sum, call) => sum + call.capacity.read_units, 0),
    events,
  };
}

function priced(usage: Usage, prices: PriceTable, times: number): ServiceCosts {
  const dynamodb =
    (usage.write_request_units * prices.dynamodb.writeRequestUnitPerMillion +
      usage.read_request_units * prices.dynamodb.readRequestUnitPerMillion) /
    PER_MILLION;
  const lambda =
    usage.lambda_gb_seconds * prices.lambda.armGbSecond +
    (usage.lambda_invocations * prices.lambda.requestsPerMillion) / PER_MILLION;
  const apiGateway = (usage.api_requests * prices.apiGateway.restRequestsPerMillion) / PER_MILLION;
  const eventBridge = (usage.events * prices.eventBridge.customEventsPerMillion) / PER_MILLION;
  const cents = (n: number) => Math.round(n * times * 10_000) / 10_000;
  return {
    dynamodb: cents(dynamodb),
    lambda: cents(lambda),
    api_gateway: cents(apiGateway),
    eventbridge: cents(eventBridge),
    total: cents(dynamodb + lambda + apiGateway + eventBridge),
  };
}

export function costModel(inputs: CostInputs) {
  const { mix, prices } = inputs;
  const account = usageOf(mix.calls, mix.event_chunks_per_account, inputs);
  const transactionCalls = mix.calls.filter((call) => call.functionId === 'create-transactions');
  const transactionsPosted = transactionCalls.reduce((sum, call) => sum + Number.parseInt(call.what, 10), 0);
  const transactions = usageOf(transactionCalls, mix.transaction_event_chunks_per_account, inputs);
  return {
    region: prices.region,
    prices_checked: prices.checked,
    usage_per_account: account,
    per_thousand_accounts: priced(account, prices, 1000),
    per_million_transactions: priced(transactions, prices, PER_MILLION / transactionsPosted),
    assumptions: {
      api_memory_mb: inputs.apiMemoryMb,
      publisher_memory_mb: inputs.publisherMemoryMb,
      publisher_batch_size: inputs.publisherBatchSize,
      publisher_duration_ms: inputs.publisherDurationMs,
      lambda_duration: 'each request’s local round trip, rounded up to the ms (an upper bound)',
      not_counted:
        'authorizer (cached per token), stream reads (free for Lambda triggers), storage, logs, S3, data transfer',
    },
  };
}

export type CostFigures = ReturnType<typeof costModel>;
