import { queueConsumer } from '../adapters/aws/queue-consumer.js';
import { readTaskMessage } from '../rules/account-task/engine.js';
import { runAccountTask } from '../use-cases/run-account-task.js';

/**
 * The v2 worker: consumes the task queue (SQS event source, at most
 * `accountCreationConcurrency` invocations at once). Each message names one task; a message
 * whose task must be tried again is reported in `batchItemFailures`, so SQS delivers only that
 * one again after its visibility timeout. A message that is not a task message is logged and
 * dropped (retrying cannot fix it).
 */
export const handler = queueConsumer({
  read: readTaskMessage,
  notAMessage: 'Dropped a message that names no task',
  handle: (message) => runAccountTask(message, new Date()),
  failed: 'Account task failed; the queue delivers it again',
});
