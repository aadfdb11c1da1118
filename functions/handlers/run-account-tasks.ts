import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { backgroundHandler } from '../adapters/aws/background-handler.js';
import { logger } from '../logger.js';
import { isTaskMessage } from '../rules/account-task/engine.js';
import { runAccountTask } from '../use-cases/run-account-task.js';

/**
 * The v2 worker: consumes the task queue (SQS event source, at most
 * `accountCreationConcurrency` invocations at once). Each message names one task; a message
 * whose task must be tried again is reported in `batchItemFailures`, so SQS delivers only that
 * one again after its visibility timeout. A message that is not a task message is logged and
 * dropped (retrying cannot fix it).
 */
export const handler = backgroundHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let message: unknown;
    try {
      message = JSON.parse(record.body);
    } catch {
      message = undefined;
    }
    if (!isTaskMessage(message)) {
      logger.error('Dropped a message that names no task', { messageId: record.messageId });
      continue;
    }
    try {
      if ((await runAccountTask(message, new Date())) === 'retry') {
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    } catch (error) {
      logger.warn('Account task failed; the queue delivers it again', { error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
});
