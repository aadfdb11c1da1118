import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LOCAL_ORGANISATION_RATE_LIMIT, localBurstOf } from '../config/local-limits.js';
import { joinSupplierOutcomes } from '../subscribers/inbound-events.js';
import { startLocalTaskEngine } from './account-task-engine.js';
import { type ApiServer, preloadHandlers, startApiServer } from './api-server.js';
import { localBulkJobConcurrency, startLocalBulkJobEngine } from './bulk-job-engine.js';
import { createTable } from './create-table.js';
import { startDynamoDbLocal } from './dynamodb-local.js';
import { startEventBridgeLocal } from './eventbridge-local.js';
import { startFakePaymentVendor } from './fake-payment-vendor.js';
import { portOrFree } from './free-port.js';
import { loadHandler } from './handlers.js';
import { inboundEventLine } from './inbound-event-line.js';
import { loadLocalSubscribers, subscriberRules, subscribersDir } from './local-subscribers.js';
import { lambdaContext } from './proxy-event.js';
import { startS3Local } from './s3-local.js';
import { startExpirySweep } from './scheduler.js';
import { startSqsLocal } from './sqs-local.js';
import { type StreamHandler, startStreamPoller } from './stream-poller.js';

/**
 * Starts the whole service on this machine: DynamoDB Local, a local S3, the
 * local EventBridge endpoint, the fake payment vendor, the table and seed, the stream
 * poller feeding the outbox publisher, the expiry sweep and the API server. Used by
 * `npm start` (./start.ts) and by the vitest global setup (test/support/global-setup.ts).
 */
export interface LocalRuntimeOptions {
  /** API port; 0 picks a free one. Default: PORT or 3000. */
  port?: number;
  /** Seed file applied at start (default infra/local/seed.json). */
  seedFile?: string;
  /** Reference data loaded at start (default infra/local/reference-data.json, the example set). */
  referenceDataFile?: string;
  /** Keep DynamoDB and S3 data in this directory instead of in memory. */
  dataDir?: string;
  /** Events file (default DATA_IMPORT_EVENTS_FILE or .local/events.jsonl). */
  eventsFile?: string;
  /** Rules file (default DATA_IMPORT_EVENT_RULES_FILE or infra/local/rules.json). */
  rulesFile?: string;
  /** Subscribers file (`--subscribers`); default: the `local` environment's subscribers. */
  subscribersFile?: string;
  log?: (line: string) => void;
  /** Log one line per API request. */
  logRequests?: boolean;
  /**
   * Called when a stand-in that runs as its own process (DynamoDB Local's JVM) ends without
   * being stopped, e.g. a signal sent to it: `npm start` then stops everything.
   */
  onStandInExit?: (reason: string) => void;
  /**
   * Requests per second each organisation may send (`--rate-limit`); the burst is twice that.
   * Default: the `local` config (infra/config/local-limits.ts).
   */
  rateLimit?: number;
}

export interface LocalRuntime {
  /** Every variable the runtime set (also set on process.env). */
  env: Record<string, string>;
  url: string;
  stop(): Promise<void>;
}

const here = (path: string) => resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, path);

