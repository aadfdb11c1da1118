import { apiHandler } from '../http/api-handler.js';
import { answerOf } from '../http/idempotency.js';
import { sendRegistrationFlows } from '../use-cases/meter-points.js';
import { validate } from '../validation/generated/send-registration-flows.js';

/**
 * `POST /v1/data-import/send-registration-flows/{import_supplier}/{external_account_number}/`
 * with an empty body, `{}` or `{"dry_run": true}` → 200 `{import_supplier_code,
 * external_account_number, meter_points: [{mpxn, status, error_detail?}]}` (a dry run:
 * `{dry_run: true, result}`). 404 / 403 / 409 (supplier not ongoing) as the post-import POSTs.
 */
export const handler = apiHandler(
  {
    body: { validate, emptyIsObject: true },
    supplier: { from: 'path', whenUnknown: 'account_not_found', requireOngoing: true },
    importedAccount: { from: 'path' },
  },
  ({ body, account }) =>
    answerOf(
      (answer) => ({ statusCode: 200, body: answer }),
      () => sendRegistrationFlows(account, { dryRun: body.dry_run === true }),
    ),
);
