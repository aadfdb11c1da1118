import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { EnvironmentConfig } from '../config/environments.js';
import { DataImportStack } from './data-import-stack.js';
import { SchemaRegistryStack } from './schema-registry-stack.js';

/**
 * Both stacks of one environment, with cdk-nag's AwsSolutions checks applied to the app:
 * `cdk synth` fails on any finding that is not acknowledged with a reason.
 */
export function addServiceStacks(app: App, config: EnvironmentConfig) {
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
  const service = new DataImportStack(app, `DataImport-${config.name}`, {
    config,
    env,
    description: `Data-import service (${config.name})`,
  });
  const schemas = new SchemaRegistryStack(app, `DataImportSchemas-${config.name}`, {
    env,
    description: `Data-import event catalogue schema registry (${config.name})`,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { service, schemas };
}
