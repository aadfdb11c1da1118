import { MAX_RECEIVE_COUNT, VISIBILITY_TIMEOUT_SECONDS } from '../../functions/rules/account-task/engine.js';
import * as bulkJobEngine from '../../functions/rules/bulk-jobs/engine.js';
import { startFauxqs } from './fauxqs.js';

export interface LocalQueue {
  queueUrl: string;
  queueArn: string;
  deadLetterQueueUrl: string;
}

export interface LocalTaskQueue {
  /** Variables the functions and the operator CLI need (set before any handler loads). */
  env: {
    AWS_ENDPOINT_URL_SQS: string;
    DATA_IMPORT_TASK_QUEUE_URL: string;
    DATA_IMPORT_BULK_QUEUE_URL: string;
    DATA_IMPORT_BULK_READER_QUEUE_URL: string;
  };
  queueUrl: string;
  queueArn: string;
  deadLetterQueueUrl: string;
  /** The bulk jobs queues (reader, lines) with their dead-letter queues. */
  bulkJobReader: LocalQueue;
  bulkJobLines: LocalQueue;
  /** Creates another queue on the same endpoint (tests use their own). */
  createQueue(name: string, attributes?: Record<string, string>): { queueUrl: string; queueArn: string };
  stop(): Promise<void>;
}

/**
 * The local SQS: fauxqs (an SQS emulator with visibility timeouts and redrive policies) in
 * this process, with the v2 task queue, the bulk jobs lines queue and their dead-letter queues
 * configured as the stack configures them (visibility timeout, maximum receive count).
 */
export async function startSqsLocal(options: { port: number; region: string }): Promise<LocalTaskQueue> {
  const server = await startFauxqs({
    port: options.port,
    logger: false,
    host: 'localhost',
    defaultRegion: options.region,
  });
  const endpoint = `http://127.0.0.1:${server.port}`;
  const createQueue = (name: string, attributes: Record<string, string> = {}) => {
    const queue = server.createQueue(name, { region: options.region, attributes });
    return { queueUrl: queue.queueUrl, queueArn: queue.queueArn };
  };
  const deadLetter = createQueue('data-import-account-tasks-dlq-local', {
    MessageRetentionPeriod: String(14 * 86_400),
  });
  const queue = createQueue('data-import-account-tasks-local', {
    VisibilityTimeout: String(VISIBILITY_TIMEOUT_SECONDS),
    RedrivePolicy: JSON.stringify({
      deadLetterTargetArn: deadLetter.queueArn,
      maxReceiveCount: MAX_RECEIVE_COUNT,
    }),
  });
  /** A bulk jobs queue as the stack configures it: 14 days, its visibility timeout, its dead letters. */
  const bulkJobQueue = (name: string, visibilitySeconds: number): LocalQueue => {
    const deadLetters = createQueue(`data-import-bulk-job-${name}-dlq-local`, {
      MessageRetentionPeriod: String(14 * 86_400),
    });
    const queue = createQueue(`data-import-bulk-job-${name}-local`, {
      VisibilityTimeout: String(visibilitySeconds),
      MessageRetentionPeriod: String(14 * 86_400),
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: deadLetters.queueArn,
        maxReceiveCount: bulkJobEngine.MAX_RECEIVE_COUNT,
      }),
    });
    return { ...queue, deadLetterQueueUrl: deadLetters.queueUrl };
  };
  const reader = bulkJobQueue('reader', bulkJobEngine.READER_VISIBILITY_TIMEOUT_SECONDS);
  const lines = bulkJobQueue('lines', bulkJobEngine.VISIBILITY_TIMEOUT_SECONDS);
  return {
    env: {
      AWS_ENDPOINT_URL_SQS: endpoint,
      DATA_IMPORT_TASK_QUEUE_URL: queue.queueUrl,
      DATA_IMPORT_BULK_QUEUE_URL: lines.queueUrl,
      DATA_IMPORT_BULK_READER_QUEUE_URL: reader.queueUrl,
    },
    queueUrl: queue.queueUrl,
    queueArn: queue.queueArn,
    deadLetterQueueUrl: deadLetter.queueUrl,
    bulkJobReader: reader,
    bulkJobLines: lines,
    createQueue,
    stop: () => server.stop(),
  };
}
