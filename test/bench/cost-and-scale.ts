import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { environmentConfig } from '../../infra/config/environments.js';
import { PUBLISHER_BATCH_SIZE, PUBLISHER_MEMORY_MB } from '../../infra/constructs/outbox-publisher.js';
import { DEFAULT_MEMORY_MB } from '../../infra/constructs/service-function.js';
import { measureAccountMix } from './account-mix.js';
import { CapacityMeter } from './capacity-meter.js';
import { costModel } from './cost-model.js';
import type { TimedClient } from './http-client.js';
import { PRICES_EU_WEST_2 } from './prices-eu-west-2.js';
import { scaleProjection } from './scale-projection.js';

/** Per partition, per second: DynamoDB's limit on any one partition, on-demand or not. */
export const PARTITION_WRITE_UNITS_PER_SECOND = 1000;
/** Not measured locally: a publisher invocation forwards up to 10 small events in one PutEvents call. */
export const PUBLISHER_DURATION_MS = 100;

export interface CostAndScaleOptions {
  supplier: string;
  mixAccounts: number;
  eventsFile: string;
  scaleAccounts: number;
  environment: string;
  lambdaConcurrency: number;
  etlConcurrency: number;
}

/** Meters the account mix, prices it in eu-west-2 and projects the migration of `scaleAccounts`. */
export async function measureCostAndScale(
  client: TimedClient,
  dynamoDb: DynamoDBClient,
  options: CostAndScaleOptions,
) {
  const meter = new CapacityMeter().attach(dynamoDb);
  let mix: Awaited<ReturnType<typeof measureAccountMix>>;
  try {
    mix = await measureAccountMix(client, meter, {
      supplier: options.supplier,
      accounts: options.mixAccounts,
      eventsFile: options.eventsFile,
    });
  } finally {
    meter.detach();
  }
  const cost = costModel({
    mix,
    prices: PRICES_EU_WEST_2,
    apiMemoryMb: DEFAULT_MEMORY_MB,
    publisherMemoryMb: PUBLISHER_MEMORY_MB,
    publisherBatchSize: PUBLISHER_BATCH_SIZE,
    publisherDurationMs: PUBLISHER_DURATION_MS,
  });
  const config = environmentConfig(options.environment);
  const scale = scaleProjection({
    accounts: options.scaleAccounts,
    mix,
    cost,
    rateLimit: config.throttling.rateLimit,
    rateLimitSource: `stage throttling of ${config.name} (no per-organisation limit configured)`,
    lambdaConcurrency: options.lambdaConcurrency,
    etlConcurrency: options.etlConcurrency,
    partitionWriteUnitsPerSecond: PARTITION_WRITE_UNITS_PER_SECOND,
  });
  return { account_mix: mix, cost_usd: cost, scale_projection: scale };
}
