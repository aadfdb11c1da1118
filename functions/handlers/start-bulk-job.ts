import { apiHandler } from '../http/api-handler.js';
import { bulkJobFromPath } from '../http/bulk-job-access.js';
import { startBulkJob } from '../use-cases/bulk-jobs/start-bulk-job.js';
import { validate } from '../validation/generated/bulk-job-action.js';

/**
 * `POST /v2/data-import/bulk-jobs/{job_id}/start/` (no body, or `{}`) → 202 the job object,
 * `IN_PROGRESS`. 400 `bulk_job_upload_missing` before the input is uploaded, 409
 * `bulk_job_not_open` once started, 409 for a Paused or Complete supplier.
 */
export const handler = apiHandler(
  {
    body: { validate, emptyIsObject: true },
    resource: bulkJobFromPath,
    supplier: { from: 'resource', whenUnknown: 'validation_error', requireOngoing: true },
  },
  async ({ resource }) => ({ statusCode: 202, body: await startBulkJob(resource, new Date()) }),
);
