/** Decimal amounts given as a JSON string or number (e.g. `transfer_balance`). */

export type DecimalCheck =
  | { ok: true; value: string }
  | { ok: false; code: 'invalid_type' | 'invalid_decimal' | 'too_many_decimal_places'; detail: string };

const DECIMAL = /^(-?)([0-9]{1,15})(?:\.([0-9]+))?$/;

/** Checks a decimal with at most `places` decimal places; the value is normalised to exactly `places`. */
export function checkDecimal(value: unknown, places = 2): DecimalCheck {
  if (typeof value !== 'string' && typeof value !== 'number') {
    return { ok: false, code: 'invalid_type', detail: 'Expected a decimal as a string or a number.' };
  }
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) {
    return { ok: false, code: 'invalid_decimal', detail: 'Must be a decimal number such as "-12.34".' };
  }
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > places) {
    return {
      ok: false,
      code: 'too_many_decimal_places',
      detail: `At most ${places} decimal places are allowed.`,
    };
  }
  const integer = whole.replace(/^0+(?=\d)/, '');
  const normalised = `${integer}.${fraction.padEnd(places, '0')}`;
  const isZero = /^[0.]+$/.test(normalised);
  return { ok: true, value: `${isZero ? '' : sign}${normalised}` };
}
