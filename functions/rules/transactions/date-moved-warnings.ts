import type { Warning } from '../post-import/warnings.js';
import type { TransactionToStore } from './transaction.js';

/**
 * One `transaction_date_moved` warning for each transaction of the request whose date was
 * moved into the open statement period (forcing), in request order; none when nothing moved.
 */
export function dateMovedWarnings(transactions: readonly TransactionToStore[]): Warning[] {
  return transactions.flatMap((transaction) =>
    transaction.original_transaction_date === undefined
      ? []
      : [
          {
            attr: `transactions.${transaction.index}.transaction_date`,
            code: 'transaction_date_moved',
            detail: `The date ${transaction.original_transaction_date} is before the open statement period, so the transaction was moved to ${transaction.transaction_date}, the period's first day.`,
            from: transaction.original_transaction_date,
            to: transaction.transaction_date,
          },
        ],
  );
}
