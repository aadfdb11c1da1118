import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createDataImportClient, type DataImportClient } from '../../client/data-import-client.js';
import { load } from '../../client/etl/load.js';
import { keys } from '../../functions/store/keys.js';
import { startJob } from '../bulk-jobs/job-driver.js';
import { pollUntil } from '../support/polling.js';
import { type Capacity, CapacityMeter } from './capacity-meter.js';
import { accountLine } from './payloads.js';
import { measureFloor } from './throughput.js';

/**
 * A bulk job's throughput beside `etl load` at the same concurrency (the local worker runs
 * `concurrency` lines at once, the CLI `--concurrency` accounts) and beside the floor (the same
 * transactions written straight to DynamoDB Local), on files of the same bundles (an account and
 * its transactions each). DynamoDB Local's speed drifts within a run, so the three run in rounds,
 * each on a share of the accounts, alternating which goes first; the figures are the totals.
 *
 * An unmeasured job of one line first loads the reader's and the worker's modules (the API's are
 * loaded when the runtime starts). The DynamoDB capacity both loads consume is metered too: the job's minus the CLI's, per line, is
 * what the engine itself costs (claims, results, chunk counts, reads of the job), which the scale
 * projection prices.
 */
export interface BulkJobBenchOptions {
  accounts: number;
  transactionsPerAccount: number;
  concurrency: number;
  rounds: number;
}

function bundleFile(
  dir: string,
  name: string,
  supplier: string,
  externals: readonly string[],
  transactions: number,
) {
  const file = path.join(dir, `${name}.ndjson`);
  writeFileSync(
    file,
    externals
      .map((external) => {
        const ids = Array.from({ length: transactions }, (_, i) => `${external}-T${i}`);
        return `${JSON.stringify(accountLine(supplier, external, ids))}\n`;
      })
      .join(''),
  );
  return file;
}

/** How long one measured job may run before the bench gives up on it. */
const JOB_TIMEOUT_MS = 30 * 60_000;

/**
 * Seconds from the start of a job over `file` to the moment it is seen finished: its item read
 * every 50 ms straight from the table with a client of the bench's own, so that neither the API
 * nor the metered client carries the polling.
 */
