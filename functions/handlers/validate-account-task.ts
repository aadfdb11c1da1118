import { withAccountUnderPayload } from '../account-validation/account-request-validators.js';
import { ValidationError } from '../errors.js';
import { accountTaskRequest, underPayload } from '../http/account-task-request.js';
import { apiHandler } from '../http/api-handler.js';
import {
  ACCOUNT_FAILED_VALIDATION,
  ACCOUNT_FAILED_VALIDATION_DETAIL,
  warningsField,
} from '../rules/account/validate-account.js';
import { checkAccountForSupplier } from '../use-cases/account-checks.js';
import { validate } from '../validation/generated/account-task-validate.js';

/**
 * `POST /v2/data-import/accounts/validate/`: validates `{payload}` exactly as scheduling
 * does (same 400 body) and keeps nothing: 200 `{import_supplier, external_account_number}`,
 * with `warnings` (at `payload.…`) when the account carries deprecated fields.
 */
export const handler = apiHandler(
  accountTaskRequest(withAccountUnderPayload(validate)),
  async ({ body, supplier }) => {
    const { errors, account, warnings } = await checkAccountForSupplier(body.payload, supplier, new Date());
    if (errors.length > 0) {
      throw new ValidationError(
        underPayload(errors),
        ACCOUNT_FAILED_VALIDATION,
        ACCOUNT_FAILED_VALIDATION_DETAIL,
      );
    }
    return {
      statusCode: 200,
      body: {
        import_supplier: supplier.code,
        external_account_number: account.external_account_number,
        ...warningsField(underPayload(warnings)),
      },
    };
  },
);
