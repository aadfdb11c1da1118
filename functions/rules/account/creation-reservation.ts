import { isoDateTime } from '../values/dates.js';
import type { Account } from './account.js';
import type { AccountNumbers } from './account-number.js';
import { accountStatementPeriods } from './statement-period.js';

/**
 * What a creation fixes before its first write and records on the import process, so that a
 * re-drive of an interrupted creation goes on with the same numbers, dates and ids: the
 * account's numbers, its creation time, its statement periods and the block of
 * service-allocated integer ids its users, consents, agreements… take (`first_service_id` onwards).
 */
export interface CreationReservation {
  service_account_number: string;
  ledger_number: string;
  account_created_at: string;
  open_statement_period_start: string;
  /** The closed initial statement period, when the account has items dated before the open one. */
  closed_statement_period?: { start_date: string; end_date: string };
  first_service_id: number;
  service_id_count: number;
}

export function creationReservation(
  account: Account,
  numbers: AccountNumbers,
  createdAt: Date,
  ids: { first: number; count: number },
): CreationReservation {
  const periods = accountStatementPeriods(account, createdAt);
  return {
    service_account_number: numbers.serviceAccountNumber,
    ledger_number: numbers.ledgerNumber,
    account_created_at: isoDateTime(createdAt),
    open_statement_period_start: periods.openStart,
    ...(periods.closed ? { closed_statement_period: periods.closed } : {}),
    first_service_id: ids.first,
    service_id_count: ids.count,
  };
}
