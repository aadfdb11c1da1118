import { objectIdentity } from '../../adapters/bulk-jobs/job-objects.js';
import { sendReadMessage } from '../../adapters/queue/bulk-job-reader-queue.js';
import {
  type BulkJobObject,
  isPlainEncoding,
  noLines,
  notOpen,
  requireOpen,
  uploadEncoded,
  uploadMissing,
} from '../../rules/bulk-jobs/bulk-job.js';
import { readMessage } from '../../rules/bulk-jobs/engine.js';
import { isoDateTime } from '../../rules/values/dates.js';
import { markStarted, type StoredBulkJob } from '../../store/bulk-job-store.js';
import { bulkJobView } from './bulk-job-view.js';

/**
 * OPEN → IN_PROGRESS once the input is uploaded (400 `bulk_job_upload_missing` before; 400
 * `bulk_job_upload_encoded` for an upload stored with a `Content-Encoding`). The input is fixed
 * here: its ETag is recorded, and every later read of it is conditioned on that ETag. The job
 * goes to the reader queue first, then the state changes: a start that dies in between leaves the
 * job OPEN (the reader drops a message whose job never started), and a started job always has its
 * reader. A second start's message (a race lost with 409) reads nothing twice: one reader holds a
 * job's read at a time, and a read is done once.
 */
export async function startBulkJob(job: StoredBulkJob, now: Date): Promise<BulkJobObject> {
  requireOpen(job);
  const input = await objectIdentity(job.input_key);
  if (input === undefined) throw uploadMissing();
  if (!isPlainEncoding(input.contentEncoding)) throw uploadEncoded(input.contentEncoding as string);
  await sendReadMessage(readMessage(job.job_id, 'continue'));
  const started = await markStarted(job.job_id, now, isoDateTime(now), input.etag);
  if (!started) throw notOpen();
  // IN_PROGRESS: no URL to show.
  return bulkJobView(started, noLines(), now, {});
}
