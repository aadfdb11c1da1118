import { validateAccountBody } from '../account-validation/account-request-validators.js';
import type { AccountPayload } from '../rules/account/account.js';
import {
  ACCOUNT_FAILED_VALIDATION,
  ACCOUNT_FAILED_VALIDATION_DETAIL,
} from '../rules/account/validate-account.js';
import type { ApiHandlerOptions } from './api-handler.js';

/**
 * How the two endpoints that take an account payload (validate-account/, create-or-update/)
 * read their request: the whole-account schema, 400 `account_failed_validation`, an unknown
 * supplier as a validation error on `import_supplier`, and a stopped supplier refused with 409.
 */
export const accountPayloadRequest: ApiHandlerOptions<AccountPayload> = {
  body: {
    validate: validateAccountBody,
    summaryCode: ACCOUNT_FAILED_VALIDATION,
    summaryDetail: ACCOUNT_FAILED_VALIDATION_DETAIL,
  },
  supplier: {
    from: 'body',
    whenUnknown: 'validation_error',
    requireOngoing: true,
    summaryCode: ACCOUNT_FAILED_VALIDATION,
  },
};
