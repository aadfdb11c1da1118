import type { FieldError } from '../errors.js';
import { toFieldErrors } from '../validation/field-errors.js';
import { validateAccountBody } from './account-request-validators.js';
import { accountWarnings, type DeprecationWarning } from './account-warnings.js';
import type { EnergyAccountPayload } from './energy-account-payload.js';

/**
 * Judges one whole account (`EnergyAccount`) against its schema, compiled ahead of time from
 * schemas/account/components/ (`npm run generate`): the verdict the routes' request layer
 * reaches, with the payload's `deprecated_field` warnings.
 */
export type EnergyAccountVerdict =
  | { valid: true; account: EnergyAccountPayload; warnings: DeprecationWarning[] }
  | { valid: false; errors: FieldError[]; warnings: DeprecationWarning[] };

export function validateEnergyAccount(payload: unknown): EnergyAccountVerdict {
  const warnings = accountWarnings(payload);
  if (validateAccountBody(payload)) return { valid: true, account: payload, warnings };
  return { valid: false, errors: toFieldErrors(validateAccountBody.errors ?? []), warnings };
}
