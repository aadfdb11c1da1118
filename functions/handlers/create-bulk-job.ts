import { apiHandler } from '../http/api-handler.js';
import { createBulkJob } from '../use-cases/bulk-jobs/manage-bulk-jobs.js';
import { validate } from '../validation/generated/bulk-job-create.js';

/**
 * `POST /v2/data-import/bulk-jobs/` `{import_supplier, dry_run?}` → 201 the job object, `OPEN`,
 * with `upload`: a presigned PUT of the job's input object, valid one hour. 403 outside the
 * token's scope, 400 `import_supplier_does_not_exist`, 409 for a Paused or Complete supplier.
 */
export const handler = apiHandler(
  {
    body: { validate },
    supplier: { from: 'body', whenUnknown: 'validation_error', requireOngoing: true },
  },
  async ({ body, auth, supplier }) => ({
    statusCode: 201,
    body: await createBulkJob({
      organisation: auth.organisation,
      supplier: supplier.code,
      dryRun: body.dry_run === true,
      now: new Date(),
    }),
  }),
);
