import { apiHandler } from '../http/api-handler.js';
import { requireImported } from '../rules/import-process.js';
import { parseTransactionOptions } from '../rules/transactions/request-options.js';
import { getImportProcess } from '../store/import-process-store.js';
import { createTransactions } from '../use-cases/create-transactions.js';
import { validate } from '../validation/generated/transactions-create.js';

/**
 * Endpoint 2: POST /v1/data-import/transactions/create/[?check_previously_added=…&force_add_to_current_statement=…]
 * → 201 `{results: [{status, transaction_data}]}` in request order.
 */
export const handler = apiHandler(
  { body: { validate }, supplier: { from: 'body', whenUnknown: 'account_not_found', requireOngoing: true } },
  async ({ body, query, supplier }) => {
    const options = parseTransactionOptions(query);
    const account = requireImported(await getImportProcess(supplier.code, body.external_account_number));
    return { statusCode: 201, body: await createTransactions(account, body.transactions, options) };
  },
);
