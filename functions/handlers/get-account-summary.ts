import { apiHandler } from '../http/api-handler.js';
import { getAccountSummary } from '../use-cases/account-summary.js';

/**
 * `GET /v1/data-import/account-summary/{import_supplier}/{external_account_number}/` → 200 the
 * account's reconciliation summary; 404 `account_not_found` for an unknown supplier or an
 * account that is not imported; 403 for a supplier outside the token's scope.
 */
export const handler = apiHandler(
  {
    supplier: { from: 'path', whenUnknown: 'account_not_found', requireOngoing: false },
    importedAccount: { from: 'path' },
  },
  async ({ account }) => ({ statusCode: 200, body: await getAccountSummary(account) }),
);
