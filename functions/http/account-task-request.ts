import type { FieldError } from '../errors.js';
import {
  ACCOUNT_FAILED_VALIDATION,
  ACCOUNT_FAILED_VALIDATION_DETAIL,
} from '../rules/account/validate-account.js';
import type { CompiledValidator } from '../validation/field-errors.js';
import type { ApiHandlerOptions } from './api-handler.js';

/** Field errors (and warnings) of the account under `payload` get the `payload.` prefix of their path. */
export function underPayload<E extends { attr: string }>(errors: readonly E[]): E[] {
  return errors.map((error) => ({ ...error, attr: error.attr ? `payload.${error.attr}` : 'payload' }));
}

/**
 * A v2 body's 400: `account_failed_validation` when every error is about the account payload
 * (paths `payload.…`), `invalid_request` otherwise (task parameters, unknown top-level fields).
 */
export function accountTaskSummary(errors: readonly FieldError[]) {
  return errors.length > 0 &&
    errors.every((error) => error.attr === 'payload' || error.attr.startsWith('payload.'))
    ? { code: ACCOUNT_FAILED_VALIDATION, detail: ACCOUNT_FAILED_VALIDATION_DETAIL }
    : { code: 'invalid_request', detail: 'The request could not be validated.' };
}

/** How the v2 routes that take an account payload read their request. */
export function accountTaskRequest<B>(validate: CompiledValidator<B>): ApiHandlerOptions<B> {
  return {
    body: { validate, summaryCode: accountTaskSummary },
    supplier: {
      from: 'payload',
      whenUnknown: 'validation_error',
      requireOngoing: true,
      summaryCode: ACCOUNT_FAILED_VALIDATION,
    },
  };
}
