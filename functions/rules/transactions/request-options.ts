import { type FieldError, ValidationError } from '../../errors.js';

/** URL parameters of endpoint 2, both default true. */
export interface TransactionRequestOptions {
  checkPreviouslyAdded: boolean;
  forceAddToCurrentStatement: boolean;
}

const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);

/** Parses `true`/`false`/`1`/`0` (any letter case); anything else is a 400 `invalid_boolean`. */
export function parseTransactionOptions(query: Readonly<Record<string, string>>): TransactionRequestOptions {
  const errors: FieldError[] = [];
  const flag = (name: string): boolean => {
    const raw = query[name];
    if (raw === undefined) return true;
    const value = raw.trim().toLowerCase();
    if (TRUE.has(value)) return true;
    if (FALSE.has(value)) return false;
    errors.push({ attr: name, code: 'invalid_boolean', detail: 'Must be one of true, false, 1, 0.' });
    return true;
  };
  const options = {
    checkPreviouslyAdded: flag('check_previously_added'),
    forceAddToCurrentStatement: flag('force_add_to_current_statement'),
  };
  if (errors.length > 0) throw new ValidationError(errors);
  return options;
}
