import { accountPayloadRequest } from '../http/account-payload-request.js';
import { apiHandler } from '../http/api-handler.js';
import { answerOf } from '../http/idempotency.js';
import { warningsField } from '../rules/account/validate-account.js';
import { requireValidAccountForSupplier } from '../use-cases/account-checks.js';
import { stageAccount } from '../use-cases/stage-account.js';

/**
 * `POST /v1/data-import/account-import-process/create-or-update/`: stages the whole account.
 * 201 on first staging, 200 when staged data is replaced (with `warnings` when the account
 * carries deprecated fields); 409 once imported or while the account is being created.
 */
export const handler = apiHandler(accountPayloadRequest, async ({ body, supplier }) => {
  const now = new Date();
  const { account, warnings } = await requireValidAccountForSupplier(body, supplier, now);
  return answerOf(
    (outcome) => ({
      statusCode: outcome === 'created' ? 201 : 200,
      body: {
        import_supplier: supplier.code,
        external_account_number: account.external_account_number,
        ...warningsField(warnings),
      },
    }),
    () => stageAccount(supplier.code, account, now),
  );
});
