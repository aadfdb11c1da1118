import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { OUTBOX_PK_PREFIX } from '../../functions/store/keys.js';
import type { EnvironmentConfig } from '../config/environments.js';
import { backgroundFunctions } from '../routes.js';
import { deadLetterQueue } from './dead-letter-queue.js';
import { queueOnFailure } from './queue-grants.js';
import { ServiceFunction } from './service-function.js';

/** Stream records per invocation: one PutEvents call holds at most 10 entries. */
export const PUBLISHER_BATCH_SIZE = 10;
/** The publisher's memory in MB: it only forwards small batches to EventBridge. */
export const PUBLISHER_MEMORY_MB = 512;
/** Lambda retries a failing batch this often (halving it each time) before the dead-letter queue. */
export const PUBLISHER_RETRY_ATTEMPTS = 10;

/**
 * The transactional outbox's delivery half: the table stream feeds the publisher, filtered
 * so that only newly inserted outbox items invoke it. Failed records are retried (the handler
 * reports partial batch failures; a failing batch is bisected); after the retries their stream
 * coordinates go to an encrypted SQS dead-letter queue, which the service's monitoring alarms on
 * as soon as it holds a message.
 */
export class OutboxPublisher extends Construct {
  readonly function: ServiceFunction;
  readonly deadLetterQueue: Queue;

  constructor(
    scope: Construct,
    id: string,
    props: { config: EnvironmentConfig; table: ITable; eventBus: IEventBus },
  ) {
    super(scope, id);
    this.deadLetterQueue = deadLetterQueue(
      this,
      'DeadLetterQueue',
      'the publisher’s stream source (its on-failure destination)',
    );

    this.function = new ServiceFunction(this, 'Function', {
      definition: backgroundFunctions.publisher,
      config: props.config,
      environment: { DATA_IMPORT_EVENT_BUS_NAME: props.eventBus.eventBusName },
      memorySize: PUBLISHER_MEMORY_MB,
      otherWildcardResources:
        'The stream event source needs dynamodb:ListStreams, which supports no resource-level permissions.',
    });
    props.eventBus.grantPutEventsTo(this.function);

    this.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: PUBLISHER_BATCH_SIZE,
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: PUBLISHER_RETRY_ATTEMPTS,
        maxRecordAge: Duration.hours(24),
        onFailure: queueOnFailure(this.deadLetterQueue),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { Keys: { pk: { S: FilterRule.beginsWith(OUTBOX_PK_PREFIX) } } },
          }),
        ],
      }),
    );
  }
}
