import type { AccountMixMeasurement } from './account-mix.js';
import { type CostInputs, costModel } from './cost-model.js';
import { scaleProjection } from './scale-projection.js';

/**
 * The projection of `accounts` full accounts created in the cloud, from one measured creation:
 * the existing cost model (./cost-model.ts) and scale projection (./scale-projection.ts) applied to
 * a "mix" of two requests, stage and process. As there, a request takes its local round trip in
 * the cloud (an upper bound of its Lambda duration), an account's requests go one after another,
 * and `workers` accounts are created side by side. Pure: figures in, hours and dollars out.
 */
export interface FullAccountProjectionInputs extends Omit<CostInputs, 'mix'> {
  accounts: number;
  mix: AccountMixMeasurement;
  rateLimit: number;
  rateLimitSource: string;
  lambdaConcurrency: number;
  /**
   * The ways accounts are created side by side, each at its concurrency (e.g. bulk jobs at the
   * environment's `bulkJobConcurrency`, v2 tasks at its `accountCreationConcurrency`, an ETL over
   * the API at its `--concurrency`); the first is the one the projection's time is given for.
   * Only a path through the API is bound by its rate limit.
   */
  paths: readonly CreationPath[];
  partitionWriteUnitsPerSecond: number;
}

export interface CreationPath {
  name: string;
  workers: number;
  throughApi: boolean;
}

const ONE_HOUR = 3600;

/** What brings each bound to one hour, and what to change when the slowest exceeds it. */
function toReachOneHour(accounts: number, serialSeconds: number, requests: number) {
  return {
    workers: Math.ceil((accounts * serialSeconds) / ONE_HOUR),
    lambda_concurrency: Math.ceil((accounts * serialSeconds) / ONE_HOUR),
    rate_limit_per_s: Math.ceil((accounts * requests) / ONE_HOUR),
  };
}

function liftOf(boundBy: string, reach: ReturnType<typeof toReachOneHour>, path: CreationPath): string {
  switch (boundBy) {
    case 'per_account_serialisation':
      return `${reach.workers} accounts created side by side instead of ${path.workers} (${path.name}), other bounds permitting`;
    case 'lambda_concurrency':
      return `a Lambda concurrency of ${reach.lambda_concurrency} for the creating functions`;
    case 'rate_limit':
      return `an API rate limit of ${reach.rate_limit_per_s} requests/s (or creating through bulk jobs, which skip the API)`;
    default:
      return 'spreading the supplier-keyed index writes over several partition keys (supplier codes or index shards)';
  }
}

/** The bounds of one path: those of the scale projection at its concurrency, the rate limit only through the API. */
function boundsOf(scale: ReturnType<typeof scaleProjection>, path: CreationPath): [string, number][] {
  return Object.entries(scale.hours_if_bound_by).filter(
    ([bound]) => bound !== 'rate_limit' || path.throughApi,
  );
}

export function fullAccountProjection(inputs: FullAccountProjectionInputs) {
  const cost = costModel(inputs);
  const main = inputs.paths[0]!;
  const scaleAt = (path: CreationPath) => scaleProjection({ ...inputs, cost, etlConcurrency: path.workers });
  const scale = scaleAt(main);
  const [boundBy, hours] = boundsOf(scale, main).sort((a, b) => b[1] - a[1])[0]!;
  const thousands = inputs.accounts / 1000;
  const byService = cost.per_thousand_accounts;
  const usd = (n: number) => Math.round(n * thousands * 100) / 100;
  const reach = toReachOneHour(
    inputs.accounts,
    scale.inputs.serial_seconds_per_account,
    scale.inputs.requests_per_account,
  );
  return {
    accounts: inputs.accounts,
    path: main.name,
    hours,
    within_one_hour: hours <= 1,
    bound_by: boundBy,
    hours_if_bound_by: Object.fromEntries(boundsOf(scale, main)),
    /** Each path's hours: the slowest of its bounds. */
    hours_by_path: Object.fromEntries(
      inputs.paths.map((path) => [path.name, Math.max(...boundsOf(scaleAt(path), path).map(([, h]) => h))]),
    ),
    to_reach_one_hour: reach,
    lift: hours <= 1 ? 'none needed' : liftOf(boundBy, reach, main),
    cost_usd: {
      dynamodb: usd(byService.dynamodb),
      lambda: usd(byService.lambda),
      api_gateway: usd(byService.api_gateway),
      eventbridge: usd(byService.eventbridge),
      total: usd(byService.total),
    },
    usage_per_account: cost.usage_per_account,
    inputs: { ...scale.inputs, workers: main.workers },
  };
}

export type FullAccountProjection = ReturnType<typeof fullAccountProjection>;
