import { apiHandler } from '../http/api-handler.js';
import { accountTransferStatus } from '../rules/account/transfer-status.js';
import { isPossibleExternalAccountNumber } from '../rules/import-process.js';
import { getImportProcess } from '../store/import-process-store.js';

/**
 * Endpoint 5: `GET /v1/data-import/account-transfer-status/{import_supplier}/{external_account_number}/`.
 * 200 `{status, service_account_number}` (`""` until the account exists); 404
 * `import_process_does_not_exist` when no live process exists (a cancelled one counts as
 * none); an unknown supplier is a 404 `account_not_found`.
 */
export const handler = apiHandler(
  { supplier: { from: 'path', whenUnknown: 'account_not_found', requireOngoing: false } },
  async ({ supplier, path }) => {
    const external = path.external_account_number ?? '';
    const process = isPossibleExternalAccountNumber(external)
      ? await getImportProcess(supplier.code, external)
      : undefined;
    return { statusCode: 200, body: accountTransferStatus(process) };
  },
);
