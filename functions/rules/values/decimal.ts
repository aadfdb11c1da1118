/** Decimal amounts given as a JSON string or number (e.g. `transfer_balance`). */

export type DecimalCheck =
  | { ok: true; value: string }
  | { ok: false; code: 'invalid_type' | 'invalid_decimal' | 'too_many_decimal_places'; detail: string };

const DECIMAL = /^(-?)([0-9]{1,15})(?:\.([0-9]+))?$/;
const JSON_NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/** Most digits before the point (keeps amounts exact in minor units). */
const MAX_WHOLE_DIGITS = 15;

const INVALID_DECIMAL = {
  ok: false,
  code: 'invalid_decimal',
  detail: 'Must be a decimal number such as "-12.34".',
} as const;

const tooManyPlaces = (places: number) =>
  ({
    ok: false,
    code: 'too_many_decimal_places',
    detail: `At most ${places} decimal places are allowed.`,
  }) as const;

/**
 * The exact value a JSON number's source text denotes, written without an exponent and
 * without trailing fraction zeros (`1E2` → `100`, `0.100` → `0.1`, `-0.0` → `-0`), or a
 * failed check when it has more than `places` decimals or too many digits before the point
 * (decided on the digit counts, so `1E-400` builds no 400-digit string).
 */
function exactDecimalText(text: string, places: number): string | DecimalCheck {
  const match = JSON_NUMBER.exec(text);
  if (!match) return INVALID_DECIMAL;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  let digits = `${whole}${fraction}`;
  let point = whole.length + Number(exponent);
  const leading = /^0*/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(leading).replace(/0+$/, '');
  point -= leading;
  if (digits === '') return `${sign}0`;
  if (digits.length - point > places) return tooManyPlaces(places);
  if (point > MAX_WHOLE_DIGITS) return INVALID_DECIMAL;
  const integer = point > 0 ? digits.slice(0, point).padEnd(point, '0') : '0';
  const decimals = point >= 0 ? digits.slice(point) : `${'0'.repeat(-point)}${digits}`;
  return `${sign}${integer}${decimals ? `.${decimals}` : ''}`;
}

/**
 * Checks a decimal with at most `places` decimal places; the value is normalised to exactly
 * `places`. For a JSON number give `sourceText`, the text it was written with, when known: the
 * parsed double may have lost digits (`0.1000000000000000000001` parses as 0.1).
 */
export function checkDecimal(value: unknown, places = 2, sourceText?: string): DecimalCheck {
  if (typeof value !== 'string' && typeof value !== 'number') {
    return { ok: false, code: 'invalid_type', detail: 'Expected a decimal as a string or a number.' };
  }
  let text = typeof value === 'string' ? value.trim() : '';
  if (typeof value === 'number' && Number.isFinite(value)) {
    // `String(value)` is itself a JSON number text (`1e-7`, `1e+21`): both go the same way.
    const exact = exactDecimalText(sourceText ?? String(value), places);
    if (typeof exact !== 'string') return exact;
    text = exact;
  }
  const match = DECIMAL.exec(text);
  if (!match) return INVALID_DECIMAL;
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > places) return tooManyPlaces(places);
  const integer = whole.replace(/^0+(?=\d)/, '');
  const normalised = `${integer}.${fraction.padEnd(places, '0')}`;
  const isZero = /^[0.]+$/.test(normalised);
  return { ok: true, value: `${isZero ? '' : sign}${normalised}` };
}
