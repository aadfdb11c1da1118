import { accountPayloadRequest } from '../http/account-payload-request.js';
import { apiHandler } from '../http/api-handler.js';
import { requireValidAccount } from '../rules/account/validate-account.js';

/**
 * `POST /v1/data-import/validate-account/`: 200 with the validated, normalised account;
 * 400 `account_failed_validation` with every error. Stores nothing.
 */
export const handler = apiHandler(accountPayloadRequest, async ({ body }) => ({
  statusCode: 200,
  body: requireValidAccount(body, new Date()),
}));
