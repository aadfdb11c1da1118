import { apiHandler } from '../http/api-handler.js';
import { isPossibleExternalAccountNumber, requireImported } from '../rules/import-process.js';
import { getImportProcess } from '../store/import-process-store.js';
import { meterPointStatuses } from '../use-cases/meter-points.js';

/**
 * `GET /v1/data-import/meterpoint-statuses-for-account/{import_supplier}/{external_account_number}/`
 * → 200 `[{mpxn, status}]` in payload order; 404 `account_not_found` when the account is not
 * imported or the supplier is unknown; 403 outside the token's scope. Reads only.
 */
export const handler = apiHandler(
  { supplier: { from: 'path', whenUnknown: 'account_not_found', requireOngoing: false } },
  async ({ supplier, path }) => {
    const external = path.external_account_number ?? '';
    const process = isPossibleExternalAccountNumber(external)
      ? await getImportProcess(supplier.code, external)
      : undefined;
    return { statusCode: 200, body: await meterPointStatuses(requireImported(process)) };
  },
);
