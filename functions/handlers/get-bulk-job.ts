import { apiHandler } from '../http/api-handler.js';
import { bulkJobFromPath } from '../http/bulk-job-access.js';
import { allUrlSigners } from '../use-cases/bulk-jobs/bulk-job-view.js';
import { bulkJobStatus } from '../use-cases/bulk-jobs/manage-bulk-jobs.js';

/**
 * `GET /v2/data-import/bulk-jobs/{job_id}/` → 200 the job object: its state and line counts,
 * and once no line is in flight a fresh presigned `results_url` (valid one hour).
 */
export const handler = apiHandler(
  {
    resource: bulkJobFromPath,
    supplier: { from: 'resource', whenUnknown: 'validation_error', requireOngoing: false },
  },
  async ({ resource }) => ({
    statusCode: 200,
    body: await bulkJobStatus(resource, new Date(), allUrlSigners),
  }),
);
