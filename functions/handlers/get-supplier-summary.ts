import { apiHandler } from '../http/api-handler.js';
import { getSupplierSummary } from '../use-cases/supplier-summary.js';

/**
 * `GET /v1/data-import/import-suppliers/{import_supplier}/` → 200 the supplier's status, root
 * location and account counts; 404 `import_supplier_not_found` for an unknown supplier (as the
 * lists); 403 for a supplier outside the token's scope.
 */
export const handler = apiHandler(
  { supplier: { from: 'path', whenUnknown: 'supplier_not_found', requireOngoing: false } },
  async ({ supplier }) => ({ statusCode: 200, body: await getSupplierSummary(supplier) }),
);
