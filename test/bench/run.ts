import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { environmentConfig } from '../../infra/config/environments.js';
import { BULK_WORKER_MEMORY_MB } from '../../infra/constructs/bulk-job-engine.js';
import { DEFAULT_MEMORY_MB } from '../../infra/constructs/service-function.js';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import { RequestCounter } from '../support/request-counter.js';
import { measureAccountTasks } from './account-tasks.js';
import { bulkJobProjection } from './bulk-job-projection.js';
import { type BulkJobFigures, measureBulkJob } from './bulk-job-throughput.js';
import { buildBundles, FLOOR_ID } from './bundles.js';
import { measureInit } from './cold-start.js';
import { measureCostAndScale, PARTITION_WRITE_UNITS_PER_SECOND } from './cost-and-scale.js';
import { measureEtl } from './etl-throughput.js';
import { measureFullAccounts } from './full-account-bench.js';
import { renderFullAccount } from './full-account-report.js';
import { percentile, TimedClient } from './http-client.js';
import { measureListing } from './listing.js';
import { PRICES_EU_WEST_2 } from './prices-eu-west-2.js';
import { renderBulkJob, renderColdStart, renderImport, renderReport } from './report.js';
import { measureRequestCounts } from './request-counts.js';
import { importAccounts, measureImportAgainstFloor } from './throughput.js';

/**
 * `npm run bench`: throughput, DynamoDB requests per item, latency, listing cost, cold start
 * and bundle size, each beside its floor, in one run against a local runtime the bench starts
 * itself, then a metered account mix priced in eu-west-2 and a scale projection. Prints a table and
 * writes the figures to .local/bench.json (or --out) and the tables to bench-report.md beside it.
 * Defaults finish in about two minutes on 2 cores; flags make it smaller or larger.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '40' },
    transactions: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '4' },
    'list-large': { type: 'string', default: '10000' },
    'list-small': { type: 'string', default: '100' },
    'list-page-size': { type: 'string', default: '100' },
    'cold-start-runs': { type: 'string', default: '7' },
    'task-accounts': { type: 'string', default: '40' },
    'mix-accounts': { type: 'string', default: '5' },
    'scale-accounts': { type: 'string', default: '500000' },
    'scale-environment': { type: 'string', default: 'prod' },
    'lambda-concurrency': { type: 'string', default: '1000' },
    /** Rounds the bulk job, `etl load` and their floor alternate in (measureBulkJob). */
    'bulk-rounds': { type: 'string', default: '2' },
    /** Full accounts (test/bench/full-account.ts) created one after another for the `full-account` section. */
    'full-accounts': { type: 'string', default: '5' },
    out: { type: 'string', default: path.join(root, '.local/bench.json') },
    /**
     * `cold-start`: only build the bundles and time their load (no local runtime), to iterate on init time.
     * `import`: only import the accounts, post their transactions and measure the floor, to iterate on throughput.
     * `bulk`: only a bulk job beside `etl load` and the floor, and the bulk job's scale projection.
     * `full-account`: only full accounts created, metered beside their floor, and their projection.
     */
    only: { type: 'string' },
  },
});
const int = (name: keyof typeof values) => Number.parseInt(String(values[name]), 10);
const options = {
  accounts: int('accounts'),
  transactionsPerAccount: int('transactions'),
  batchSize: 100,
  concurrency: int('concurrency'),
};

const SUPPLIER = 'BENCH';
/** Rounds the import and its floor alternate in (measureImportAgainstFloor). */
const IMPORT_ROUNDS = 4;
const BENCH_KEY = 'bench-local-key';
const log = (line: string) => process.stderr.write(`${line}\n`);

