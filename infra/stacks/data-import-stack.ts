import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type CfnArchive, EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { EVENT_SOURCE } from '../../functions/events/outbox.js';
import type { EnvironmentConfig } from '../config/environments.js';
import { AccountTaskEngine } from '../constructs/account-task-engine.js';
import { BulkJobEngine } from '../constructs/bulk-job-engine.js';
import { DataTable } from '../constructs/data-table.js';
import { deadLetterQueue } from '../constructs/dead-letter-queue.js';
import { DocumentsBucket } from '../constructs/documents-bucket.js';
import { functionEnvironment, grantResources, type ServiceResources } from '../constructs/function-wiring.js';
import { JoinSupplierConsumer } from '../constructs/join-supplier-consumer.js';
import { OutboxPublisher } from '../constructs/outbox-publisher.js';
import { ServiceApi } from '../constructs/service-api.js';
import { ServiceFunction, type ServiceFunctionProps } from '../constructs/service-function.js';
import { ServiceMonitoring } from '../constructs/service-monitoring.js';
import { ServiceSecrets } from '../constructs/service-secrets.js';
import { Subscribers } from '../constructs/subscribers.js';
import type { FunctionDefinition } from '../function-definition.js';
import { apiFunctions, backgroundFunctions } from '../routes.js';

export interface DataImportStackProps extends StackProps {
  readonly config: EnvironmentConfig;
}

/** `get-account-transfer-status` → `GetAccountTransferStatus`. */
const constructIdOf = (functionId: string) =>
  functionId.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/**
 * The data-import service: the REST API with one function per route of infra/routes.ts,
 * the single table, the documents bucket, the event bus with the outbox publisher, the
 * hourly expiry of staged processes, the consumer of join-supplier outcomes, the secrets, and the
 * alarms and dashboard.
 */
export class DataImportStack extends Stack {
  /** Every function of the service by its id in infra/routes.ts. */
  readonly functions = new Map<string, ServiceFunction>();
  readonly resources: ServiceResources;
  readonly api: ServiceApi;
  readonly publisher: OutboxPublisher;
  readonly monitoring: ServiceMonitoring;
  readonly joinSupplierConsumer: JoinSupplierConsumer;

  constructor(scope: Construct, id: string, props: DataImportStackProps) {
    super(scope, id, props);
    const { config } = props;
    const table = new DataTable(this, 'Data', { config }).table;
    const buckets = new DocumentsBucket(this, 'Documents', { config });
    const documents = buckets.bucket;
    const secrets = new ServiceSecrets(this, 'Secrets', { config });
    this.resources = {
      table,
      documents,
      bulkJobs: buckets.bulkJobs,
      tokenSigningKey: secrets.tokenSigningKey,
      stripeApiKey: secrets.stripeApiKey,
    };

    const eventBus = new EventBus(this, 'EventBus', { eventBusName: `data-import-${config.name}` });
    const archive = eventBus.archive('Archive', {
      description: 'Every event the service publishes, for replay to new or recovering subscribers',
      eventPattern: { source: [EVENT_SOURCE] },
      retention: Duration.days(365),
    });
    // aws-cdk-lib writes `KmsKeyIdentifier: ""` when no key is given, which CloudFormation
    // rejects on deploy; without the property the archive uses an AWS owned key.
    (archive.node.defaultChild as CfnArchive).addPropertyDeletionOverride('KmsKeyIdentifier');

    const authorizer = this.addFunction(backgroundFunctions.authorizer, config);
    const routes = apiFunctions.map((definition) => ({
      definition,
      function: this.addFunction(definition, config),
    }));
    this.api = new ServiceApi(this, 'Api', { config, authorizer, routes });

    this.publisher = new OutboxPublisher(this, 'Outbox', { config, table, eventBus });
    this.functions.set(backgroundFunctions.publisher.id, this.publisher.function);

    const expiry = this.addFunction(backgroundFunctions.expiry, config, {
      memorySize: 512,
    });
    const expiryDeadLetters = deadLetterQueue(
      this,
      'ExpiryDeadLetterQueue',
      'the hourly expiry schedule’s target',
    );
    new Rule(this, 'ExpirySchedule', {
      description: 'Cancels staged import processes left unprocessed past their expiry window',
      schedule: Schedule.rate(Duration.hours(1)),
      targets: [new LambdaFunction(expiry, { retryAttempts: 2, deadLetterQueue: expiryDeadLetters })],
    });

    // Before the monitoring: their functions are among those the monitoring alarms on.
    this.joinSupplierConsumer = new JoinSupplierConsumer(this, 'JoinSupplierOutcomes', {
      eventBus,
      consumer: this.addFunction(backgroundFunctions.lifecycleUpdates, config),
    });
    const accountTasks = new AccountTaskEngine(this, 'AccountTasks', {
      config,
      resources: this.resources,
      functions: this.functions,
    });
    const bulkJobs = new BulkJobEngine(this, 'BulkJobs', {
      config,
      resources: this.resources,
      functions: this.functions,
    });

    this.monitoring = new ServiceMonitoring(this, 'Monitoring', {
      config,
      api: this.api.api,
      apiAccessLogs: this.api.accessLogs,
      functions: this.functions,
      publisher: this.publisher.function,
      deadLetterQueues: {
        OutboxPublisher: this.publisher.deadLetterQueue,
        ExpirySchedule: expiryDeadLetters,
        BulkJobLines: bulkJobs.deadLetterQueue,
        BulkJobReader: bulkJobs.readerDeadLetterQueue,
      },
      paymentFunctions: [...this.functions.values()].filter((fn) => fn.definition.readsVendorCredentials),
    });

    // The worker's errors and throttles are alarmed with every other function's above.
    accountTasks.deadLetterAlarm.addAlarmAction(new SnsAction(this.monitoring.topic));

    new Subscribers(this, 'Subscribers', {
      subscribers: config.subscribers,
      source: `environment ${config.name}`,
      eventBus,
      archive,
      alarmAction: new SnsAction(this.monitoring.topic),
    });

    this.joinSupplierConsumer.deadLetterAlarm.addAlarmAction(new SnsAction(this.monitoring.topic));

    new CfnOutput(this, 'ApiUrl', { value: this.api.api.url, description: 'Base URL: DATA_IMPORT_URL' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'OrganisationUsagePlanId', {
      value: this.api.organisationUsagePlan.usagePlanId,
      description: 'The usage plan of every organisation’s API key (the operator CLI associates them)',
    });
    new CfnOutput(this, 'BucketName', { value: documents.bucketName });
    new CfnOutput(this, 'BulkJobsBucketName', { value: buckets.bulkJobs.bucketName });
    new CfnOutput(this, 'BulkJobReaderQueueUrl', {
      value: bulkJobs.readerQueue.queueUrl,
      description: 'Where `npm run ops -- bulk-job resume` hands a job to the reader again',
    });
    new CfnOutput(this, 'EventBusName', { value: eventBus.eventBusName });
  }

  private addFunction(
    definition: FunctionDefinition,
    config: EnvironmentConfig,
    overrides: Pick<ServiceFunctionProps, 'memorySize'> = {},
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
