import { requireEnv } from '../../config.js';
import type { BulkJobMessage } from '../../rules/bulk-jobs/engine.js';
import { sendJsonMessages } from './queue-send.js';

/** The bulk jobs lines queue (chunks of lines, and `finish`): the worker function consumes it. */
const QUEUE_URL = requireEnv('DATA_IMPORT_BULK_QUEUE_URL');

export function sendBulkJobMessages(messages: readonly BulkJobMessage[], delaySeconds = 0): Promise<void> {
  return sendJsonMessages(QUEUE_URL, messages, delaySeconds);
}
