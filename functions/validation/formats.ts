/**
 * The string formats the request schemas use, for the compiled request validators
 * (`npm run generate` points ajv's `code.formats` here). They decide exactly as ajv-formats'
 * full `date` and `date-time` formats do (test/http/request-formats.unit.test.ts compares them
 * over a corpus), but a bundle carries only these two checks: ajv-formats builds every format
 * it knows, fast and full, when it loads (docs/contributing/cold-starts.md). `email` is a
 * regular expression ajv writes into the validator itself.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(z|([+-])(\d{2})(?::?(\d{2}))?)?$/i;
const DATE_TIME_SEPARATOR = /t|\s/i;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** RFC 3339 full-date: `YYYY-MM-DD`, a day that exists in that month. */
function isDate(value: string): boolean {
  const parts = DATE.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * RFC 3339 full-time with its offset required. A leap second (`:60`) is accepted only where
 * it can occur: at 23:59 UTC.
 */
function isTimeWithOffset(value: string): boolean {
  const parts = TIME.exec(value);
  if (!parts || parts[4] === undefined) return false;
  const [hour, minute, second] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const sign = parts[5] === '-' ? -1 : 1;
  const [offsetHours, offsetMinutes] = [Number(parts[6] ?? 0), Number(parts[7] ?? 0)];
  if (offsetHours > 23 || offsetMinutes > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  const utcMinute = minute - offsetMinutes * sign;
  const utcHour = hour - offsetHours * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/** RFC 3339 date-time: a full-date, `T` (or `t`, or a space), a full-time with its offset. */
function isDateTime(value: string): boolean {
  const parts = value.split(DATE_TIME_SEPARATOR);
  return parts.length === 2 && isDate(parts[0]!) && isTimeWithOffset(parts[1]!);
}

export const date = { validate: isDate };
const dateTime = { validate: isDateTime };

export { dateTime as 'date-time' };
