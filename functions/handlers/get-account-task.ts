import { apiHandler } from '../http/api-handler.js';
import { accountTaskStatus } from '../use-cases/schedule-account-task.js';

/**
 * `GET /v2/data-import/accounts/{import_supplier}/{external_account_number}/`: the status
 * object of the account's latest v2 task; 404 `import_process_does_not_exist` when the account
 * was never scheduled through v2.
 */
export const handler = apiHandler(
  { supplier: { from: 'path', whenUnknown: 'account_not_found', requireOngoing: false } },
  async ({ supplier, path }) => ({
    statusCode: 200,
    body: await accountTaskStatus(supplier.code, path.external_account_number ?? ''),
  }),
);
