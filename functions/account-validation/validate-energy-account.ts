import type { ErrorObject } from 'ajv';
import type { FieldError } from '../errors.js';
import { toFieldErrors } from '../validation/field-errors.js';
import { type DeprecationWarning, deprecationWarnings } from './deprecation-warnings.js';
import type { EnergyAccountPayload } from './energy-account-payload.js';
import { root, shapes } from './generated/deprecated-fields.js';
import { validate } from './generated/energy-account.js';

/**
 * Judges one whole account (`EnergyAccount`) against its schema, compiled ahead of time from
 * schemas/account/components/ (`npm run generate`). Not yet the routes' validator: the routes
 * still take the payload of schemas/api/account.schema.ts.
 */
export type EnergyAccountVerdict =
  | { valid: true; account: EnergyAccountPayload; warnings: DeprecationWarning[] }
  | { valid: false; errors: FieldError[]; warnings: DeprecationWarning[] };

/**
 * The compiled validator's errors as the service's field errors (functions/validation/
 * field-errors.ts). A union picks its branch with `if`/`then`; ajv adds an `if` error beside the
 * branch's own, which says nothing the branch's errors do not, so it is left out.
 */
export function accountFieldErrors(errors: readonly ErrorObject[]): FieldError[] {
  return toFieldErrors(errors.filter((error) => error.keyword !== 'if'));
}

export function validateEnergyAccount(payload: unknown): EnergyAccountVerdict {
  const warnings = deprecationWarnings(shapes, root, payload);
  if (validate(payload)) return { valid: true, account: payload, warnings };
  return { valid: false, errors: accountFieldErrors(validate.errors ?? []), warnings };
}
