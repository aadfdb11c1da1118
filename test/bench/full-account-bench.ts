import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { environmentConfig } from '../../infra/config/environments.js';
import { PUBLISHER_BATCH_SIZE, PUBLISHER_MEMORY_MB } from '../../infra/constructs/outbox-publisher.js';
import { DEFAULT_MEMORY_MB } from '../../infra/constructs/service-function.js';
import { type AccountMixMeasurement, eventChunks, lineSizes, settledEvents } from './account-mix.js';
import type { Capacity } from './capacity-meter.js';
import { PARTITION_WRITE_UNITS_PER_SECOND, PUBLISHER_DURATION_MS } from './cost-and-scale.js';
import { creationFloor, itemsLeft } from './creation-floor.js';
import { CreationMeter, type OperationFigures } from './creation-meter.js';
import { FULL_ACCOUNT, fullAccount, fullAccountDocuments } from './full-account.js';
import { fullAccountProjection } from './full-account-projection.js';
import { expectStatus, percentile, type TimedClient } from './http-client.js';
import { PRICES_EU_WEST_2 } from './prices-eu-west-2.js';

/**
 * The `full-account` section: `accounts` full accounts (./full-account.ts) created one after
 * another through v1 (stage, then process), each request timed; then one more, metered
 * (./creation-meter.ts, its transactions counted from their items' images, which takes time of its
 * own: that account is not timed), and the items its creation left read back and priced one
 * PutItem each (./creation-floor.ts); and the creation projected to `scaleAccounts` accounts in `environment`
 * (./full-account-projection.ts). Whatever creation writes is measured: the embedded records
 * (transactions, statements, notes, payment instructions) count as soon as creation writes them.
 */
export interface FullAccountOptions {
  supplier: string;
  /** The supplier's root location in the documents bucket: the statements' PDFs go under it. */
  rootLocation: string;
  accounts: number;
  eventsFile: string;
  scaleAccounts: number;
  environment: string;
  lambdaConcurrency: number;
  /** The ETL's `--concurrency`: the v1 path's accounts side by side. */
  etlConcurrency: number;
}

interface CallFigures {
  operations: Record<string, OperationFigures>;
  total: Capacity;
}

/** Write units as DynamoDB bills them: table and index units reported, and 2 per failed write item. */
const billedWriteUnits = (c: Capacity) =>
  c.write_units_table + c.write_units_indexes + 2 * c.failed_write_items;

const BASE = '/v1/data-import/account-import-process';

async function createOne(
  client: TimedClient,
  meter: CreationMeter | undefined,
  dynamo: { client: DynamoDBClient; tableName: string },
  options: FullAccountOptions,
  external: string,
) {
  const { putDocument } = await import('../post-import/support/documents.js');
  await Promise.all(
    fullAccountDocuments(external).map((path) => putDocument(`${options.rootLocation}/${path}`)),
  );
  const account = fullAccount(options.supplier, external);
  meter?.take();
  const started = performance.now();
  const staged = await client.call('full_account_stage', 'POST', `${BASE}/create-or-update/`, account);
  const stagedAt = performance.now();
  expectStatus(staged, [200, 201], 'stage a full account');
  const stage = meter?.take();
  const processed = await client.call('full_account_process', 'POST', `${BASE}/process/`, {
    import_supplier: options.supplier,
    external_account_number: external,
  });
  const processedAt = performance.now();
  expectStatus(processed, [201], 'process a full account');
  const creation = meter?.take();
  const number = (processed.json as { service_account_number?: string }).service_account_number;
  if (!number)
    throw new Error(`process answered no service account number: ${JSON.stringify(processed.json)}`);
  const timing = {
    payloadBytes: Buffer.byteLength(JSON.stringify(account)),
    stageMs: stagedAt - started,
    processMs: processedAt - stagedAt,
  };
  if (!stage || !creation) return { ...timing, metered: undefined };
  const kept = [...stage.keptKeys, ...creation.keptKeys];
  const items = await itemsLeft(dynamo.client, dynamo.tableName, kept, number);
  const metered = {
    stage: { operations: stage.operations, total: stage.total } as CallFigures,
    process: { operations: creation.operations, total: creation.total } as CallFigures,
    floor: creationFloor(items),
  };
  return { ...timing, metered };
}

/** One more account, metered: a warm function, the supplier record cached (every account's are alike). */
async function createMetered(
  client: TimedClient,
  dynamo: { client: DynamoDBClient; tableName: string },
  options: FullAccountOptions,
  external: string,
) {
  const reader = new DynamoDBClient({});
  const meter = new CreationMeter({ reader, tableName: dynamo.tableName }).attach(dynamo.client);
  try {
    const { metered } = await createOne(client, meter, dynamo, options, external);
    return metered!;
  } finally {
    meter.detach();
    reader.destroy();
  }
}

