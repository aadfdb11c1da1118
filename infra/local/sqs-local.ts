import { startFauxqs } from 'fauxqs';
import { MAX_RECEIVE_COUNT, VISIBILITY_TIMEOUT_SECONDS } from '../../functions/rules/account-task/engine.js';

export interface LocalTaskQueue {
  /** Variables the functions and the operator CLI need (set before any handler loads). */
  env: { AWS_ENDPOINT_URL_SQS: string; DATA_IMPORT_TASK_QUEUE_URL: string };
  queueUrl: string;
  queueArn: string;
  deadLetterQueueUrl: string;
  /** Creates another queue on the same endpoint (tests use their own). */
  createQueue(name: string, attributes?: Record<string, string>): { queueUrl: string; queueArn: string };
  stop(): Promise<void>;
}

/**
 * The local SQS: fauxqs (an SQS emulator with visibility timeouts and redrive policies) in
 * this process, with the v2 task queue and its dead-letter queue configured as the stack
 * configures them (visibility timeout, maximum receive count).
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
  return {
    env: { AWS_ENDPOINT_URL_SQS: endpoint, DATA_IMPORT_TASK_QUEUE_URL: queue.queueUrl },
    queueUrl: queue.queueUrl,
    queueArn: queue.queueArn,
    deadLetterQueueUrl: deadLetter.queueUrl,
    createQueue,
    stop: () => server.stop(),
  };
}
