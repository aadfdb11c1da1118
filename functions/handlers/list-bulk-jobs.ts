import { apiHandler } from '../http/api-handler.js';
import { nextLinkHeader, parsePageRequest } from '../http/paging.js';
import { isBulkJobListPosition } from '../rules/bulk-jobs/bulk-job.js';
import { bulkJobPage } from '../use-cases/bulk-jobs/manage-bulk-jobs.js';

/**
 * `GET /v2/data-import/bulk-jobs/?import_supplier=<code>&page_size=&cursor=` → 200 the
 * organisation's jobs for the supplier, newest first, paged like the process lists (a `Link`
 * header when more follow).
 */
export const handler = apiHandler(
  { supplier: { from: 'query', whenUnknown: 'validation_error', requireOngoing: false } },
  async ({ supplier, auth, query, event }) => {
    const scope = {
      list: `bulk-jobs:${auth.organisation}`,
      supplier: supplier.code,
      isPosition: isBulkJobListPosition,
    };
    const pageRequest = await parsePageRequest(query, scope);
    const page = await bulkJobPage(
      { supplier: supplier.code, organisation: auth.organisation, now: new Date() },
      { pageSize: pageRequest.pageSize, ...(pageRequest.after ? { before: pageRequest.after } : {}) },
    );
    return {
      statusCode: 200,
      body: page.jobs,
      ...(page.nextBefore !== undefined
        ? {
            headers: await nextLinkHeader(event, {
              pageSize: pageRequest.pageSize,
              scope,
              lastKey: page.nextBefore,
              query: { import_supplier: supplier.code },
            }),
          }
        : {}),
    };
  },
);
