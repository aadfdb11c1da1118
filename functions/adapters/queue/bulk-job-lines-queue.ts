import type { BulkJobMessage } from '../../rules/bulk-jobs/engine.js';
import { queueOf, sendMessages } from './sqs-sender.js';

/** The bulk jobs lines queue (chunks of lines, and `finish`): the worker function consumes it. */
const LINES_QUEUE = queueOf('bulk jobs queue', 'DATA_IMPORT_BULK_QUEUE_URL');

export function sendBulkJobMessages(messages: readonly BulkJobMessage[], delaySeconds = 0): Promise<void> {
  return sendMessages(LINES_QUEUE, messages, delaySeconds);
}
