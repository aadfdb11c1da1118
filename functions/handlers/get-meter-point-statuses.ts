import { apiHandler } from '../http/api-handler.js';
import { meterPointStatuses } from '../use-cases/meter-points.js';

/**
 * `GET /v1/data-import/meterpoint-statuses-for-account/{import_supplier}/{external_account_number}/`
 * → 200 `[{mpxn, status}]` in payload order; 404 `account_not_found` when the account is not
 * imported or the supplier is unknown; 403 outside the token's scope. Reads only.
 */
export const handler = apiHandler(
  {
    supplier: { from: 'path', whenUnknown: 'account_not_found', requireOngoing: false },
    importedAccount: { from: 'path' },
  },
  async ({ account }) => ({ statusCode: 200, body: await meterPointStatuses(account) }),
);
