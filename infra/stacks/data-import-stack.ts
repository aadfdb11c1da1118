import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Alias } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { EVENT_SOURCE } from '../../functions/events/outbox.js';
import type { EnvironmentConfig } from '../config/environments.js';
import { DataTable } from '../constructs/data-table.js';
import { DocumentsBucket } from '../constructs/documents-bucket.js';
import { functionEnvironment, grantResources, type ServiceResources } from '../constructs/function-wiring.js';
import { JoinSupplierConsumer } from '../constructs/join-supplier-consumer.js';
import { OutboxPublisher } from '../constructs/outbox-publisher.js';
import { ServiceApi } from '../constructs/service-api.js';
import { ServiceFunction, type ServiceFunctionProps } from '../constructs/service-function.js';
import { ServiceSecrets } from '../constructs/service-secrets.js';
import { Subscribers } from '../constructs/subscribers.js';
import { apiFunctions, backgroundFunctions, type FunctionDefinition } from '../routes.js';

export interface DataImportStackProps extends StackProps {
  readonly config: EnvironmentConfig;
}

/** `get-account-transfer-status` → `GetAccountTransferStatus`. */
const constructIdOf = (functionId: string) =>
  functionId.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/**
 * The data-import service: the REST API with one function per route of infra/routes.ts,
 * the single table, the documents bucket, the event bus with the outbox publisher, the
 * hourly expiry of staged processes, the consumer of join-supplier outcomes, and the secrets.
 */
export class DataImportStack extends Stack {
  /** Every function of the service by its id in infra/routes.ts. */
  readonly functions = new Map<string, ServiceFunction>();
  readonly resources: ServiceResources;
  readonly api: ServiceApi;
  readonly publisher: OutboxPublisher;
  readonly joinSupplierConsumer: JoinSupplierConsumer;

  constructor(scope: Construct, id: string, props: DataImportStackProps) {
    super(scope, id, props);
    const { config } = props;
    const table = new DataTable(this, 'Data', { config }).table;
    const documents = new DocumentsBucket(this, 'Documents', { config }).bucket;
    const secrets = new ServiceSecrets(this, 'Secrets', { config });
    this.resources = {
      table,
      documents,
      tokenSigningKey: secrets.tokenSigningKey,
      stripeApiKey: secrets.stripeApiKey,
    };

    const eventBus = new EventBus(this, 'EventBus', { eventBusName: `data-import-${config.name}` });
    const archive = eventBus.archive('Archive', {
      description: 'Every event the service publishes, for replay to new or recovering subscribers',
      eventPattern: { source: [EVENT_SOURCE] },
      retention: Duration.days(365),
    });
    // Stands in for the environment's alarm topic until the stack has one.
    const alarmTopic = new Topic(this, 'SubscriberAlarmTopic', {
      enforceSSL: true,
      masterKey: Alias.fromAliasName(this, 'SnsManagedKey', 'alias/aws/sns'),
    });
    const alarmAction = new SnsAction(alarmTopic);
    new Subscribers(this, 'Subscribers', {
      subscribers: config.subscribers,
      source: `environment ${config.name}`,
      eventBus,
      archive,
      alarmAction,
    });

    const authorizer = this.addFunction(backgroundFunctions.authorizer, config);
    const routes = apiFunctions.map((definition) => ({
      definition,
      function: this.addFunction(definition, config),
    }));
    this.api = new ServiceApi(this, 'Api', { config, authorizer, routes });

    this.publisher = new OutboxPublisher(this, 'Outbox', { config, table, eventBus });
    this.functions.set(backgroundFunctions.publisher.id, this.publisher.function);

    const expiry = this.addFunction(backgroundFunctions.expiry, config, {
      timeout: Duration.minutes(5),
      memorySize: 512,
    });
    new Rule(this, 'ExpirySchedule', {
      description: 'Cancels staged import processes left unprocessed past their expiry window',
      schedule: Schedule.rate(Duration.hours(1)),
      targets: [new LambdaFunction(expiry, { retryAttempts: 2 })],
    });

    this.joinSupplierConsumer = new JoinSupplierConsumer(this, 'JoinSupplierOutcomes', {
      eventBus,
      consumer: this.addFunction(backgroundFunctions.lifecycleUpdates, config),
      alarmAction,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.api.url, description: 'Base URL: DATA_IMPORT_URL' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'BucketName', { value: documents.bucketName });
    new CfnOutput(this, 'EventBusName', { value: eventBus.eventBusName });
  }

  private addFunction(
    definition: FunctionDefinition,
    config: EnvironmentConfig,
    overrides: Pick<ServiceFunctionProps, 'timeout' | 'memorySize'> = {},
  ): ServiceFunction {
    const fn = new ServiceFunction(this, constructIdOf(definition.id), {
      definition,
      config,
      environment: functionEnvironment(definition, this.resources, config),
      ...overrides,
    });
    grantResources(fn, definition, this.resources);
    this.functions.set(definition.id, fn);
    return fn;
  }
}
