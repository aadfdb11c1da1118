import { apiHandler } from '../http/api-handler.js';
import { postImportResponse } from '../http/post-import-response.js';
import { createHistoricalStatements } from '../use-cases/create-statements.js';
import { validate } from '../validation/generated/historical-statements-create.js';

/**
 * Endpoint 3: POST /v1/data-import/historical-statements/create/ → 201 with the validated data
 * (the request without `dry_run`); with `dry_run: true` → 200 `{dry_run: true, result}`.
 */
export const handler = apiHandler(
  {
    body: { validate },
    supplier: { from: 'body', whenUnknown: 'account_not_found', requireOngoing: true },
    importedAccount: { from: 'body' },
  },
  async ({ body, supplier, account }) => {
    await createHistoricalStatements(supplier, account, body.statements, { dryRun: body.dry_run });
    const { dry_run: _dryRun, ...validated } = body;
    return postImportResponse(body.dry_run, validated);
  },
);
