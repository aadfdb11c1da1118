import { describe, expect, it, vi } from 'vitest';
import { sendReadMessage } from '../../functions/adapters/queue/bulk-job-reader-queue.js';
import { readMessage } from '../../functions/rules/bulk-jobs/engine.js';
import { claimExpiresAt } from '../../functions/rules/claims/claim.js';
import { claimLine, markChunkDone, saveLineResult } from '../../functions/store/bulk-job-line-store.js';
import { claimRead, markReadDone } from '../../functions/store/bulk-job-read-claim-store.js';
import { getBulkJob } from '../../functions/store/bulk-job-store.js';
import { failedLineResult, startedJob } from './started-job.js';

/**
 * A reader that dies after its last write: the read message comes back (the queue delivers it
 * again after its visibility timeout) to the shared runtime's reader, with the table left as
 * the dead reader and the workers left it.
 */
const failedLine = failedLineResult(1, 'REDELIVERY-1');

describe('a read message delivered again after its reader died finishes a job nothing else would finish', () => {
  it('every chunk counted before the read was noted done, the reader dead just after: the job completes', async () => {
    // Prepare: the worker counted the job's one chunk while its read was not done yet (so it
    // sent no finish message); then the reader noted the read done and died before looking
    // whether the job was complete.
    const jobId = await startedJob('read-redelivery-test');
    const expiry = claimExpiresAt(Date.now() + 60_000, 0);
    const worker = { holder: 'worker-a', expiresAt: expiry, now: new Date(), whileJobRuns: true };
    expect(await claimLine(jobId, 0, 1, worker)).toEqual({ outcome: 'claimed' });
    expect(await saveLineResult(jobId, 0, failedLine, 'worker-a', Date.now())).toBe(true);
    const counts = { imported: 0, partial: 0, failed: 1, not_processed: 0 };
    expect(await markChunkDone(jobId, 0, counts, [], Date.now())).toBe(true);
    expect(await claimRead(jobId, 'reader-a', expiry, new Date(), false)).toMatchObject({ job_id: jobId });
    expect(await markReadDone(jobId, 'reader-a', { lines: 1, chunks: 1 })).toBeDefined();

    // Act: the queue delivers the dead reader's message again
    await sendReadMessage(readMessage(jobId, 'continue'));

    // Assess
    await vi.waitFor(
      async () =>
        expect(await getBulkJob(jobId)).toMatchObject({
          state: 'COMPLETE',
          results_written: true,
          lines_total: 1,
          final_counts: counts,
        }),
      { timeout: 20_000, interval: 250 },
    );
  });
});
