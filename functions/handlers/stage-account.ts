import { stageAccount } from '../shared/domain/account/stage-account.js';
import { requireValidAccount } from '../shared/domain/account/validate-account.js';
import { apiHandler } from '../shared/http/api-handler.js';
import { validate } from '../shared/validation/generated/account.js';

const ACCOUNT_FAILED_VALIDATION = 'account_failed_validation';

/**
 * `POST /v1/data-import/account-import-process/create-or-update/`: stages the account.
 * 201 on first staging, 200 when staged data is replaced; 409 once imported or while the
 * account is being created.
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
  async ({ body, supplier }) => {
    const now = new Date();
    const account = requireValidAccount(body, now);
    const outcome = await stageAccount(supplier.code, account, now);
    return {
      statusCode: outcome === 'created' ? 201 : 200,
      body: { import_supplier: supplier.code, external_account_number: account.external_account_number },
    };
  },
);
