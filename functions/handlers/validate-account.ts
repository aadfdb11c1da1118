import { requireValidAccount } from '../shared/domain/account/validate-account.js';
import { apiHandler } from '../shared/http/api-handler.js';
import { validate } from '../shared/validation/generated/account.js';

const ACCOUNT_FAILED_VALIDATION = 'account_failed_validation';

/**
 * `POST /v1/data-import/validate-account/`: 200 with the validated, normalised account;
 * 400 `account_failed_validation` with every error. Stores nothing.
 */
export const handler = apiHandler(
  {
    body: {
      validate,
      summaryCode: ACCOUNT_FAILED_VALIDATION,
      summaryDetail: 'The account data could not be validated.',
    },
    supplier: {
      from: 'body',
      whenUnknown: 'validation_error',
      requireOngoing: true,
      summaryCode: ACCOUNT_FAILED_VALIDATION,
    },
  },
  async ({ body }) => ({ statusCode: 200, body: requireValidAccount(body, new Date()) }),
);
