/**
 * The one reader of dates and date-times. The request schemas' `date` and `date-time` formats
 * (functions/validation/formats.ts) accept exactly what these functions read, and the rules read
 * request values with them, so a value the schema let through always names an instant.
 *
 * The grammar is RFC 3339's:
 *   - a date is `YYYY-MM-DD`, a day that exists in that month (29 February in leap years only);
 *   - a date-time is a date, `T` (or `t`, or a space), `hh:mm:ss`, optional fraction digits and
 *     an offset, `Z` (or `z`) or `±hh:mm`. Fraction digits beyond milliseconds are dropped.
 *   - Refused although lenient validators accept them: a leap second (`…:60`), which RFC 3339
 *     allows but no clock of this service (JavaScript's `Date`, the ISO strings the table keys
 *     sort by) can hold; an offset without its minutes (`+01`) or its colon (`+0100`), which
 *     RFC 3339 does not allow.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Midnight UTC of a `YYYY-MM-DD` day that exists (ms since the epoch); `undefined` for any other string. */
export function parseDate(value: string): number | undefined {
  const parts = DATE.exec(value);
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return at.getTime();
}

/** The instant (ms since the epoch) an RFC 3339 date-time names; `undefined` for any other string. */
export function parseDateTime(value: string): number | undefined {
  const parts = DATE_TIME.exec(value);
  if (!parts) return undefined;
  const midnight = parseDate(parts[1]!);
  const [hour, minute, second] = [Number(parts[2]), Number(parts[3]), Number(parts[4])];
  const [offsetHours, offsetMinutes] = [Number(parts[7] ?? 0), Number(parts[8] ?? 0)];
  if (midnight === undefined || hour > 23 || minute > 59 || second > 59) return undefined;
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const milliseconds = Number((parts[5] ?? '').padEnd(3, '0').slice(0, 3));
  const offset = (parts[6] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return midnight + ((hour * 60 + minute - offset) * 60 + second) * 1000 + milliseconds;
}

/**
 * The instant of a date-time a request schema has already accepted. Throws for any other string:
 * a value that reaches a rule unchecked is a bug, not a client's mistake.
 */
export function dateTimeMs(value: string): number {
  const ms = parseDateTime(value);
  if (ms === undefined)
    throw new TypeError('A date-time the request schema should have refused reached a rule');
  return ms;
}
