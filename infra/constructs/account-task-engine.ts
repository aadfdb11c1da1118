import { Duration } from 'aws-cdk-lib';
import type { Alarm, IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  MAX_RECEIVE_COUNT,
  SWEEP_RATE_MINUTES,
  VISIBILITY_TIMEOUT_SECONDS,
  WORKER_BATCH_SIZE,
} from '../../functions/rules/account-task/engine.js';
import type { EnvironmentConfig } from '../config/environments.js';
import type { FunctionDefinition } from '../function-definition.js';
import { backgroundFunctions } from '../routes.js';
import { deadLetterAlarm, deadLetterQueue } from './dead-letter-queue.js';
import { functionEnvironment, grantResources, type ServiceResources } from './function-wiring.js';
import { addQueueEventSource, grantSendMessage } from './queue-grants.js';
import { ServiceFunction } from './service-function.js';

/** Stream records per hand-over invocation (the queue takes them ten to a SendMessageBatch). */
const HAND_OVER_BATCH_SIZE = 50;

/** SQS event sources accept a maximum concurrency from 2 to 1000. */
export function checkedConcurrency(value: number, setting = 'accountCreationConcurrency'): number {
  if (!Number.isInteger(value) || value < 2 || value > 1000) {
    throw new Error(`${setting} must be an integer from 2 to 1000, got ${value}`);
  }
  return value;
}

export interface AccountTaskEngineProps {
  readonly config: EnvironmentConfig;
  readonly resources: ServiceResources;
  /** The stack's functions by id: those that send tasks get the queue; the engine's own are added. */
  readonly functions: Map<string, ServiceFunction>;
  /** Where the engine's alarms notify (the environment's alarm topic), when the stack has one. */
  readonly alarmAction?: IAlarmAction;
}

/**
 * The managed engine of v2 account tasks: tasks live in the table; due ones are handed to an
 * encrypted SQS queue whose worker function runs at most `accountCreationConcurrency` at once
 * (event source maximum concurrency) and reports partial batch failures; messages that keep
 * failing go to a dead-letter queue with an alarm. A task written with its window started is
 * handed over from the table stream at once (the hand-over function, the stream's second
 * consumer beside the outbox publisher); a sweep every minute hands over tasks whose window
 * starts later or that the hand-over missed, hands abandoned ones again and cancels tasks whose
 * window ended.
 */
export class AccountTaskEngine extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: ServiceFunction;
  readonly sweep: ServiceFunction;
  readonly handOver: ServiceFunction;
  readonly deadLetterAlarm: Alarm;

  constructor(scope: Construct, id: string, props: AccountTaskEngineProps) {
    super(scope, id);
    const { config, resources, functions } = props;
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetterQueue', 'the account task queue');
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(VISIBILITY_TIMEOUT_SECONDS),
      // Longer than the longest window (4 days): a queued task is never dropped before it ends.
      retentionPeriod: Duration.days(5),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });

    const add = (id: string, definition: FunctionDefinition, otherWildcardResources?: string) => {
      const fn = new ServiceFunction(this, id, {
        definition,
        config,
        environment: functionEnvironment(definition, resources, config),
        memorySize: 1024,
        ...(otherWildcardResources ? { otherWildcardResources } : {}),
      });
      grantResources(fn, definition, resources);
      functions.set(definition.id, fn);
      return fn;
    };
    this.worker = add('Worker', backgroundFunctions.taskWorker);
    addQueueEventSource(this.worker, this.queue, {
      batchSize: WORKER_BATCH_SIZE,
      reportBatchItemFailures: true,
      maxConcurrency: checkedConcurrency(config.accountCreationConcurrency),
    });
    this.sweep = add('Sweep', backgroundFunctions.taskSweep);
    new Rule(this, 'SweepSchedule', {
      description: 'Hands due v2 account tasks to the queue and cancels tasks whose window ended',
      schedule: Schedule.rate(Duration.minutes(SWEEP_RATE_MINUTES)),
      targets: [new LambdaFunction(this.sweep, { retryAttempts: 0 })],
    });

    this.handOver = add(
      'HandOver',
      backgroundFunctions.taskHandOver,
      'The stream event source needs dynamodb:ListStreams, which supports no resource-level permissions.',
    );
    this.handOver.addEventSource(
      new DynamoEventSource(resources.table, {
        // Tasks written before the function existed are the sweep's.
        startingPosition: StartingPosition.LATEST,
        batchSize: HAND_OVER_BATCH_SIZE,
        bisectBatchOnError: true,
        // A record given up on leaves its task due: the sweep hands it over within a minute.
        retryAttempts: 2,
        maxRecordAge: Duration.hours(1),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: {
              NewImage: {
                entity: { S: FilterRule.isEqual('AccountTask') },
                status: { S: FilterRule.isEqual('PENDING') },
                // Exists matches leaf nodes only: the attribute's type key, in the stream's DynamoDB JSON.
                queued_at: { S: FilterRule.notExists() },
              },
            },
          }),
        ],
      }),
    );

    for (const fn of functions.values()) {
      if (!fn.definition.sendsTasks) continue;
      fn.addEnvironment('DATA_IMPORT_TASK_QUEUE_URL', this.queue.queueUrl);
      grantSendMessage(this.queue, fn);
    }

    this.deadLetterAlarm = deadLetterAlarm(this, this.deadLetterQueue, {
      description:
        'v2 account task messages failed every delivery. Their tasks stay IN_PROGRESS or PENDING and the sweep ' +
        'retries them until their window ends; inspect the worker logs for the cause.',
    });
    if (props.alarmAction) {
      this.deadLetterAlarm.addAlarmAction(props.alarmAction);
    }
  }
}
