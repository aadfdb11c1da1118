import type { ReadMessage } from '../../rules/bulk-jobs/engine.js';
import { queueOf, sendMessage } from './sqs-sender.js';

/** The bulk jobs reader queue (`read` messages): the reader function consumes it. */
const READER_QUEUE = queueOf('bulk jobs queue', 'DATA_IMPORT_BULK_READER_QUEUE_URL');

/** Hands a job to the reader (after `delaySeconds`, when given). */
export function sendReadMessage(message: ReadMessage, delaySeconds = 0): Promise<void> {
  return sendMessage(READER_QUEUE, message, delaySeconds);
}