/** The projection at the environment's concurrency of each creation path. */
function projectionOf(mix: AccountMixMeasurement, options: FullAccountOptions) {
  const config = environmentConfig(options.environment);
  return fullAccountProjection({
    accounts: options.scaleAccounts,
    mix,
    prices: PRICES_EU_WEST_2,
    apiMemoryMb: DEFAULT_MEMORY_MB,
    publisherMemoryMb: PUBLISHER_MEMORY_MB,
    publisherBatchSize: PUBLISHER_BATCH_SIZE,
    publisherDurationMs: PUBLISHER_DURATION_MS,
    // A migration runs under one organisation's API key: its usage plan's limit.
    rateLimit: config.organisationRateLimit,
    rateLimitSource: `organisationRateLimit of ${config.name}`,
    lambdaConcurrency: options.lambdaConcurrency,
    paths: [
      {
        name: `bulk jobs at bulkJobConcurrency ${config.bulkJobConcurrency} (${config.name})`,
        workers: config.bulkJobConcurrency,
        throughApi: false,
      },
      {
        name: `v2 tasks at accountCreationConcurrency ${config.accountCreationConcurrency} (${config.name})`,
        workers: config.accountCreationConcurrency,
        throughApi: false,
      },
      {
        name: `v1 over the API, an ETL at --concurrency ${options.etlConcurrency}`,
        workers: options.etlConcurrency,
        throughApi: true,
      },
    ],
    partitionWriteUnitsPerSecond: PARTITION_WRITE_UNITS_PER_SECOND,
  });
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const stats = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });

export async function measureFullAccounts(
  client: TimedClient,
  dynamo: { client: DynamoDBClient; tableName: string },
  options: FullAccountOptions,
) {
  const eventsBefore = lineSizes(options.eventsFile).length;
  const run = Date.now().toString(36).toUpperCase();
  const created: Awaited<ReturnType<typeof createOne>>[] = [];
  for (let a = 0; a < options.accounts; a++) {
    created.push(await createOne(client, undefined, dynamo, options, `FULL-${run}-${a}`));
  }
  const events = (await settledEvents(options.eventsFile, eventsBefore + 1)).slice(eventsBefore);
  const metered = await createMetered(client, dynamo, options, `FULL-${run}-METERED`);
  const measured = billedWriteUnits(metered.stage.total) + billedWriteUnits(metered.process.total);
  const totals = created.map((c) => c.stageMs + c.processMs);
  const median = (pick: (c: (typeof created)[number]) => number) => percentile(created.map(pick), 50);
  const call = (functionId: string, what: string, latency: number, capacity: Capacity) => ({
    functionId,
    what,
    latency_ms: latency,
    capacity,
  });
  const mix: AccountMixMeasurement = {
    accounts: options.accounts,
    calls: [
      call(
        'stage-account',
        'stage',
        median((c) => c.stageMs),
        metered.stage.total,
      ),
      call(
        'process-account',
        'process',
        median((c) => c.processMs),
        metered.process.total,
      ),
    ],
    mean_latency_ms: {},
    events_per_account: round(events.length / options.accounts),
    event_bytes_per_account: Math.round(events.reduce((s, e) => s + e.bytes, 0) / options.accounts),
    event_chunks_per_account: round(eventChunks(events) / options.accounts),
    transaction_event_chunks_per_account: 0,
  };
  return {
    accounts: options.accounts,
    payload: { ...FULL_ACCOUNT, bytes: created[0]!.payloadBytes },
    time_ms: {
      stage: stats(created.map((c) => c.stageMs)),
      process: stats(created.map((c) => c.processMs)),
      creation: stats(totals),
    },
    /** As the projection counts a request in the cloud: its local round trip (an upper bound). */
    cloud_time_ms: {
      ...stats(totals),
      basis: 'local round trip of stage + process, as the scale projection',
    },
    ddb: { stage: metered.stage, process: metered.process },
    requests: metered.stage.total.requests + metered.process.total.requests,
    read_units: metered.stage.total.read_units + metered.process.total.read_units,
    write_units_measured: measured,
    floor: metered.floor,
    ratio_to_floor: round(measured / metered.floor.write_units, 3),
    events_per_account: mix.events_per_account,
    event_chunks_per_account: mix.event_chunks_per_account,
    projection: projectionOf(mix, options),
  };
}

export type FullAccountFigures = Awaited<ReturnType<typeof measureFullAccounts>>;
