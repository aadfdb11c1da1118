/**
 * A warning on an accepted request: something the service did that the client may not expect
 * (e.g. a date it moved), reported next to the result and never instead of it.
 */
export interface Warning {
  /** Dot path of the field the warning is about, as in validation errors. */
  attr: string;
  code: string;
  detail: string;
  /** The value as sent. */
  from: string;
  /** The value as kept. */
  to: string;
}
