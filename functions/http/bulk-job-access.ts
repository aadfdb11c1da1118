import { isPossibleJobId, jobNotFound } from '../rules/bulk-jobs/bulk-job.js';
import { getBulkJob, type StoredBulkJob } from '../store/bulk-job-store.js';
import type { ResourceRule } from './api-handler.js';

/**
 * The bulk job the path names (`{job_id}`), for the caller's organisation only: a job of another
 * organisation is answered as one that does not exist (404 `bulk_job_does_not_exist`), so job
 * ids reveal nothing across organisations.
 */
export const bulkJobFromPath: ResourceRule<StoredBulkJob> = {
  async find({ auth, path }) {
    const id = path.job_id ?? '';
    const job = isPossibleJobId(id) ? await getBulkJob(id) : undefined;
    if (!job || job.organisation !== auth.organisation) throw jobNotFound();
    return job;
  },
};
