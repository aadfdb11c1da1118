import { accountPayloadRequest } from '../http/account-payload-request.js';
import { apiHandler } from '../http/api-handler.js';
import { requireValidAccount, warningsField } from '../rules/account/validate-account.js';

/**
 * `POST /v1/data-import/validate-account/`: 200 with the validated, normalised account (and
 * `warnings` when it carries deprecated fields); 400 `account_failed_validation` with every
 * error. Stores nothing.
 */
export const handler = apiHandler(accountPayloadRequest, async ({ body }) => {
  const { account, warnings } = requireValidAccount(body, new Date());
  return { statusCode: 200, body: { ...account, ...warningsField(warnings) } };
});
