import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { EnvironmentConfig } from '../config/environments.js';
import { DataImportStack } from './data-import-stack.js';
import { SchemaRegistryStack } from './schema-registry-stack.js';

const envOf = () => ({ account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION });

/** The service stack of one environment: `DataImport-<env>`. */
export function addServiceStack(app: App, config: EnvironmentConfig): DataImportStack {
  return new DataImportStack(app, `DataImport-${config.name}`, {
    config,
    env: envOf(),
    description: `Data-import service (${config.name})`,
  });
}

/** The event catalogue's schema registry (291 schemas: a stack of its own), `DataImportSchemas-<env>`. */
export function addSchemaStack(app: App, config: EnvironmentConfig): SchemaRegistryStack {
  return new SchemaRegistryStack(app, `DataImportSchemas-${config.name}`, {
    env: envOf(),
    description: `Data-import event catalogue schema registry (${config.name})`,
  });
}

/** cdk-nag's AwsSolutions checks on the whole app: synthesis fails on any unacknowledged finding. */
export function applySecurityChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/** Both stacks of one environment, checked by cdk-nag: what `infra/app.ts` deploys. */
export function addServiceStacks(app: App, config: EnvironmentConfig) {
  const service = addServiceStack(app, config);
  const schemas = addSchemaStack(app, config);
  applySecurityChecks(app);
  return { service, schemas };
}
