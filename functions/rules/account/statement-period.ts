import { isoDate, nextDay } from '../values/dates.js';

/**
 * First day of the account's first (open-ended) statement period: the day after
 * `last_billed_to_date`, or the creation date (UTC) when the payload has none.
 */
export function firstStatementPeriodStart(lastBilledToDate: string | undefined, createdAt: Date): string {
  return lastBilledToDate ? nextDay(lastBilledToDate) : isoDate(createdAt);
}
