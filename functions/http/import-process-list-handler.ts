import type { ProcessList } from '../store/import-process-list-store.js';
import { importProcessPage } from '../use-cases/list-import-processes.js';
import { apiHandler } from './api-handler.js';
import { nextLinkHeader, parsePageRequest } from './paging.js';

/**
 * Endpoints 6–8 share one shape: `GET …/{import_supplier}/?page_size=&cursor=` → a bare
 * array, sorted by external account number, with a `Link` header when more items exist.
 * Unknown supplier: 404 `import_supplier_not_found`; known supplier with none: `[]`.
 */
export function importProcessListHandler(list: ProcessList) {
  return apiHandler(
    { supplier: { from: 'path', whenUnknown: 'supplier_not_found', requireOngoing: false } },
    async ({ supplier, query, event }) => {
      const scope = { list, supplier: supplier.code };
      const pageRequest = parsePageRequest(query, scope);
      const page = await importProcessPage(supplier.code, list, pageRequest);
      return {
        statusCode: 200,
        body: page.items,
        ...(page.nextAfter !== undefined
          ? {
              headers: nextLinkHeader(event, {
                pageSize: pageRequest.pageSize,
                scope,
                lastKey: page.nextAfter,
              }),
            }
          : {}),
      };
    },
  );
}
