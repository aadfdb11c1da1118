import { stageAccount } from '../shared/domain/account/stage-account.js';
import { requireValidAccount } from '../shared/domain/account/validate-account.js';
import { accountPayloadRequest } from '../shared/http/account-payload-request.js';
import { apiHandler } from '../shared/http/api-handler.js';

/**
 * `POST /v1/data-import/account-import-process/create-or-update/`: stages the account.
 * 201 on first staging, 200 when staged data is replaced; 409 once imported or while the
 * account is being created.
 */
export const handler = apiHandler(accountPayloadRequest, async ({ body, supplier }) => {
  const now = new Date();
  const account = requireValidAccount(body, now);
  const outcome = await stageAccount(supplier.code, account, now);
  return {
    statusCode: outcome === 'created' ? 201 : 200,
    body: { import_supplier: supplier.code, external_account_number: account.external_account_number },
  };
});