async function obtainToken(url: string): Promise<string> {
  const response = await fetch(`${url}/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($key: String!) { obtainServiceToken(input: {APIKey: $key}) { token } }',
      variables: { key: BENCH_KEY },
    }),
  });
  const body = (await response.json()) as { data?: { obtainServiceToken?: { token?: string } } };
  const token = body.data?.obtainServiceToken?.token;
  if (!token) throw new Error(`could not obtain a token: ${JSON.stringify(body)}`);
  return token;
}

/** Every function bundled as the stack ships it, each bundle's load timed in fresh processes beside the floor. */
async function measureColdStart(localDir: string) {
  log('bundling every function and measuring cold starts…');
  const bundles = await buildBundles(root, path.join(localDir, 'bundles'));
  const init = measureInit(bundles, int('cold-start-runs'));
  const functions = bundles.filter((b) => b.id !== FLOOR_ID);
  return {
    cold_start: {
      floor_init_ms: init.get(FLOOR_ID),
      ...Object.fromEntries(functions.map((b) => [b.id, { init_ms: init.get(b.id) }])),
    },
    bundle_bytes: Object.fromEntries(functions.map((b) => [b.id, b.bytes])),
    floor_bundle_bytes: bundles.find((b) => b.id === FLOOR_ID)?.bytes,
    bundle_largest_modules: Object.fromEntries(functions.map((b) => [b.id, b.largestModules])),
  };
}

function write(figures: object, report: string): void {
  mkdirSync(path.dirname(String(values.out)), { recursive: true });
  writeFileSync(String(values.out), `${JSON.stringify(figures, null, 2)}\n`);
  const reportFile = path.join(path.dirname(String(values.out)), 'bench-report.md');
  writeFileSync(reportFile, `# Benchmark report\n${report}`);
  process.stdout.write(report);
  log(`figures written to ${values.out}, report to ${reportFile}`);
}

/** The bulk job's 500 000-account projection from the metered mix and the engine's measured overhead. */
function projectBulkJobs(
  costAndScale: Awaited<ReturnType<typeof measureCostAndScale>>,
  bulk: BulkJobFigures,
  scale: { scaleAccounts: number; environment: string; lambdaConcurrency: number },
) {
  const config = environmentConfig(scale.environment);
  return bulkJobProjection({
    accounts: scale.scaleAccounts,
    mix: costAndScale.account_mix,
    cost: costAndScale.cost_usd,
    prices: PRICES_EU_WEST_2,
    engineOverheadPerLine: bulk.engine_overhead_per_line,
    bulkJobConcurrency: config.bulkJobConcurrency,
    bulkJobConcurrencySource: `bulkJobConcurrency of ${config.name}`,
    lambdaConcurrency: scale.lambdaConcurrency,
    partitionWriteUnitsPerSecond: PARTITION_WRITE_UNITS_PER_SECOND,
    workerMemoryMb: BULK_WORKER_MEMORY_MB,
    apiMemoryMb: DEFAULT_MEMORY_MB,
  });
}

async function main(): Promise<void> {
  const localDir = path.join(root, '.local/bench');
  mkdirSync(localDir, { recursive: true });
  if (values.only !== undefined && !['cold-start', 'import', 'bulk', 'full-account'].includes(values.only)) {
    throw new Error(`--only takes cold-start, import, bulk or full-account, not ${values.only}`);
  }
  if (values.only === 'cold-start') {
    const figures = await measureColdStart(localDir);
    write(figures, renderColdStart(figures).join('\n'));
    return;
  }
  const seedFile = path.join(localDir, 'seed.json');
  writeFileSync(
    seedFile,
    JSON.stringify({
      suppliers: ['BENCH', 'BENCH-V2', 'LIST-SMALL', 'LIST-LARGE'].map((code) => ({
        code,
        status: 'Ongoing',
        root_location: `bench/${code.toLowerCase()}`,
      })),
      organisations: [
        {
          name: 'bench-etl',
          suppliers: ['BENCH', 'BENCH-V2', 'LIST-SMALL', 'LIST-LARGE'],
          api_keys: [BENCH_KEY],
        },
      ],
    }),
  );
  // The deployed default: supplier records are cached for 30 s in a warm function.
  process.env.DATA_IMPORT_SUPPLIER_CACHE_SECONDS = '30';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  // A bulk job's worker runs as many lines at once as the ETL CLI runs accounts.
  process.env.DATA_IMPORT_BULK_JOB_CONCURRENCY = String(options.concurrency);
  log('starting the local runtime…');
  const runtime = await startLocalRuntime({
    port: 0,
    seedFile,
    eventsFile: path.join(localDir, 'events.jsonl'),
  });
  try {
    const { dynamoDbClient, documentClient, TABLE_NAME } = await import('../../functions/store/dynamodb.js');
    // Only what the measured API function sends: the runtime's background workers share the client.
    const counter = new RequestCounter({ apiInvocationsOnly: true });
    counter.attach(dynamoDbClient);
    const token = await obtainToken(runtime.url);
    const client = new TimedClient(runtime.url, token);
    const costAndScaleOptions = {
      supplier: SUPPLIER,
      mixAccounts: int('mix-accounts'),
      eventsFile: path.join(localDir, 'events.jsonl'),
      scaleAccounts: int('scale-accounts'),
      environment: String(values['scale-environment']),
      lambdaConcurrency: int('lambda-concurrency'),
      etlConcurrency: options.concurrency,
    };
    const bulkJobs = async () => {
      log(
        `a bulk job beside etl load and the floor at concurrency ${options.concurrency} (${options.accounts} accounts each, ${int('bulk-rounds')} rounds)…`,
      );
      const measured = await measureBulkJob(
        runtime.url,
        BENCH_KEY,
        SUPPLIER,
        { client: dynamoDbClient, documents: documentClient, tableName: TABLE_NAME },
        { ...options, rounds: int('bulk-rounds') },
      );
      log(
        `bulk job ${measured.job.transactions_per_s} transactions/s; etl load ${measured.cli.transactions_per_s}; floor ${measured.floor.transactions_per_s}`,
      );
      return measured;
    };
    const fullAccounts = async () => {
      log(`creating ${int('full-accounts')} full accounts (stage + process), metered beside their floor…`);
      return measureFullAccounts(
        client,
        { client: dynamoDbClient, tableName: TABLE_NAME },
        {
          supplier: SUPPLIER,
          rootLocation: `bench/${SUPPLIER.toLowerCase()}`,
          accounts: int('full-accounts'),
          eventsFile: costAndScaleOptions.eventsFile,
          scaleAccounts: costAndScaleOptions.scaleAccounts,
          environment: costAndScaleOptions.environment,
          lambdaConcurrency: costAndScaleOptions.lambdaConcurrency,
          etlConcurrency: options.concurrency,
        },
      );
    };
    if (values.only === 'full-account') {
      const fullAccount = await fullAccounts();
      write({ full_account: fullAccount }, `${renderFullAccount(fullAccount).join('\n')}\n`);
      return;
    }
    if (values.only === 'bulk') {
      const bulk = await bulkJobs();
      log('metering a realistic account mix for the bulk job projection…');
      const costAndScale = await measureCostAndScale(client, dynamoDbClient, costAndScaleOptions);
      const projection = projectBulkJobs(costAndScale, bulk, costAndScaleOptions);
      write(
        { options, bulk_job: bulk, bulk_job_projection: projection },
        `${renderBulkJob(bulk, projection).join('\n')}\n`,
      );
      return;
    }

    log(`importing ${options.accounts} accounts…`);
    const [warmUpAccount, ...accounts] = await importAccounts(
      client,
      SUPPLIER,
      'BENCH',
      options.accounts + 1,
      options.concurrency,
    );
    log(
      `posting ${options.accounts * options.transactionsPerAccount} transactions in POSTs of 100, ` +
        `and writing as many items straight to DynamoDB Local (floor), in ${IMPORT_ROUNDS} interleaved rounds…`,
    );
    const measured = await measureImportAgainstFloor(
      client,
      documentClient,
      TABLE_NAME,
      SUPPLIER,
      accounts,
      warmUpAccount!,
      { ...options, rounds: IMPORT_ROUNDS },
    );
    const importPerSecond = measured.transactions / measured.importSeconds;
    const floorPerSecond = measured.transactions / measured.floorSeconds;
    const importFigures = {
      transactions: measured.transactions,
      seconds: Math.round(measured.importSeconds * 100) / 100,
      transactions_per_s: Math.round(importPerSecond * 10) / 10,
      floor_transactions_per_s: Math.round(floorPerSecond * 10) / 10,
      ratio_to_floor: Math.round((importPerSecond / floorPerSecond) * 1000) / 1000,
    };
    if (values.only === 'import') {
      write({ options, import: importFigures }, `${renderImport(importFigures).join('\n')}\n`);
      return;
    }

    log('loading a bundle file with the ETL CLI and with a minimal hand-written loader…');
    const etl = await measureEtl(runtime.url, BENCH_KEY, token, SUPPLIER, {
      accounts: options.accounts,
      transactionsPerAccount: options.transactionsPerAccount,
      concurrency: options.concurrency,
    });
    log(
      `etl: CLI ${etl.cli.accounts_per_s} accounts/s, ${etl.cli.transactions_per_s} transactions/s; ` +
        `hand-written ${etl.hand_written.accounts_per_s} accounts/s, ${etl.hand_written.transactions_per_s} transactions/s`,
    );

    const bulk = await bulkJobs();

    log('counting DynamoDB requests per POST…');
    const requestCounts = await measureRequestCounts(client, counter, SUPPLIER);

    log('metering a realistic account mix for the cost model…');
    const costAndScale = await measureCostAndScale(client, dynamoDbClient, costAndScaleOptions);

    const fullAccount = await fullAccounts();

    log('measuring listing pages…');
    const listing = await measureListing(client, documentClient, TABLE_NAME, {
      small: int('list-small'),
      large: int('list-large'),
      pageSize: int('list-page-size'),
    });

    log(
      `v2 account tasks beside v1 process at the worker's concurrency (${int('task-accounts')} accounts each)…`,
    );
    const { listTasks } = await import('../../functions/store/account-task-read-store.js');
    const accountTasks = await measureAccountTasks(
      client,
      'BENCH-V2',
      int('task-accounts'),
      async (code) => (await listTasks(code, 'PROCESSED')).length,
    );

    const coldStart = await measureColdStart(localDir);

    const latency: Record<string, { p50: number; p99: number; count: number }> = {};
    for (const [endpoint, samples] of client.latencies) {
      latency[endpoint] = {
        p50: percentile(samples, 50),
        p99: percentile(samples, 99),
        count: samples.length,
      };
    }
    const figures = {
      options,
      import: importFigures,
      account_tasks: accountTasks,
      etl,
      bulk_job: bulk,
      bulk_job_projection: projectBulkJobs(costAndScale, bulk, costAndScaleOptions),
      ddb_requests: requestCounts,
      latency_ms: latency,
      list: listing,
      ...coldStart,
      ...costAndScale,
      full_account: fullAccount,
    };
    write(figures, renderReport(figures));
    process.stdout.write(
      `account import at concurrency ${accountTasks.concurrency}: v2 scheduled → processed ${accountTasks.v2_accounts_per_s} accounts/s, v1 stage + process ${accountTasks.v1_accounts_per_s} accounts/s (${accountTasks.accounts} accounts each)\n`,
    );
  } finally {
    await runtime.stop();
  }
}

await main();
