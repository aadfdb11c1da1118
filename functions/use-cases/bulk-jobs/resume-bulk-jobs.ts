import { sendReadMessage } from '../../adapters/queue/bulk-job-reader-queue.js';
import { readMessage } from '../../rules/bulk-jobs/engine.js';
import { unfinishedBulkJobIds } from '../../store/bulk-job-list-store.js';

/**
 * Hands a started, unfinished job to the reader again to read its input once more and send every
 * chunk not counted yet (chunks in flight are sent twice: a chunk runs each line once and is
 * counted once whatever its deliveries). What brings a job whose messages a queue lost to its end:
 * a message an operator took from a dead-letter queue, a local queue killed with the runtime.
 */
export async function resumeBulkJob(jobId: string): Promise<void> {
  await sendReadMessage(readMessage(jobId, 'resend'));
}

/** Every job started and not finished, handed to the reader again; how many. */
export async function resumeUnfinishedBulkJobs(): Promise<number> {
  const ids = await unfinishedBulkJobIds();
  for (const id of ids) await resumeBulkJob(id);
  return ids.length;
}
