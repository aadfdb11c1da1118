import { requireValidAccount } from '../shared/domain/account/validate-account.js';
import { accountPayloadRequest } from '../shared/http/account-payload-request.js';
import { apiHandler } from '../shared/http/api-handler.js';

/**
 * `POST /v1/data-import/validate-account/`: 200 with the validated, normalised account;
 * 400 `account_failed_validation` with every error. Stores nothing.
 */
export const handler = apiHandler(accountPayloadRequest, async ({ body }) => ({
  statusCode: 200,
  body: requireValidAccount(body, new Date()),
}));
