import { apiHandler } from '../http/api-handler.js';
import { answerOf } from '../http/idempotency.js';
import { dryRunAccount, processAccount } from '../use-cases/process-account.js';
import { validate } from '../validation/generated/process-account.js';

/**
 * `POST /v1/data-import/account-import-process/process/`: creates the platform account of a
 * staged process (201 `{import_supplier, external_account_number, service_account_number}`),
 * or with `dry_run: true` runs every check and keeps nothing (200 `{dry_run: true, detail}`).
 */
export const handler = apiHandler(
  {
    body: { validate },
    supplier: { from: 'body', whenUnknown: 'validation_error', requireOngoing: true },
  },
  async ({ body, supplier }) => {
    const request = {
      supplier: supplier.code,
      externalAccountNumber: body.external_account_number,
      now: new Date(),
      ...(body.operations_team_name !== undefined ? { operationsTeamName: body.operations_team_name } : {}),
    };
    if (body.dry_run === true) return { statusCode: 200, body: await dryRunAccount(request) };
    return answerOf(
      (created) => ({ statusCode: 201, body: created }),
      () => processAccount(request),
    );
  },
);
