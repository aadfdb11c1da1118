import { inputKey, presignedUrl, resultsKey } from '../../adapters/bulk-jobs/job-objects.js';
import {
  type BulkJobObject,
  jobObject,
  type LineCounts,
  URL_VALIDITY_SECONDS,
} from '../../rules/bulk-jobs/bulk-job.js';
import { isoDateTime } from '../../rules/values/dates.js';
import type { StoredBulkJob } from '../../store/bulk-job-store.js';

/**
 * The job as the API shows it. The upload URL (while OPEN) is signed as of the job's creation,
 * so it is valid for one hour from then whenever it is shown; the results URL is signed at each
 * read, valid for one hour from the read.
 */
export async function bulkJobView(job: StoredBulkJob, counts: LineCounts, now: Date): Promise<BulkJobObject> {
  const created = new Date(job.created_at_ms);
  const upload =
    job.state === 'OPEN'
      ? {
          url: await presignedUrl('PUT', inputKey(job.job_id), created, URL_VALIDITY_SECONDS),
          expires_at: isoDateTime(new Date(created.getTime() + URL_VALIDITY_SECONDS * 1000)),
        }
      : undefined;
  const results = job.results_written
    ? await presignedUrl('GET', resultsKey(job.job_id), now, URL_VALIDITY_SECONDS)
    : undefined;
  return jobObject(job, counts, { ...(upload ? { upload } : {}), ...(results ? { results } : {}) });
}
