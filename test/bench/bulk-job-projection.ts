import { MAX_INPUT_BYTES } from '../../functions/rules/bulk-jobs/bulk-job.js';
import { MAX_LINES_PER_CHUNK, MAX_TARGET_CHUNK_BYTES } from '../../functions/rules/bulk-jobs/engine.js';
import { resultsLine } from '../../functions/rules/bulk-jobs/line-result.js';
import { ACCOUNT_MIX, type AccountMixMeasurement } from './account-mix.js';
import type { CostFigures } from './cost-model.js';
import { accountLine, notesPayload, statementsPayload } from './payloads.js';
import type { PriceTable } from './prices-eu-west-2.js';
import { accountLoad } from './scale-projection.js';

/**
 * How long and how much `accounts` realistic accounts (the metered account mix) take as bulk jobs
 * in the cloud, and what bounds the time. Pure: figures in, hours and dollars out.
 *
 * Each line runs the mix's requests one after another in a worker, so a line takes the mix's
 * summed request durations (measured locally: an upper bound, as for the API path); the bounds:
 * - the worker's concurrency (`bulkJobConcurrency`): that many lines at once;
 * - Lambda concurrency (the account's, shared with the API);
 * - DynamoDB partition limits: the supplier's list indexes take every account's writes on one
 *   partition (until DynamoDB splits it), as on the API path;
 * - the reader: one stream per job (files of at most 5 GiB), at READER_BYTES_PER_SECOND.
 *
 * Costs: the mix's DynamoDB units plus the engine's own per line (measured: the job's units minus
 * the CLI's for the same lines), the worker's GB-seconds (the API functions' for the same
 * requests, at the worker's memory), the outbox publisher's as on the API path, events as on the
 * API path, no API Gateway request per line, SQS and S3 requests per chunk.
 */
export interface BulkJobProjectionInputs {
  accounts: number;
  mix: AccountMixMeasurement;
  cost: CostFigures;
  prices: PriceTable;
  /** The engine's DynamoDB units per line beyond the line's own requests (measured). */
  engineOverheadPerLine: { write_units: number; read_units: number };
  bulkJobConcurrency: number;
  bulkJobConcurrencySource: string;
  lambdaConcurrency: number;
  partitionWriteUnitsPerSecond: number;
  workerMemoryMb: number;
  apiMemoryMb: number;
}

/**
 * An assumption, not a measurement: one S3 GET stream read by a Lambda function (tens of MB/s is
 * what a single stream sustains). Stated in the projection's figures.
 */
export const READER_BYTES_PER_SECOND = 50 * 1024 * 1024;

/** SQS requests per chunk: its share of a SendMessageBatch of 10, one receive, one delete (batch size 1). */
const SQS_REQUESTS_PER_CHUNK = 0.1 + 1 + 1;
/** The results object is written in parts of 8 MiB (functions/adapters/bulk-jobs/job-objects.ts). */
const RESULTS_PART_BYTES = 8 * 1024 * 1024;

/** The mix's account as one line of a bulk job's file (the ETL kit's format). */
export function mixLine(): string {
  const external = 'LEGACY-00000001';
  const ids = Array.from({ length: ACCOUNT_MIX.transactions }, (_, i) => `${external}-T${i}`);
  const statements = Array.from({ length: ACCOUNT_MIX.statements }, (_, i) =>
    statementsPayload('SUPPLIER', external, `${external}-S${i}`),
  ).flatMap((payload) => payload.statements);
  return JSON.stringify({
    ...accountLine('SUPPLIER', external, ids),
    notes: Array.from(
      { length: ACCOUNT_MIX.notes },
      (_, i) => notesPayload('SUPPLIER', external, `Note ${i}`).notes,
    ).flat(),
    // A statement as the account carries it: its document is named by its path.
    statements: statements.map(
      ({ statement_id, bill_period_from_date, bill_period_to_date, issued_date, number }) => ({
        statement_id,
        bill_period_from_date,
        bill_period_to_date,
        issued_date,
        number,
        statement_path: `statements/${statement_id}.pdf`,
      }),
    ),
    payment_instructions: [{ vendor: 'STRIPE', reference: 'pm_card_00000001', type: 'CARD' }],
  });
}

