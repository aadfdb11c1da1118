import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { EnvironmentConfig } from '../config/environments.js';
import type { FunctionDefinition } from '../function-definition.js';
import { grantBulkJobObjects, grantDocumentsRead, grantSecretValue, grantTableUse } from './access-grants.js';
import type { ServiceFunction } from './service-function.js';

/** What a function may be wired to. */
export interface ServiceResources {
  readonly table: ITable;
  readonly documents: IBucket;
  readonly bulkJobs: IBucket;
  readonly tokenSigningKey: ISecret;
  readonly stripeApiKey: ISecret;
}

/**
 * The environment variables a function needs, derived from its entry in infra/routes.ts:
 * nothing more. Secrets are passed by ARN; the function reads the value itself.
 */
export function functionEnvironment(
  definition: FunctionDefinition,
  resources: ServiceResources,
  config: EnvironmentConfig,
): Record<string, string> {
  return {
    ...(definition.table && {
      DATA_IMPORT_TABLE_NAME: resources.table.tableName,
      DATA_IMPORT_SUPPLIER_CACHE_SECONDS: String(config.supplierCacheSeconds),
    }),
    ...(definition.readsDocuments && { DATA_IMPORT_BUCKET_NAME: resources.documents.bucketName }),
    ...(definition.readsSigningKey && {
      DATA_IMPORT_TOKEN_SIGNING_SECRET_ARN: resources.tokenSigningKey.secretArn,
    }),
    ...(definition.readsVendorCredentials && {
      DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN: resources.stripeApiKey.secretArn,
      DATA_IMPORT_STRIPE_API_URL: config.stripeApiUrl,
    }),
    ...(definition.readsExtraChoices && { DATA_IMPORT_EXTRA_CHOICES: JSON.stringify(config.extraChoices) }),
    ...(definition.bulkJobObjects && { DATA_IMPORT_BULK_BUCKET_NAME: resources.bulkJobs.bucketName }),
  };
}

/** The grants matching `functionEnvironment`: the table use it declares, read-only elsewhere. */
export function grantResources(
  fn: ServiceFunction,
  definition: FunctionDefinition,
  resources: ServiceResources,
): void {
  if (definition.table) grantTableUse(fn, resources.table, definition.table);
  if (definition.readsDocuments) grantDocumentsRead(fn, resources.documents);
  if (definition.readsSigningKey) grantSecretValue(resources.tokenSigningKey, fn);
  if (definition.readsVendorCredentials) grantSecretValue(resources.stripeApiKey, fn);
  grantBulkJobObjects(fn, resources.bulkJobs, definition.bulkJobObjects ?? []);
}
