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
 * The URLs a function may sign. A presigned URL lets its holder send the one request it names
 * with the signer's permission, so a function signs only the requests its role allows (its entry
 * in infra/routes.ts lists them): each caller passes the signers it has the grants of.
 */
export interface UrlSigners {
  upload?: typeof signUploadUrl;
  results?: typeof signResultsUrl;
}

/** The PUT of the job's input, signed as of the job's creation: valid one hour from then whenever shown. */
export function signUploadUrl(job: StoredBulkJob): Promise<string> {
  return presignedUrl('PUT', inputKey(job.job_id), new Date(job.created_at_ms), URL_VALIDITY_SECONDS);
}

/** The GET of the job's results, signed at each read: valid one hour from the read. */
export function signResultsUrl(job: StoredBulkJob, now: Date): Promise<string> {
  return presignedUrl('GET', resultsKey(job.job_id), now, URL_VALIDITY_SECONDS);
}

/** Every URL a job object may show: for the functions that show any job. */
export const allUrlSigners: UrlSigners = { upload: signUploadUrl, results: signResultsUrl };

/** The job as the API shows it: the upload URL while OPEN, the results URL once written. */
export async function bulkJobView(
  job: StoredBulkJob,
  counts: LineCounts,
  now: Date,
  signers: UrlSigners,
): Promise<BulkJobObject> {
  const created = new Date(job.created_at_ms);
  const upload =
    job.state === 'OPEN' && signers.upload
      ? {
          url: await signers.upload(job),
          expires_at: isoDateTime(new Date(created.getTime() + URL_VALIDITY_SECONDS * 1000)),
        }
      : undefined;
  const results = job.results_written && signers.results ? await signers.results(job, now) : undefined;
  return jobObject(job, counts, { ...(upload ? { upload } : {}), ...(results ? { results } : {}) });
}