async function runJob(
  client: DataImportClient,
  poller: { documents: DynamoDBDocumentClient; tableName: string },
  supplier: string,
  file: string,
  lines: number,
): Promise<number> {
  const { jobId, startedAt } = await startJob(client, readFileSync(file), supplier);
  const { Item } = await pollUntil(
    () =>
      poller.documents.send(
        new GetCommand({ TableName: poller.tableName, Key: keys.bulkJob(jobId), ConsistentRead: true }),
      ),
    ({ Item }) => Item?.finished_at !== undefined,
    { timeoutMs: JOB_TIMEOUT_MS, intervalMs: 50, failure: () => `the bulk job ${jobId} did not finish` },
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const imported = Number((Item?.final_counts as { imported?: number } | undefined)?.imported ?? 0);
  if (imported !== lines) throw new Error(`the bulk job imported ${imported} of ${lines} lines`);
  return seconds;
}

interface Metered {
  write_units: number;
  read_units: number;
  requests: number;
  lines: number;
}

/** Adds what the meter counted since it was last read to `into`. */
function addUsed(into: Metered, used: Capacity, lines: number): void {
  into.write_units += used.write_units_table + used.write_units_indexes;
  into.read_units += used.read_units;
  into.requests += used.requests;
  into.lines += lines;
}

export async function measureBulkJob(
  url: string,
  apiKey: string,
  supplier: string,
  dynamo: {
    client: Parameters<CapacityMeter['attach']>[0];
    documents: DynamoDBDocumentClient;
    tableName: string;
  },
  options: BulkJobBenchOptions,
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bulk-'));
  const client = createDataImportClient({ baseUrl: url, apiKey });
  const rounds = Math.max(1, Math.min(options.rounds, options.accounts));
  const meter = new CapacityMeter().attach(dynamo.client);
  const pollerClient = new DynamoDBClient({});
  const poller = { documents: DynamoDBDocumentClient.from(pollerClient), tableName: dynamo.tableName };
  const totals = { job: 0, cli: 0, floor: 0, lines: 0 };
  const zero = (): Metered => ({ write_units: 0, read_units: 0, requests: 0, lines: 0 });
  const capacity = { job: zero(), cli: zero() };
  try {
    // An unmeasured warm-up: the first job loads the reader's and the worker's modules.
    const warmUp = bundleFile(
      dir,
      'warm-up',
      supplier,
      ['BULK-WARMUP-000000'],
      options.transactionsPerAccount,
    );
    await runJob(client, poller, supplier, warmUp, 1);
    meter.take();
    for (let round = 0; round < rounds; round++) {
      const count = Math.floor(options.accounts / rounds) + (round < options.accounts % rounds ? 1 : 0);
      const externals = (name: string) =>
        Array.from({ length: count }, (_, i) => `BULK-${name}-${round}-${String(i).padStart(6, '0')}`);
      const jobFile = bundleFile(
        dir,
        `job-${round}`,
        supplier,
        externals('JOB'),
        options.transactionsPerAccount,
      );
      const cliFile = bundleFile(
        dir,
        `cli-${round}`,
        supplier,
        externals('CLI'),
        options.transactionsPerAccount,
      );
      const job = async () => {
        meter.take();
        totals.job += await runJob(client, poller, supplier, jobFile, count);
        addUsed(capacity.job, meter.take(), count);
      };
      const cli = async () => {
        meter.take();
        const started = performance.now();
        const summary = await load(client, {
          file: cliFile,
          supplier,
          concurrency: options.concurrency,
          stateDir: path.join(dir, `state-${round}`),
          dryRun: false,
        });
        totals.cli += (performance.now() - started) / 1000;
        if (summary.counts.IMPORTED !== count)
          throw new Error(`the ETL CLI imported ${summary.counts.IMPORTED} of ${count}`);
        addUsed(capacity.cli, meter.take(), count);
      };
      const floor = async () => {
        const items = count * options.transactionsPerAccount;
        totals.floor += (
          await measureFloor(dynamo.documents, dynamo.tableName, items, options.concurrency)
        ).seconds;
      };
      const order = round % 2 === 0 ? [job, cli, floor] : [floor, cli, job];
      for (const step of order) await step();
      totals.lines += count;
    }
  } finally {
    meter.detach();
    pollerClient.destroy();
  }
  const transactions = totals.lines * options.transactionsPerAccount;
  const rate = (seconds: number) => ({
    seconds: Math.round(seconds * 100) / 100,
    accounts_per_s: Math.round((totals.lines / seconds) * 10) / 10,
    transactions_per_s: Math.round(transactions / seconds),
  });
  const round3 = (value: number) => Math.round(value * 1000) / 1000;
  const job = rate(totals.job);
  const cli = rate(totals.cli);
  const floor = rate(totals.floor);
  const units = (figures: Metered) => ({
    write_units_per_line: round3(figures.write_units / figures.lines),
    read_units_per_line: round3(figures.read_units / figures.lines),
    requests_per_line: round3(figures.requests / figures.lines),
  });
  const jobUnits = units(capacity.job);
  const cliUnits = units(capacity.cli);
  return {
    ...options,
    rounds,
    job,
    cli,
    floor,
    ratio_to_cli: round3(job.transactions_per_s / cli.transactions_per_s),
    ratio_to_floor: round3(job.transactions_per_s / floor.transactions_per_s),
    capacity_per_line: { job: jobUnits, cli: cliUnits },
    engine_overhead_per_line: {
      write_units: round3(jobUnits.write_units_per_line - cliUnits.write_units_per_line),
      read_units: round3(jobUnits.read_units_per_line - cliUnits.read_units_per_line),
    },
  };
}

export type BulkJobFigures = Awaited<ReturnType<typeof measureBulkJob>>;
