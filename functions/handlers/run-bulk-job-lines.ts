import { queueConsumer } from '../adapters/aws/queue-consumer.js';
import { chunkOf, readBulkJobMessage } from '../rules/bulk-jobs/engine.js';
import { finishBulkJob } from '../use-cases/bulk-jobs/finish-bulk-job.js';
import type { StepHandlers } from '../use-cases/bulk-jobs/in-process-steps.js';
import { runBulkJobChunk } from '../use-cases/bulk-jobs/run-bulk-job-chunk.js';
import { handler as process } from './process-account.js';
import { handler as stage } from './stage-account.js';
import { handler as validate } from './validate-account.js';

/** Each step of a line runs in the handler of the route the ETL CLI would call. */
const steps: StepHandlers = { validate, stage, process };

/**
 * The bulk jobs worker: consumes the lines queue (SQS event source, at most `bulkJobConcurrency`
 * invocations at once, one message each). A `lines` message runs its chunk; a `finish` message
 * writes the job's results and finishes it. A message that throws is reported in
 * `batchItemFailures`, so SQS delivers it again after its visibility timeout (and to the
 * dead-letter queue after the last delivery); a message that is not the engine's is logged and
 * dropped (retrying cannot fix it).
 */
export const handler = queueConsumer({
  read: readBulkJobMessage,
  notAMessage: 'Dropped a message that is not a bulk job message',
  handle: async (message, invocation) => {
    if (message.kind === 'finish') await finishBulkJob(message.job_id, new Date());
    else await runBulkJobChunk(message.job_id, chunkOf(message), steps, invocation);
  },
  failed: 'Bulk job message failed; the queue delivers it again',
  logKeys: (message) => ({ job_id: message.job_id }),
});
