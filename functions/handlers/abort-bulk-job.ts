import { apiHandler } from '../http/api-handler.js';
import { bulkJobFromPath } from '../http/bulk-job-access.js';
import { abortBulkJob } from '../use-cases/bulk-jobs/manage-bulk-jobs.js';
import { validate } from '../validation/generated/bulk-job-action.js';

/**
 * `POST /v2/data-import/bulk-jobs/{job_id}/abort/` (no body, or `{}`) → 200 the job object,
 * `ABORTED`: no new line starts, lines in flight finish, the rest end `NOT_PROCESSED`. 409
 * `bulk_job_finished` for a finished job. A paused supplier does not stop an abort.
 */
export const handler = apiHandler(
  {
    body: { validate, emptyIsObject: true },
    resource: bulkJobFromPath,
    supplier: { from: 'resource', whenUnknown: 'validation_error', requireOngoing: false },
  },
  async ({ resource }) => ({ statusCode: 200, body: await abortBulkJob(resource, new Date()) }),
);
