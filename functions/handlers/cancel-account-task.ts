import { apiHandler } from '../http/api-handler.js';
import { answerOf } from '../http/idempotency.js';
import { cancelAccountTask } from '../use-cases/schedule-account-task.js';
import { validate } from '../validation/generated/account-task-cancel.js';

/**
 * `POST /v2/data-import/accounts/{import_supplier}/{external_account_number}/cancel/` with no
 * body or `{}` (anything else is a 400): cancels the account's PENDING task (200, status
 * CANCELLED, `cancelled` event with the window end); 409 `import_process_not_pending` for a task
 * in any other status.
 */
export const handler = apiHandler(
  {
    body: { validate, emptyIsObject: true },
    supplier: { from: 'path', whenUnknown: 'account_not_found', requireOngoing: true },
  },
  ({ supplier, path }) =>
    answerOf(
      (task) => ({ statusCode: 200, body: task }),
      () => cancelAccountTask(supplier.code, path.external_account_number ?? '', new Date()),
    ),
);
