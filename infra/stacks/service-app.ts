import { Annotations, type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { type EnvironmentConfig, PLACEHOLDER_ACCOUNTS } from '../config/environments.js';
import { DataImportStack } from './data-import-stack.js';
import { SchemaRegistryStack } from './schema-registry-stack.js';

/** The schema registry stack's name: one per account and region, whatever the environment. */
export const SCHEMA_STACK_NAME = 'DataImportSchemas';

/** The account and region the environment is pinned to (infra/config/environments.ts). */
const envOf = (config: EnvironmentConfig) => ({ account: config.account, region: config.region });

/** The service stack of one environment: `DataImport-<env>`. */
export function addServiceStack(app: App, config: EnvironmentConfig): DataImportStack {
  const stack = new DataImportStack(app, `DataImport-${config.name}`, {
    config,
    env: envOf(config),
    description: `Data-import service (${config.name})`,
  });
  if (PLACEHOLDER_ACCOUNTS.has(config.account)) {
    Annotations.of(stack).addWarningV2(
      'data-import:placeholder-account',
      `Environment ${config.name} still has the placeholder account ${config.account}: ` +
        'write the real account id into infra/config/environments.ts before deploying.',
    );
  }
  return stack;
}

/**
 * The event catalogue's schema registries, `DataImportSchemas`, in the account and region of
 * the environment named on the command line. The stack does not depend on the environment:
 * environments sharing an account share it (deploying it again for another one changes nothing).
 */
export function addSchemaStack(app: App, config: EnvironmentConfig): SchemaRegistryStack {
  return new SchemaRegistryStack(app, SCHEMA_STACK_NAME, {
    env: envOf(config),
    description: 'Data-import event catalogue schema registries (once per account and region)',
  });
}

/** cdk-nag's AwsSolutions checks on the whole app: synthesis fails on any unacknowledged finding. */
export function applySecurityChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/** The environment's service stack and the account's schema stack, checked by cdk-nag: what `infra/app.ts` deploys. */
export function addServiceStacks(app: App, config: EnvironmentConfig) {
  const service = addServiceStack(app, config);
  const schemas = addSchemaStack(app, config);
  applySecurityChecks(app);
  return { service, schemas };
}
