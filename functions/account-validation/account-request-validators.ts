import type { ErrorObject } from 'ajv';
import type { CompiledValidator } from '../validation/field-errors.js';
import type { EnergyAccountPayload } from './energy-account-payload.js';
import { validate as validateEnergyAccount } from './generated/energy-account.js';

/**
 * The request validators of the routes that take a whole account: v1 (the body is the account)
 * and v2 (the account under `payload`, beside the request's own fields). Both are the compiled
 * `EnergyAccount` validator; a union picks its branch with `if`/`then`, and ajv adds an `if`
 * error beside the branch's own which says nothing the branch's errors do not, so it is left out.
 */

function accountErrors(errors: readonly ErrorObject[] | null | undefined, prefix = ''): ErrorObject[] {
  return (errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map((error) => ({ ...error, instancePath: `${prefix}${error.instancePath}` }));
}

/** The v1 body: one `EnergyAccount`. */
export const validateAccountBody: CompiledValidator<EnergyAccountPayload> = Object.assign(
  (data: unknown): data is EnergyAccountPayload => {
    const valid = validateEnergyAccount(data);
    validateAccountBody.errors = valid ? null : accountErrors(validateEnergyAccount.errors);
    return valid;
  },
  { errors: null as ErrorObject[] | null },
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A v2 body: its own schema (`payload` only required to be an object there) and the account
 * under `payload`, every error of both in one answer (the account's at `payload.…`).
 */
export function withAccountUnderPayload<B extends { payload: unknown }>(
  validateRequest: CompiledValidator<B>,
): CompiledValidator<B & { payload: EnergyAccountPayload }> {
  const validator = Object.assign(
    (data: unknown): data is B & { payload: EnergyAccountPayload } => {
      const requestValid = validateRequest(data);
      const errors = requestValid ? [] : [...(validateRequest.errors ?? [])];
      const payload = isObject(data) ? data.payload : undefined;
      if (isObject(payload) && !validateEnergyAccount(payload)) {
        errors.push(...accountErrors(validateEnergyAccount.errors, '/payload'));
      }
      validator.errors = errors.length > 0 ? errors : null;
      return errors.length === 0;
    },
    { errors: null as ErrorObject[] | null },
  );
  return validator;
}
