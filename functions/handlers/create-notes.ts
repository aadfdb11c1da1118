import { requireImported } from '../shared/domain/import-process.js';
import { createNotes } from '../shared/domain/notes/create-notes.js';
import { apiHandler } from '../shared/http/api-handler.js';
import { getImportProcess } from '../shared/store/import-process-store.js';
import { validate } from '../shared/validation/generated/notes-create.js';

/** Endpoint 1: POST /v1/data-import/notes/create/ → 201 `[{created_at, body, status}]` in request order. */
export const handler = apiHandler(
  { body: { validate }, supplier: { from: 'body', whenUnknown: 'account_not_found', requireOngoing: true } },
  async ({ body, supplier }) => {
    const account = requireImported(await getImportProcess(supplier.code, body.external_account_number));
    return { statusCode: 201, body: await createNotes(supplier, account, body.notes) };
  },
);
