import { apiHandler } from '../http/api-handler.js';
import { requireImported } from '../rules/import-process.js';
import { getImportProcess } from '../store/import-process-store.js';
import { createPaymentInstruction } from '../use-cases/create-payment-instruction.js';
import { validate } from '../validation/generated/payment-instruction-create.js';

/** Endpoint 4: POST /v1/data-import/payment-instruction/create/ → 201 `{service_account_number, reference}`. */
export const handler = apiHandler(
  { body: { validate }, supplier: { from: 'body', whenUnknown: 'account_not_found', requireOngoing: true } },
  async ({ body, supplier }) => {
    const account = requireImported(await getImportProcess(supplier.code, body.external_account_number));
    return { statusCode: 201, body: await createPaymentInstruction(account, body) };
  },
);
