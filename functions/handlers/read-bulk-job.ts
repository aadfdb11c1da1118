import { queueConsumer } from '../adapters/aws/queue-consumer.js';
import { sendReadMessage } from '../adapters/queue/bulk-job-reader-queue.js';
import { logger } from '../logger.js';
import {
  MAX_DELAY_SECONDS,
  type ReadMessage,
  readMessage,
  readReadMessage,
  START_WAIT_SECONDS,
  START_WAITS,
} from '../rules/bulk-jobs/engine.js';
import { retryAfterSeconds } from '../rules/claims/claim.js';
import { type ReadOutcome, readBulkJob } from '../use-cases/bulk-jobs/read-bulk-job.js';

/** What to send the reader queue after an outcome, if anything (and after how long). */
function next(message: ReadMessage, outcome: ReadOutcome, now: Date): [ReadMessage, number] | undefined {
  if (outcome === 'stopped') return [message, 0];
  if (outcome === 'not-started') {
    return message.waits < START_WAITS
      ? [readMessage(message.job_id, message.mode, message.waits + 1), START_WAIT_SECONDS]
      : undefined;
  }
  if (typeof outcome === 'object') {
    return [message, Math.min(MAX_DELAY_SECONDS, retryAfterSeconds(outcome.held, now))];
  }
  return undefined;
}

/**
 * The bulk jobs reader: consumes the reader queue (SQS event source, one message per invocation).
 * A `read` message reads its job's input once and sends its lines to the lines queue. A reader that
 * runs out of time hands its job to the queue again (the next goes on where it stopped); a job
 * whose read another reader holds comes back when that reader's claim ends; a job not started yet
 * is looked at again a few times, then dropped (its start died before its write). A message that
 * throws comes back after its visibility timeout (and goes to the dead-letter queue after the last
 * delivery).
 */
export const handler = queueConsumer({
  read: readReadMessage,
  notAMessage: 'Dropped a message that is not a read message',
  handle: async (message, invocation) => {
    const outcome = await readBulkJob(message.job_id, message.mode, invocation);
    const then = next(message, outcome, new Date());
    if (then) await sendReadMessage(...then);
    else if (outcome === 'not-started')
      logger.warn('Dropped the read of a job that never started', { job_id: message.job_id });
    logger.debug('Bulk job reader', { job_id: message.job_id, mode: message.mode, outcome });
  },
  failed: 'Bulk job read failed; the queue delivers it again',
  logKeys: (message) => ({ job_id: message.job_id }),
});
