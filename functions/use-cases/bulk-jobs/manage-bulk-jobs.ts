import { randomUUID } from 'node:crypto';
import { inputKey } from '../../adapters/bulk-jobs/job-objects.js';
import {
  type BulkJob,
  type BulkJobObject,
  jobNotFound,
  noLines,
  requireAbortable,
} from '../../rules/bulk-jobs/bulk-job.js';
import { isoDateTime } from '../../rules/values/dates.js';
import { listBulkJobs, listPosition } from '../../store/bulk-job-list-store.js';
import {
  getBulkJob,
  getBulkJobProgress,
  markAborted,
  putNewBulkJob,
  type StoredBulkJob,
} from '../../store/bulk-job-store.js';
import {
  allUrlSigners,
  bulkJobView,
  signResultsUrl,
  signUploadUrl,
  type UrlSigners,
} from './bulk-job-view.js';

/** A new OPEN job, with the presigned URL its input is uploaded to. */
export async function createBulkJob(request: {
  organisation: string;
  supplier: string;
  dryRun: boolean;
  now: Date;
}): Promise<BulkJobObject> {
  const jobId = randomUUID();
  const job: BulkJob & { input_key: string } = {
    job_id: jobId,
    organisation: request.organisation,
    import_supplier: request.supplier,
    state: 'OPEN',
    dry_run: request.dryRun,
    created_at: isoDateTime(request.now),
    created_at_ms: request.now.toISOString(),
    started_at: null,
    finished_at: null,
    lines_total: null,
    results_written: false,
    error: null,
    input_key: inputKey(jobId),
  };
  await putNewBulkJob(job);
  return bulkJobView(
    {
      ...job,
      input_etag: null,
      chunk_bytes: null,
      read: null,
      read_done: false,
      chunks_total: null,
      reader_holder: null,
      reader_expires_at: null,
      final_counts: null,
    },
    noLines(),
    request.now,
    { upload: signUploadUrl },
  );
}

/**
 * OPEN or IN_PROGRESS → ABORTED: no new line starts, lines in flight finish, and the job is
 * finished once none is left (an OPEN job at once). 409 `bulk_job_finished` for a finished job.
 */
export async function abortBulkJob(job: StoredBulkJob, now: Date): Promise<BulkJobObject> {
  let current = job;
  for (;;) {
    requireAbortable(current);
    if (await markAborted(current.job_id, current.state as 'OPEN' | 'IN_PROGRESS', isoDateTime(now))) break;
    // It moved meanwhile (a start, or the end of its last line): look again.
    const latest = await getBulkJob(current.job_id);
    if (!latest) throw jobNotFound();
    current = latest;
  }
  // An aborted job is never OPEN again; its results may be written by the time it is read.
  return bulkJobStatus(current, now, { results: signResultsUrl });
}

/** The job with its line counts so far, showing the URLs `signers` sign. */
export async function bulkJobStatus(
  job: StoredBulkJob,
  now: Date,
  signers: UrlSigners,
): Promise<BulkJobObject> {
  const progress = await getBulkJobProgress(job.job_id);
  return bulkJobView(progress?.job ?? job, progress?.counts ?? noLines(), now, signers);
}

/** One page of the organisation's jobs for a supplier, newest first. */
export async function bulkJobPage(
  request: { supplier: string; organisation: string; now: Date },
  page: { pageSize: number; before?: string },
): Promise<{ jobs: BulkJobObject[]; nextBefore?: string }> {
  const { jobs, more } = await listBulkJobs(request.supplier, request.organisation, {
    limit: page.pageSize,
    ...(page.before !== undefined ? { before: page.before } : {}),
  });
  const views = await Promise.all(
    jobs.map(async (job) => {
      if (job.final_counts || job.state === 'OPEN')
        return bulkJobView(job, job.final_counts ?? noLines(), request.now, allUrlSigners);
      return bulkJobStatus(job, request.now, allUrlSigners);
    }),
  );
  const last = jobs.at(-1);
  return { jobs: views, ...(more && last ? { nextBefore: listPosition(last) } : {}) };
}
