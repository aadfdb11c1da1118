/**
 * Dates and amounts as the payload writes them: dates `YYYY-MM-DD` (ordered as text), date-times
 * ISO 8601 with an offset, amounts decimal strings. Pure.
 */

/** The calendar date (UTC) of a date or date-time. */
export function dayOf(value: string): string {
  if (value.length <= 10) return value;
  const at = Date.parse(value);
  return Number.isNaN(at) ? value.slice(0, 10) : new Date(at).toISOString().slice(0, 10);
}

/** The instant of a date or date-time, in milliseconds. */
export const instantOf = (value: string): number =>
  Date.parse(value.length <= 10 ? `${value}T00:00:00Z` : value);

/** The latest of dates, or undefined for none. */
export const latest = (dates: readonly (string | undefined)[]): string | undefined =>
  dates
    .filter((date): date is string => date !== undefined)
    .sort()
    .at(-1);

/** The earliest of dates, or undefined for none. */
export const earliest = (dates: readonly (string | undefined)[]): string | undefined =>
  dates.filter((date): date is string => date !== undefined).sort()[0];

const SCALE = 8;

/** A decimal amount as an exact integer of 10⁻⁸ units (undefined when not a decimal). */
export function units(amount: string | number | undefined): bigint | undefined {
  if (amount === undefined) return undefined;
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(String(amount).trim());
  if (!match || `${match[2]}${match[3] ?? ''}` === '') return undefined;
  const fraction = (match[3] ?? '').padEnd(SCALE, '0').slice(0, SCALE);
  const value = BigInt(`${match[2] || '0'}${fraction}`);
  return match[1] === '-' ? -value : value;
}

/** The sum of amounts (absent ones count as zero). */
export const sumOf = (amounts: readonly (string | number | undefined)[]): bigint =>
  amounts.reduce<bigint>((sum, amount) => sum + (units(amount) ?? 0n), 0n);

/** Units back to a decimal string with two places (for details). */
export function decimalText(value: bigint): string {
  const negative = value < 0n;
  const cents = ((negative ? -value : value) + 500000n) / 1000000n;
  const whole = cents / 100n;
  const part = String(cents % 100n).padStart(2, '0');
  return `${negative && cents !== 0n ? '-' : ''}${whole}.${part}`;
}

/** Half-up rounding of units to `places` decimal places. */
export function roundUnits(value: bigint, places: number): bigint {
  const step = 10n ** BigInt(SCALE - places);
  const half = step / 2n;
  const rounded = value >= 0n ? ((value + half) / step) * step : -(((-value + half) / step) * step);
  return rounded;
}

/** The product of two amounts, in units. */
export const productOf = (a: bigint, b: bigint): bigint => (a * b) / 10n ** BigInt(SCALE);
