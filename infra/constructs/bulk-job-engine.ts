import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  MAX_RECEIVE_COUNT,
  READER_CONCURRENCY,
  READER_VISIBILITY_TIMEOUT_SECONDS,
  VISIBILITY_TIMEOUT_SECONDS,
} from '../../functions/rules/bulk-jobs/engine.js';
import type { EnvironmentConfig } from '../config/environments.js';
import type { FunctionDefinition } from '../function-definition.js';
import { backgroundFunctions } from '../routes.js';
import { checkedConcurrency } from './account-task-engine.js';
import { deadLetterQueue } from './dead-letter-queue.js';
import { functionEnvironment, grantResources, type ServiceResources } from './function-wiring.js';
import { addQueueEventSource, grantSendMessage } from './queue-grants.js';
import { ServiceFunction } from './service-function.js';

/** Memory of the reader and the worker, in MB (the bench's cost model reads it). */
export const BULK_WORKER_MEMORY_MB = 1024;

export interface BulkJobEngineProps {
  readonly config: EnvironmentConfig;
  readonly resources: ServiceResources;
  /** The stack's functions by id: those that send bulk job messages get their queues; the engine's own are added. */
  readonly functions: Map<string, ServiceFunction>;
}

/** An encrypted, TLS-only queue that dead-letters after MAX_RECEIVE_COUNT deliveries. */
function engineQueue(scope: Construct, id: string, visibilitySeconds: number, deadLetters: Queue): Queue {
  return new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(visibilitySeconds),
    retentionPeriod: Duration.days(14),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: MAX_RECEIVE_COUNT },
  });
}

/**
 * The managed engine of bulk import jobs: two encrypted SQS queues, each with its function and
 * its dead-letter queue (alarmed by the stack's monitoring). Starting a job sends it to the reader
 * queue; the reader function reads the job's input once and sends its chunks of lines to the
 * lines queue; the worker function consumes the lines queue, one message per invocation, at most
 * `bulkJobConcurrency` invocations at once, and reports failures per message.
 */
export class BulkJobEngine extends Construct {
  readonly readerQueue: Queue;
  readonly readerDeadLetterQueue: Queue;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly reader: ServiceFunction;
  readonly worker: ServiceFunction;

  constructor(scope: Construct, id: string, props: BulkJobEngineProps) {
    super(scope, id);
    const { config, resources, functions } = props;
    const concurrency = checkedConcurrency(config.bulkJobConcurrency, 'bulkJobConcurrency');
    this.readerDeadLetterQueue = deadLetterQueue(this, 'ReaderDeadLetterQueue', 'the bulk job reader queue');
    this.readerQueue = engineQueue(
      this,
      'ReaderQueue',
      READER_VISIBILITY_TIMEOUT_SECONDS,
      this.readerDeadLetterQueue,
    );
    this.deadLetterQueue = deadLetterQueue(this, 'LinesDeadLetterQueue', 'the bulk job lines queue');
    this.queue = engineQueue(this, 'LinesQueue', VISIBILITY_TIMEOUT_SECONDS, this.deadLetterQueue);

    const add = (id: string, definition: FunctionDefinition) => {
      const fn = new ServiceFunction(this, id, {
        definition,
        config,
        environment: functionEnvironment(definition, resources, config),
        memorySize: BULK_WORKER_MEMORY_MB,
      });
      grantResources(fn, definition, resources);
      functions.set(definition.id, fn);
      return fn;
    };

    this.reader = add('Reader', backgroundFunctions.bulkJobReader);
    this.reader.addEnvironment('DATA_IMPORT_BULK_JOB_CONCURRENCY', String(concurrency));
    addQueueEventSource(this.reader, this.readerQueue, {
      batchSize: 1,
      reportBatchItemFailures: true,
      maxConcurrency: READER_CONCURRENCY,
    });

    this.worker = add('Worker', backgroundFunctions.bulkJobWorker);
    addQueueEventSource(this.worker, this.queue, {
      batchSize: 1,
      reportBatchItemFailures: true,
      maxConcurrency: concurrency,
    });

    for (const fn of functions.values()) {
      if (fn.definition.sendsBulkJobLines) {
        fn.addEnvironment('DATA_IMPORT_BULK_QUEUE_URL', this.queue.queueUrl);
        grantSendMessage(this.queue, fn);
      }
      if (fn.definition.sendsBulkJobReads) {
        fn.addEnvironment('DATA_IMPORT_BULK_READER_QUEUE_URL', this.readerQueue.queueUrl);
        grantSendMessage(this.readerQueue, fn);
      }
    }
  }
}
