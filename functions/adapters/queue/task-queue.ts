import type { TaskMessage } from '../../rules/account-task/engine.js';
import { queueOf, sendMessages } from './sqs-sender.js';

/** Hands due tasks to the engine's queue (the worker function consumes it). */
export interface TaskQueue {
  /** Sends every message; throws when any could not be sent (the sweep hands it out again). */
  send(messages: readonly TaskMessage[]): Promise<void>;
}

const TASK_QUEUE = queueOf('task queue', 'DATA_IMPORT_TASK_QUEUE_URL');

export const sqsTaskQueue: TaskQueue = {
  send: (messages) => sendMessages(TASK_QUEUE, messages),
};
