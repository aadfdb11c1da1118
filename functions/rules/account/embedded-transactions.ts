import { toMinorUnits } from '../transactions/amount.js';
import type { TransactionToStore } from '../transactions/transaction.js';
import type { TransactionType } from '../transactions/transaction-types.js';
import type { Account } from './account.js';
import { accountTransactions } from './statement-period.js';

/** A transaction the account carries, as creation stores it: in its statement period. */
export interface EmbeddedTransaction extends TransactionToStore {
  /** First day of the statement period it belongs to (the closed initial one or the open one). */
  statement_period_start: string;
}

/**
 * The account's transactions (both lists, current statement first) as creation stores them,
 * with every field they carry: those dated before the open statement period go to the closed
 * initial statement (`closedStart`), the others to the open one. Their dates are kept, not moved:
 * the periods are made to hold them. The payload's rules have judged them already (amounts, ids,
 * types, dates not in the future), so this only converts. Pure.
 */
export function embeddedTransactions(
  account: Account,
  periods: { openStart: string; closedStart?: string },
): EmbeddedTransaction[] {
  return accountTransactions(account).map((raw, index) => {
    const { amount, ...fields } = raw as { amount: string | number } & Record<string, unknown>;
    const minor = toMinorUnits(amount);
    if (!minor.ok) throw new Error(`Transaction ${index} has an amount the rules should have refused`);
    const date = String(fields.transaction_date);
    return {
      ...(fields as Omit<TransactionToStore, 'index' | 'amount_minor' | 'type'>),
      index,
      type: fields.type as TransactionType,
      amount_minor: minor.minor,
      statement_period_start:
        date < periods.openStart && periods.closedStart !== undefined
          ? periods.closedStart
          : periods.openStart,
    };
  });
}
