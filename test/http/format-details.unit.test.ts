import { describe, expect, it } from 'vitest';
import { validateAccountBody as accountRequest } from '../../functions/account-validation/account-request-validators.js';
import { type CompiledValidator, toFieldErrors } from '../../functions/validation/field-errors.js';
import { validate as notesRequest } from '../../functions/validation/generated/notes-create.js';

/** The field error the validator reports for `attr` after validating `data`. */
function fieldError(validate: CompiledValidator<unknown>, data: unknown, attr: string) {
  validate(data);
  return toFieldErrors(validate.errors ?? []).find((error) => error.attr === attr);
}

describe('Rule: a date or a date-time in the wrong format names the expected format', () => {
  it('a date in another format: invalid_date whose detail names YYYY-MM-DD', () => {
    // Act
    const error = fieldError(accountRequest, { last_billed_to_date: '31/03/2024' }, 'last_billed_to_date');
    // Assess
    expect(error).toEqual({
      attr: 'last_billed_to_date',
      code: 'invalid_date',
      detail: 'Must be a date in the format YYYY-MM-DD (a day that exists), e.g. 2026-02-01.',
    });
  });

  it('a date-time without its offset: invalid_datetime whose detail names the RFC 3339 format and the offsets', () => {
    // Act
    const error = fieldError(
      notesRequest,
      { notes: [{ created_at: '01/02/2026 10:00' }] },
      'notes.0.created_at',
    );
    // Assess
    expect(error?.code).toBe('invalid_datetime');
    expect(error?.detail).toContain('YYYY-MM-DDThh:mm:ss');
    expect(error?.detail).toContain('Z or ±hh:mm');
  });
});
