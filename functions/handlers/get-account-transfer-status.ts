import { accountTransferStatus } from '../shared/domain/account/transfer-status.js';
import { apiHandler } from '../shared/http/api-handler.js';
import { getImportProcess } from '../shared/store/import-process-store.js';

const MAX_EXTERNAL_ACCOUNT_NUMBER = 255;

/**
 * Endpoint 5: `GET /v1/data-import/account-transfer-status/{import_supplier}/{external_account_number}/`.
 * 200 `{status, service_account_number}` (`""` until the account exists); 404
 * `import_process_does_not_exist` when no live process exists (a cancelled one counts as
 * none); an unknown supplier is a 404 `account_not_found` (design.md §3.3).
 */
export const handler = apiHandler(
  { supplier: { from: 'path', whenUnknown: 'account_not_found', requireOngoing: false } },
  async ({ supplier, path }) => {
    const external = path.external_account_number ?? '';
    // External numbers are 1–255 characters; a longer one names no process (and would exceed
    // DynamoDB's key size: the read would fail with a 500).
    const process =
      external.length <= MAX_EXTERNAL_ACCOUNT_NUMBER
        ? await getImportProcess(supplier.code, external)
        : undefined;
    return { statusCode: 200, body: accountTransferStatus(process) };
  },
);
