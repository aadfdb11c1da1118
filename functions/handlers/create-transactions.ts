import { apiHandler } from '../http/api-handler.js';
import { postImportResponse } from '../http/post-import-response.js';
import { parseTransactionOptions } from '../rules/transactions/request-options.js';
import { createTransactions } from '../use-cases/create-transactions.js';
import { validate } from '../validation/generated/transactions-create.js';

/**
 * Endpoint 2: POST /v1/data-import/transactions/create/[?check_previously_added=…&force_add_to_current_statement=…]
 * → 201 `{results: [{status, transaction_data}], warnings?}` in request order (a warning for each
 * date moved into the open statement period); with `dry_run: true` → 200 `{dry_run: true, result,
 * warnings?}`, nothing kept.
 */
export const handler = apiHandler(
  {
    body: { validate },
    supplier: { from: 'body', whenUnknown: 'account_not_found', requireOngoing: true },
    importedAccount: { from: 'body' },
  },
  async ({ body, query, account }) => {
    const options = parseTransactionOptions(query);
    const { results, warnings } = await createTransactions(account, body.transactions, {
      ...options,
      dryRun: body.dry_run,
    });
    const answer = { results, ...(warnings.length > 0 ? { warnings } : {}) };
    return postImportResponse(body.dry_run, answer, warnings);
  },
);