/** Reads a port from the environment; unset or empty means "choose a free one". */
function envPort(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number`);
  return port;
}

export async function startLocalRuntime(options: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const log = options.log ?? (() => undefined);
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) {
      await stop().catch((error) => log(`stop failed: ${(error as Error).message}`));
    }
  };

  try {
    // Read before anything starts: a mistake in the subscribers file stops here, with nothing to stop.
    const localSubscriberRules = subscriberRules(loadLocalSubscribers(options.subscribersFile));
    const region = 'eu-west-2';
    const tableName = process.env.DATA_IMPORT_TABLE_NAME || 'data-import-local';
    const bucketName = process.env.DATA_IMPORT_BUCKET_NAME || 'data-import-documents-local';
    const bulkBucketName = process.env.DATA_IMPORT_BULK_BUCKET_NAME || 'data-import-bulk-jobs-local';
    const eventsFile = resolve(
      options.eventsFile ?? (process.env.DATA_IMPORT_EVENTS_FILE || '.local/events.jsonl'),
    );
    const rulesFile = resolve(
      options.rulesFile ?? (process.env.DATA_IMPORT_EVENT_RULES_FILE || here('rules.json')),
    );
    const [dynamoPort, s3Port, eventsPort, apiPort] = await Promise.all([
      portOrFree(envPort('DATA_IMPORT_DYNAMODB_PORT')),
      portOrFree(envPort('DATA_IMPORT_S3_PORT')),
      portOrFree(envPort('DATA_IMPORT_EVENTBRIDGE_PORT')),
      options.port ?? envPort('PORT') ?? 3000,
    ]);

    // The stand-ins start in parallel; DynamoDB Local (a JVM) is the slow one.
    const dynamoStart = startDynamoDbLocal({
      port: dynamoPort as number,
      dataDir: options.dataDir,
      log,
      onUnexpectedExit: (reason) => {
        log(reason);
        options.onStandInExit?.(reason);
      },
    });
    const s3Start = startS3Local({
      port: s3Port as number,
      bucket: bucketName,
      otherBuckets: [bulkBucketName],
      dataDir: options.dataDir,
    });
    const busName = process.env.DATA_IMPORT_EVENT_BUS_NAME || 'data-import-local';
    const eventsStart = startEventBridgeLocal({
      port: eventsPort as number,
      eventsFile,
      rulesFile,
      subscriberRules: localSubscriberRules,
      functionRules: [
        {
          name: joinSupplierOutcomes.functionId,
          event_pattern: joinSupplierOutcomes.pattern(),
          // Loaded on first use: handlers read the environment set below at module scope.
          invoke: async (envelope) => {
            const module = (await loadHandler(joinSupplierOutcomes.functionId)) as {
              handler: (event: unknown, context: unknown) => Promise<unknown>;
            };
            const outcome = await module.handler(
              envelope,
              lambdaContext(`data-import-local-${joinSupplierOutcomes.functionId}`),
            );
            // Where the user sees it: one plain line on the runtime's output (the function's own
            // log line, JSON, is there too, as CloudWatch would hold it).
            log(inboundEventLine(envelope, outcome));
            return outcome;
          },
        },
      ],
      busName,
      region,
      log,
    });
    const vendorStart = startFakePaymentVendor({});
    const taskQueue = await startSqsLocal({
      port: (await portOrFree(envPort('DATA_IMPORT_SQS_PORT'))) as number,
      region,
    });
    stops.push(taskQueue.stop);
    const started = await Promise.allSettled([dynamoStart, s3Start, eventsStart, vendorStart]);
    for (const outcome of started) if (outcome.status === 'fulfilled') stops.push(outcome.value.stop);
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const [dynamo, s3, events, vendor] = started.map(
      (outcome) => (outcome as PromiseFulfilledResult<{ endpoint?: string; url?: string }>).value,
    );

    const env: Record<string, string> = {
      AWS_ENDPOINT_URL_DYNAMODB: dynamo?.endpoint as string,
      AWS_ENDPOINT_URL_DYNAMODB_STREAMS: dynamo?.endpoint as string,
      AWS_ENDPOINT_URL_S3: s3?.endpoint as string,
      AWS_ENDPOINT_URL_EVENTBRIDGE: events?.endpoint as string,
      ...taskQueue.env,
      // The same endpoint under the name the AWS CLI and other SDKs read for EventBridge.
      AWS_ENDPOINT_URL_EVENTS: events?.endpoint as string,
      AWS_REGION: region,
      AWS_DEFAULT_REGION: region,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      DATA_IMPORT_TABLE_NAME: tableName,
      DATA_IMPORT_BUCKET_NAME: bucketName,
      DATA_IMPORT_BULK_BUCKET_NAME: bulkBucketName,
      DATA_IMPORT_BULK_JOB_CONCURRENCY: String(localBulkJobConcurrency()),
      DATA_IMPORT_EVENT_BUS_NAME: busName,
      DATA_IMPORT_EVENTS_FILE: eventsFile,
      DATA_IMPORT_SUBSCRIBERS_DIR: subscribersDir(),
      // Operators' status changes apply at once locally, unless the caller chose a cache time (the bench uses the deployed 30 s).
      DATA_IMPORT_SUPPLIER_CACHE_SECONDS: process.env.DATA_IMPORT_SUPPLIER_CACHE_SECONDS || '0',
      // A reference-data load applies at once locally (deployed: at most a minute, the store's clock).
      DATA_IMPORT_REFERENCE_DATA_CACHE_SECONDS: process.env.DATA_IMPORT_REFERENCE_DATA_CACHE_SECONDS || '0',
      DATA_IMPORT_TOKEN_SIGNING_KEY: randomBytes(48).toString('base64url'),
      DATA_IMPORT_STRIPE_API_URL: vendor?.url as string,
      DATA_IMPORT_STRIPE_API_KEY: 'sk_test_local',
    };
    // Handlers read configuration at module scope: set it before importing any of them.
    Object.assign(process.env, env);

    const dynamoDb = new DynamoDBClient({ endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, region });
    const streamArn = await createTable(dynamoDb, tableName);
    dynamoDb.destroy();
    const preload = preloadHandlers(loadHandler, log);

    const seedFile = resolve(options.seedFile ?? here('seed.json'));
    const { applySeed, parseSeed } = await import('../ops/seed.js');
    const seedSummary = await applySeed(parseSeed(JSON.parse(readFileSync(seedFile, 'utf8'))));
    log(`seed ${seedFile}: ${seedSummary}`);
    const referenceDataFile = resolve(options.referenceDataFile ?? here('reference-data.json'));
    const { loadReferenceFile } = await import('../ops/reference-data-file.js');
    const referenceData = await loadReferenceFile(referenceDataFile);
    if (!referenceData.ok) throw new Error(`${referenceDataFile}: ${referenceData.problems.join('; ')}`);
    log(`reference data ${referenceDataFile}: ${referenceData.loaded.length} kind(s) loaded`);

    const publisher = (await loadHandler('publish-outbox-events')) as { handler: StreamHandler };
    const poller = startStreamPoller({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB as string,
      region,
      streamArn,
      handler: publisher.handler,
      functionName: 'data-import-local-publish-outbox-events',
      // With a data dir the stream outlives the process: resume where the last run stopped.
      ...(options.dataDir ? { checkpointFile: resolve(options.dataDir, 'stream-checkpoint.json') } : {}),
      log,
    });
    stops.push(poller.stop);
    const sweep = startExpirySweep({ loadHandler, log });
    stops.push(sweep.stop);
    stops.push(
      startLocalTaskEngine({
        queue: taskQueue,
        region,
        stream: {
          endpoint: env.AWS_ENDPOINT_URL_DYNAMODB as string,
          streamArn,
          ...(options.dataDir
            ? { checkpointFile: resolve(options.dataDir, 'task-hand-over-checkpoint.json') }
            : {}),
        },
        loadHandler,
        log,
        rebuildQueue: options.dataDir !== undefined,
      }).stop,
    );

    stops.push((await startLocalBulkJobEngine({ queue: taskQueue, region, loadHandler, log })).stop);

    await preload;
    const api: ApiServer = await startApiServer({
      port: apiPort as number,
      loadHandler,
      log,
      logRequests: options.logRequests,
      rateLimit: localRateLimit(options.rateLimit ?? LOCAL_ORGANISATION_RATE_LIMIT),
    });
    stops.push(api.stop);
    env.DATA_IMPORT_URL = api.url;
    process.env.DATA_IMPORT_URL = api.url;
    return { env, url: api.url, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A local per-organisation rate (requests per second) as the API server's limit. */
function localRateLimit(ratePerSecond: number) {
  return { ratePerSecond, burst: localBurstOf(ratePerSecond) };
}
