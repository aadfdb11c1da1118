import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/**
 * Per-environment configuration: `npx cdk deploy --all -c env=<name>` (default `dev`).
 * What differs between environments lives here and nowhere else.
 */
export interface EnvironmentConfig {
  /** The environment's name: part of every stack name (`DataImport-<name>`). */
  readonly name: string;
  /** Stateful resources (table, documents bucket, logs): kept or deleted with the stack. */
  readonly removalPolicy: RemovalPolicy;
  /** DynamoDB deletion protection on the table. */
  readonly deletionProtection: boolean;
  /** Retention of every function's log group and of the API access log. */
  readonly logRetention: RetentionDays;
  /** API Gateway stage throttling (requests per second, burst). */
  readonly throttling: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * Enumeration values accepted in addition to the spec's lists (design.md §3.5a), keyed by
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
   * At most this many v2 account tasks run at once in the environment: the worker's SQS
   * event source maximum concurrency (2 to 1000). The local runtime uses the same limit.
   */
  readonly accountCreationConcurrency: number;
}

const common = {
  extraChoices: {},
  stripeApiUrl: 'https://api.stripe.com',
  supplierCacheSeconds: 30,
  accountCreationConcurrency: 5,
} as const;

/** The limit the local runtime applies (DATA_IMPORT_ACCOUNT_CREATION_CONCURRENCY overrides it). */
export const LOCAL_ACCOUNT_CREATION_CONCURRENCY = common.accountCreationConcurrency;

export const environments: Readonly<Record<string, EnvironmentConfig>> = {
  dev: {
    ...common,
    name: 'dev',
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.ONE_WEEK,
    throttling: { rateLimit: 50, burstLimit: 100 },
  },
  staging: {
    ...common,
    name: 'staging',
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.ONE_MONTH,
    throttling: { rateLimit: 200, burstLimit: 400 },
  },
  prod: {
    ...common,
    name: 'prod',
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    logRetention: RetentionDays.ONE_YEAR,
    throttling: { rateLimit: 500, burstLimit: 1000 },
    accountCreationConcurrency: 10,
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
