import { isoDate, nextDay } from '../values/dates.js';
import type { Account } from './account.js';

/**
 * First day of the account's first (open-ended) statement period: the day after
 * `last_billed_to_date`, or the creation date (UTC) when the payload has none.
 */
export function firstStatementPeriodStart(lastBilledToDate: string | undefined, createdAt: Date): string {
  return lastBilledToDate ? nextDay(lastBilledToDate) : isoDate(createdAt);
}

/** The day before `date` (YYYY-MM-DD). */
function previousDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return isoDate(day);
}

/** The account's two kinds of statement period at creation. */
export interface AccountStatementPeriods {
  /** First day of the open statement period. */
  openStart: string;
  /** The closed initial statement: from the earliest item dated before the open period to its eve. */
  closed?: { start_date: string; end_date: string };
}

/** The last day the old system billed: `last_billed_to_date`, else the last statement's closing date. */
export function lastClosingDate(
  account: Pick<Account, 'last_billed_to_date' | 'statements'>,
): string | undefined {
  if (account.last_billed_to_date) return account.last_billed_to_date;
  const closings = (account.statements ?? []).map((statement) => statement.bill_period_to_date).sort();
  return closings.at(-1);
}

/**
 * The statement periods creation makes: the open one starts the day after the last closing date
 * (`last_billed_to_date`, else the last statement's `bill_period_to_date`), or on the creation
 * date when the account has neither. The account's transactions dated before it belong to the
 * closed initial statement, which starts on the earliest of them (and of its statements' periods).
 */
export function accountStatementPeriods(account: Account, createdAt: Date): AccountStatementPeriods {
  const closing = lastClosingDate(account);
  const openStart = closing ? nextDay(closing) : isoDate(createdAt);
  const earlier = [
    ...accountTransactions(account).map((transaction) => transaction.transaction_date),
    ...(account.statements ?? []).map((statement) => statement.bill_period_from_date),
  ].filter((date) => date < openStart);
  if (earlier.length === 0) return { openStart };
  return { openStart, closed: { start_date: earlier.sort()[0]!, end_date: previousDay(openStart) } };
}

/** Both transaction lists of the account, current statement first. */
export function accountTransactions(account: Account) {
  return [
    ...(account.current_statement_transactions ?? []),
    ...(account.historical_statement_transactions ?? []),
  ];
}
