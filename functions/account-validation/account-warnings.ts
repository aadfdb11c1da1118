import { type DeprecationWarning, deprecationWarnings } from './deprecation-warnings.js';
import { root, shapes } from './generated/deprecated-fields.js';

/** The `deprecated_field` warnings of one account payload (none for a payload without deprecated fields). */
export function accountWarnings(payload: unknown): DeprecationWarning[] {
  return deprecationWarnings(shapes, root, payload);
}

export type { DeprecationWarning };
