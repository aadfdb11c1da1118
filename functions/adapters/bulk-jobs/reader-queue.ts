import { requireEnv } from '../../config.js';
import type { ReadMessage } from '../../rules/bulk-jobs/engine.js';
import { sendJsonMessages } from './queue-send.js';

/** The bulk jobs reader queue (`read` messages): the reader function consumes it. */
const QUEUE_URL = requireEnv('DATA_IMPORT_BULK_READER_QUEUE_URL');

/** Hands a job to the reader (after `delaySeconds`, when given). */
export function sendReadMessage(message: ReadMessage, delaySeconds = 0): Promise<void> {
  return sendJsonMessages(QUEUE_URL, [message], delaySeconds);
}
