import { requireImported } from '../shared/domain/import-process.js';
import { createPaymentInstruction } from '../shared/domain/payments/create-payment-instruction.js';
import { apiHandler } from '../shared/http/api-handler.js';
import { getImportProcess } from '../shared/store/import-process-store.js';
import { validate } from '../shared/validation/generated/payment-instruction-create.js';

/** Endpoint 4: POST /v1/data-import/payment-instruction/create/ → 201 `{service_account_number, reference}`. */
export const handler = apiHandler(
  { body: { validate }, supplier: { from: 'body', whenUnknown: 'account_not_found', requireOngoing: true } },
  async ({ body, supplier }) => {
    const account = requireImported(await getImportProcess(supplier.code, body.external_account_number));
    return { statusCode: 201, body: await createPaymentInstruction(account, body) };
  },
);
