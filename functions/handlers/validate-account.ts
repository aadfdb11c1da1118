import { accountPayloadRequest } from '../http/account-payload-request.js';
import { apiHandler } from '../http/api-handler.js';
import { warningsField } from '../rules/account/validate-account.js';
import { requireValidAccountForSupplier } from '../use-cases/account-checks.js';

/**
 * `POST /v1/data-import/validate-account/`: 200 with the validated, normalised account (and
 * `warnings` when it carries deprecated fields or a rule's reference data is not loaded);
 * 400 `account_failed_validation` with every error, the supplier's settings and the loaded
 * reference data applied. Stores nothing.
 */
export const handler = apiHandler(accountPayloadRequest, async ({ body, supplier }) => {
  const { account, warnings } = await requireValidAccountForSupplier(body, supplier, new Date());
  return { statusCode: 200, body: { ...account, ...warningsField(warnings) } };
});
