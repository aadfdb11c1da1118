import { randomUUID } from 'node:crypto';
import { ValidationError } from '../errors.js';
import type { EventDetail } from '../events/outbox.js';
import type { ImportedAccount } from '../rules/import-process.js';
import { postImportCompleted } from '../rules/post-import/post-import-events.js';
import type { Warning } from '../rules/post-import/warnings.js';
import { dateMovedWarnings } from '../rules/transactions/date-moved-warnings.js';
import { forcingNote } from '../rules/transactions/forcing-note.js';
import { ledgerEntryPosted } from '../rules/transactions/ledger-events.js';
import type { TransactionRequestOptions } from '../rules/transactions/request-options.js';
import {
  type TransactionResult,
  type TransactionToStore,
  transactionResult,
} from '../rules/transactions/transaction.js';
import { duplicateTransactionIds, validateTransaction } from '../rules/transactions/validate-transaction.js';
import { existingTransactions } from '../store/existing-transactions.js';
import { storeNewTransactions } from '../store/transaction-store.js';
import type { DryRunOption } from './dry-run.js';

export interface TransactionsOutcome {
  results: TransactionResult[];
  /** One per transaction whose date was moved into the open statement period (forcing). */
  warnings: Warning[];
}

/**
 * Endpoint 2: adds transactions to an imported account's ledger. The whole request is
 * validated first (duplicate ids → standard 400; the first failing transaction → the spec's
 * TRANSACTION_IMPORT_ERROR body), so a 400 writes nothing. Then each transaction the account
 * does not have yet is stored with a ledger entry id and its `billing.ledger.entry_posted` v2
 * event; one `post_import.completed` (TRANSACTION_BATCH) per request that added any. A dry
 * run validates the same way and reads which transactions exist, and writes nothing.
 */
export async function createTransactions(
  account: ImportedAccount,
  rawTransactions: readonly unknown[],
  options: TransactionRequestOptions & DryRunOption,
  now = new Date(),
): Promise<TransactionsOutcome> {
  const duplicates = duplicateTransactionIds(rawTransactions);
  if (duplicates.length > 0) {
    throw new ValidationError(
      duplicates.map(({ attr, id }) => ({
        attr,
        code: 'duplicate_transaction_ids',
        detail: `The transaction_id ${JSON.stringify(id)} appears more than once in this request.`,
      })),
    );
  }
  const rules = {
    now,
    openPeriodStart: account.open_statement_period_start,
    forceAddToCurrentStatement: options.forceAddToCurrentStatement,
  };
  const transactions = rawTransactions.map((raw, index) => validateTransaction(raw, index, rules));

  const added = options.dryRun
    ? await transactionsThatWouldBeAdded(account, transactions)
    : await store(account, transactions, now);
  return {
    results: transactions.map((transaction) =>
      transactionResult(
        transaction,
        added.has(transaction.index) ? 'TRANSACTION_ADDED_TO_ACCOUNT' : 'TRANSACTION_ALREADY_EXISTS',
      ),
    ),
    warnings: dateMovedWarnings(transactions),
  };
}

async function transactionsThatWouldBeAdded(
  account: ImportedAccount,
  transactions: readonly TransactionToStore[],
): Promise<Set<number>> {
  const existing = await existingTransactions(account, transactions);
  return new Set(transactions.filter((t) => !existing.has(t.index)).map((t) => t.index));
}

function store(
  account: ImportedAccount,
  transactions: readonly TransactionToStore[],
  now: Date,
): Promise<Set<number>> {
  const batchId = randomUUID();
  return storeNewTransactions({
    account,
    transactions,
    batchId,
    forcedNote: (moved) =>
      moved.length > 0 ? forcingNote(moved, account.open_statement_period_start, now) : undefined,
    eventsFor: (entries, final) => {
      const events: EventDetail[] = entries.map(({ transaction, ledgerEntryId }) =>
        ledgerEntryPosted(account, ledgerEntryId, transaction.type),
      );
      if (final) events.push(postImportCompleted(account, 'TRANSACTION_BATCH', batchId));
      return events;
    },
  });
}