export function bulkJobProjection(inputs: BulkJobProjectionInputs) {
  const { accounts, mix, prices } = inputs;
  const { serialSeconds, busiestIndex, indexWrites } = accountLoad(mix);
  const lineBytes = Buffer.byteLength(`${mixLine()}\n`);
  const resultBytes = Buffer.byteLength(
    resultsLine(
      {
        line: accounts,
        external_account_number: 'LEGACY-00000001',
        service_account_number: 'A-00000000',
        status: 'IMPORTED',
        errors: [],
      },
      false,
    ),
  );
  const totalBytes = accounts * lineBytes;
  const jobs = Math.max(1, Math.ceil(totalBytes / MAX_INPUT_BYTES));
  const linesPerChunk = Math.max(
    1,
    Math.min(MAX_LINES_PER_CHUNK, Math.floor(MAX_TARGET_CHUNK_BYTES / lineBytes)),
  );
  const chunks = Math.ceil(accounts / linesPerChunk);

  const bounds = {
    worker_concurrency: (accounts * serialSeconds) / inputs.bulkJobConcurrency,
    lambda_concurrency: (accounts * serialSeconds) / inputs.lambdaConcurrency,
    dynamodb_partition: (accounts * indexWrites) / inputs.partitionWriteUnitsPerSecond,
    reader: totalBytes / jobs / READER_BYTES_PER_SECOND,
  };
  const [boundBy, seconds] = Object.entries(bounds).sort((a, b) => b[1] - a[1])[0] as [string, number];
  const hours = (s: number) => Math.round((s / 3600) * 100) / 100;
  const others = Math.max(
    ...Object.entries(bounds)
      .filter(([k]) => k !== 'worker_concurrency')
      .map(([, v]) => v),
  );

  // Usage, per account, from the API path's usage of the same requests.
  const usage = inputs.cost.usage_per_account;
  const workerGbSeconds = usage.lambda_gb_seconds * (inputs.workerMemoryMb / inputs.apiMemoryMb);
  const publisherInvocations = usage.lambda_invocations - usage.api_requests;
  const perAccount = {
    write_request_units: usage.write_request_units + inputs.engineOverheadPerLine.write_units,
    read_request_units: usage.read_request_units + inputs.engineOverheadPerLine.read_units,
    lambda_gb_seconds: workerGbSeconds,
    lambda_invocations: publisherInvocations + 1 / linesPerChunk,
    events: usage.events,
    sqs_requests: SQS_REQUESTS_PER_CHUNK / linesPerChunk,
    s3_gets: 1 / linesPerChunk,
    s3_puts: resultBytes / RESULTS_PART_BYTES,
  };
  const million = 1_000_000;
  const dollars = (n: number) => Math.round(n * accounts * 100) / 100;
  const cost = {
    dynamodb: dollars(
      (perAccount.write_request_units * prices.dynamodb.writeRequestUnitPerMillion +
        perAccount.read_request_units * prices.dynamodb.readRequestUnitPerMillion) /
        million,
    ),
    lambda: dollars(
      perAccount.lambda_gb_seconds * prices.lambda.armGbSecond +
        (perAccount.lambda_invocations * prices.lambda.requestsPerMillion) / million,
    ),
    eventbridge: dollars((perAccount.events * prices.eventBridge.customEventsPerMillion) / million),
    sqs: dollars((perAccount.sqs_requests * prices.sqs.standardRequestsPerMillion) / million),
    s3: dollars(
      (perAccount.s3_gets * prices.s3.getPer1000 + perAccount.s3_puts * prices.s3.putPer1000) / 1000,
    ),
    api_gateway: 0,
  };
  const total = Math.round(Object.values(cost).reduce((sum, value) => sum + value, 0) * 100) / 100;
  return {
    accounts,
    hours: hours(seconds),
    bound_by: boundBy,
    hours_if_bound_by: Object.fromEntries(Object.entries(bounds).map(([k, v]) => [k, hours(v)])),
    /** The worker concurrency at which another bound decides. */
    bulk_job_concurrency_to_reach_other_bounds: Math.ceil((accounts * serialSeconds) / others),
    /** The concurrency that would bring the worker's bound to one hour (other bounds permitting). */
    bulk_job_concurrency_for_one_hour: Math.ceil((accounts * serialSeconds) / 3600),
    cost_usd: { ...cost, total },
    inputs: {
      serial_seconds_per_account: Math.round(serialSeconds * 1000) / 1000,
      line_bytes: lineBytes,
      jobs_of_at_most_5_gib: jobs,
      lines_per_chunk: linesPerChunk,
      chunks,
      busiest_index: busiestIndex,
      busiest_index_write_units_per_account: indexWrites,
      engine_overhead_per_line: inputs.engineOverheadPerLine,
      bulk_job_concurrency: inputs.bulkJobConcurrency,
      bulk_job_concurrency_source: inputs.bulkJobConcurrencySource,
      lambda_concurrency: inputs.lambdaConcurrency,
      partition_write_units_per_s: inputs.partitionWriteUnitsPerSecond,
      reader_bytes_per_s_assumed: READER_BYTES_PER_SECOND,
    },
    partition_note:
      boundBy === 'dynamodb_partition' || bounds.dynamodb_partition >= 3600
        ? `The supplier-keyed list index ${busiestIndex} takes every account's writes on one partition key: split the migration across several supplier codes, or shard the index's partition key (SUPPLIER#<code>#<shard>, the lists querying every shard), to lift it; DynamoDB may also split the hot partition by sort key over time.`
        : undefined,
  };
}

export type BulkJobProjection = ReturnType<typeof bulkJobProjection>;
