import { apiHandler } from '../http/api-handler.js';
import { postImportResponse } from '../http/post-import-response.js';
import { createNotes } from '../use-cases/create-notes.js';
import { validate } from '../validation/generated/notes-create.js';

/**
 * Endpoint 1: POST /v1/data-import/notes/create/ → 201 `[{created_at, body, status}]` in request
 * order; with `dry_run: true` → 200 `{dry_run: true, result}`, nothing kept.
 */
export const handler = apiHandler(
  {
    body: { validate },
    supplier: { from: 'body', whenUnknown: 'account_not_found', requireOngoing: true },
    importedAccount: { from: 'body' },
  },
  async ({ body, supplier, account }) => {
    const results = await createNotes(supplier, account, body.notes, { dryRun: body.dry_run });
    return postImportResponse(body.dry_run, results);
  },
);
