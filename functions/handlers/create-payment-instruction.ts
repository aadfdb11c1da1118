import { apiHandler } from '../http/api-handler.js';
import { answerOf } from '../http/idempotency.js';
import { postImportResponse } from '../http/post-import-response.js';
import { createPaymentInstruction } from '../use-cases/create-payment-instruction.js';
import { validate } from '../validation/generated/payment-instruction-create.js';

/**
 * Endpoint 4: POST /v1/data-import/payment-instruction/create/ → 201 `{service_account_number,
 * reference}`; with `dry_run: true` → 200 `{dry_run: true, result}` (the vendor is asked, nothing kept).
 */
export const handler = apiHandler(
  {
    body: { validate },
    supplier: { from: 'body', whenUnknown: 'account_not_found', requireOngoing: true },
    importedAccount: { from: 'body' },
  },
  ({ body, account }) =>
    answerOf(
      (result) => postImportResponse(body.dry_run, result),
      () => createPaymentInstruction(account, body, { dryRun: body.dry_run }),
    ),
);
