import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { requireEnv } from '../../config.js';
import type { TaskMessage } from '../../rules/account-task/engine.js';
import { messageBody } from './task-message-body.js';

/** Hands due tasks to the engine's queue (the worker function consumes it). */
export interface TaskQueue {
  /** Sends every message; throws when any could not be sent (the sweep hands it out again). */
  send(messages: readonly TaskMessage[]): Promise<void>;
}

const QUEUE_URL = requireEnv('DATA_IMPORT_TASK_QUEUE_URL');
// Requests go to the configured endpoint (AWS_ENDPOINT_URL_SQS locally), not to the queue URL's host.
const sqs = new SQSClient({ maxAttempts: 4, useQueueUrlAsEndpoint: false });

/** SendMessageBatch holds at most 10 entries. */
const BATCH = 10;

export const sqsTaskQueue: TaskQueue = {
  async send(messages) {
    for (let offset = 0; offset < messages.length; offset += BATCH) {
      const chunk = messages.slice(offset, offset + BATCH);
      const result = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: QUEUE_URL,
          Entries: chunk.map((message, index) => ({
            Id: String(index),
            MessageBody: messageBody(message),
          })),
        }),
      );
      if ((result.Failed ?? []).length > 0) {
        throw new Error(`The task queue refused ${result.Failed?.length} message(s)`);
      }
    }
  },
};
