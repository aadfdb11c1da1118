import type { ImportedAccount } from '../rules/import-process.js';
import type { TransactionToStore } from '../rules/transactions/transaction.js';
import { batchGetItems, itemKey } from './batch-get.js';
import { keys } from './keys.js';

/**
 * Read only (dry runs): the request indexes of the transactions the account already has. Every
 * key is read, whatever `check_previously_added` says: a real call never writes an existing
 * `transaction_id` twice, so the prediction must know them all.
 */
export async function existingTransactions(
  account: ImportedAccount,
  transactions: readonly TransactionToStore[],
): Promise<Set<number>> {
  const keyOf = (transaction: TransactionToStore) =>
    keys.transaction(account.service_account_number, transaction.transaction_id);
  if (transactions.length === 0) return new Set();
  const found = await batchGetItems(transactions.map(keyOf), ['pk', 'sk']);
  return new Set(
    transactions.filter((transaction) => found.has(itemKey(keyOf(transaction)))).map((t) => t.index),
  );
}
