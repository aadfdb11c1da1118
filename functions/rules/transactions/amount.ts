import { checkDecimal } from '../values/decimal.js';

/** Amounts: decimals with at most 2 places in requests, integer minor units when stored. */

export type AmountCheck = { ok: true; minor: number } | { ok: false; code: string; detail: string };

/** Largest amount accepted (keeps minor units a safe integer with room to add). */
const MAX_MINOR = 1e15;

/** `sourceText`: the JSON text the amount was written with, when known (see checkDecimal). */
export function toMinorUnits(amount: number | string, sourceText?: string): AmountCheck {
  const checked = checkDecimal(amount, 2, sourceText);
  if (!checked.ok) return { ok: false, code: checked.code, detail: checked.detail };
  const negative = checked.value.startsWith('-');
  const [whole = '0', fraction = '00'] = checked.value.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(fraction);
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR) {
    return { ok: false, code: 'out_of_range', detail: 'The amount is too large.' };
  }
  return { ok: true, minor: negative ? -minor : minor };
}

/** Minor units → the response form, a string with two decimals (`-12.30`). */
export function formatMinorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
