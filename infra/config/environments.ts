import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Subscriber } from '../subscribers/subscriber-declaration.js';

/**
 * Per-environment configuration: `npx cdk deploy --all -c env=<name>` (default `dev`).
 * What differs between environments lives here and nowhere else.
 */
export interface EnvironmentConfig {
  /** The environment's name: part of every stack name (`DataImport-<name>`). */
  readonly name: string;
  /**
   * The AWS account (12 digits) and region the environment is deployed to. Stacks are pinned to
   * them: `cdk deploy` with credentials of another account refuses to run. The values checked in
   * are placeholders (see `PLACEHOLDER_ACCOUNTS`) until operators write the real account ids here;
   * synthesis works offline with either.
   */
  readonly account: string;
  readonly region: string;
  /**
   * Where every alarm of the environment sends its notifications: the ARN of an existing SNS topic
   * (e.g. the team's on-call topic), or omitted to let the stack create one (`data-import-<name>-alarms`)
   * that operators subscribe to.
   */
  readonly alarmTopicArn?: string;
  /** Stateful resources (table, documents bucket, logs): kept or deleted with the stack. */
  readonly removalPolicy: RemovalPolicy;
  /** DynamoDB deletion protection on the table. */
  readonly deletionProtection: boolean;
  /** Retention of every function's log group and of the API access log. */
  readonly logRetention: RetentionDays;
  /** API Gateway stage throttling (requests per second, burst). */
  readonly throttling: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * Each organisation's own limits (requests per second, burst): the throttle of the
   * environment's usage plan, in which every organisation has its own API key (the stage
   * limits above still cap the sum).
   */
  readonly organisationRateLimit: number;
  readonly organisationBurstLimit: number;
  /**
   * Enumeration values accepted in addition to the spec's lists, keyed by
   * field: `reason`, `payment_type`, `rate_band`, `tax_type`, `unit_type`,
   * `payment_instruction_type` (functions/rules/post-import/choices.ts), e.g.
   * `{ reason: ['GOODWILL_CREDIT'] }`. Passed to the functions as JSON in `DATA_IMPORT_EXTRA_CHOICES`.
   */
  readonly extraChoices: Readonly<Record<string, readonly string[]>>;
  /** Base URL of the STRIPE API (`DATA_IMPORT_STRIPE_API_URL`). */
  readonly stripeApiUrl: string;
  /** Seconds a function caches an import supplier's status (`DATA_IMPORT_SUPPLIER_CACHE_SECONDS`). */
  readonly supplierCacheSeconds: number;
  /**
   * Who receives the service's events: one rule on the service's bus per entry, with a retry
   * policy, a dead-letter queue and an alarm (infra/constructs/subscribers.ts), e.g.
   * `{ name: 'billing-ledger', events: ['billing.ledger.entry_posted@v2'], target: { kind: 'sqs', arn } }`.
   * Checked at synthesis (infra/subscribers/subscriber-declaration.ts).
   */
  readonly subscribers: readonly Subscriber[];
  /**
   * At most this many v2 account tasks run at once in the environment: the worker's SQS
   * event source maximum concurrency (2 to 1000). The local runtime uses the same limit.
   */
  readonly accountCreationConcurrency: number;
  /**
   * At most this many lines of bulk import jobs are loaded at once in the environment (all jobs
   * together): the bulk jobs worker's SQS event source maximum concurrency (2 to 1000), one line
   * per invocation at a time. The local runtime uses LOCAL_BULK_JOB_CONCURRENCY.
   */
  readonly bulkJobConcurrency: number;
}

/**
 * Account ids that stand for "not configured yet": synthesis works with them, a deploy does
 * not (no credentials belong to them), and `infra/app.ts` warns while one is in use.
 */
export const PLACEHOLDER_ACCOUNTS: ReadonlySet<string> = new Set([
  '111111111111',
  '222222222222',
  '333333333333',
]);

/** The region of every environment unless it says otherwise. */
const DEFAULT_REGION = 'eu-west-2';

const common = {
  region: DEFAULT_REGION,
  extraChoices: {},
  stripeApiUrl: 'https://api.stripe.com',
  supplierCacheSeconds: 30,
  subscribers: [],
  accountCreationConcurrency: 5,
  bulkJobConcurrency: 10,
} as const;

/** The limit the local runtime applies (DATA_IMPORT_ACCOUNT_CREATION_CONCURRENCY overrides it). */
export const LOCAL_ACCOUNT_CREATION_CONCURRENCY = common.accountCreationConcurrency;

/**
 * Bulk job lines loaded at once locally (DATA_IMPORT_BULK_JOB_CONCURRENCY overrides it): the
 * ETL CLI's default `--concurrency`, so a job and `npm run etl -- load` compare at the same one.
 */
export const LOCAL_BULK_JOB_CONCURRENCY = 8;

export const environments: Readonly<Record<string, EnvironmentConfig>> = {
  dev: {
    ...common,
    name: 'dev',
    account: '111111111111',
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.ONE_WEEK,
    throttling: { rateLimit: 50, burstLimit: 100 },
    organisationRateLimit: 25,
    organisationBurstLimit: 50,
  },
  staging: {
    ...common,
    name: 'staging',
    account: '222222222222',
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.ONE_MONTH,
    throttling: { rateLimit: 200, burstLimit: 400 },
    bulkJobConcurrency: 50,
    organisationRateLimit: 100,
    organisationBurstLimit: 200,
  },
  prod: {
    ...common,
    name: 'prod',
    account: '333333333333',
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    logRetention: RetentionDays.ONE_YEAR,
    throttling: { rateLimit: 500, burstLimit: 1000 },
    accountCreationConcurrency: 10,
    bulkJobConcurrency: 200,
    organisationRateLimit: 200,
    organisationBurstLimit: 400,
  },
};

/** The configuration of environment `name`; an unknown name is an error that lists the known ones. */
export function environmentConfig(name: unknown): EnvironmentConfig {
  const key = typeof name === 'string' ? name : '';
  const config = Object.hasOwn(environments, key) ? environments[key] : undefined;
  if (!config) {
    throw new Error(
      `Unknown environment "${String(name)}": use -c env=<name> with one of ${Object.keys(environments).join(', ')}`,
    );
  }
  return config;
}
