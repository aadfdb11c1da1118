import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import type { ImportedAccount } from '../rules/import-process.js';
import type { NoteToStore } from '../rules/notes/note.js';
import type { TransactionToStore } from '../rules/transactions/transaction.js';
import { batchGetItems, itemKey } from './batch-get.js';
import { documentClient, LIMITS, TABLE_NAME } from './dynamodb.js';
import { chunkBySize, estimatedBytes, MAX_TRANSACTION_BYTES } from './item-size.js';
import { keys } from './keys.js';
import { noteItem } from './note-store.js';
import { writeEventsAlone } from './outbox-write.js';
import type { TransactItem } from './transact-write.js';
import { retryDeadline, transactWriteWithRetry } from './transact-write-retry.js';

/**
 * Transactions of an account (`ACCOUNT#<service number>` / `TXN#<transaction_id>`), written
 * with their ledger entry ids and events:
 *
 * - ONE batched pre-read (BatchGetItem, ≤100 keys a call) of the account item (ledger entry
 *   counter) and the transactions' keys (skipped with `check_previously_added=false`; keys that
 *   would need a call of their own are left to the conditional write);
 * - then TransactWriteItems of ≤100 items: up to 98 transaction Puts (conditional on
 *   attribute_not_exists), ONE Update of the account's `next_ledger_entry_id` (conditional on
 *   the value read: ids are unique and contiguous within the ledger), ONE outbox item with
 *   the chunk's events and, when the write adds transactions that were moved into the open
 *   statement period, ONE pinned note naming exactly those.
 *
 * A concurrent writer shows up as a cancelled transaction: transactions that exist now are
 * dropped (reported TRANSACTION_ALREADY_EXISTS), the counter is taken from the cancellation
 * (ALL_OLD), and the chunk is rebuilt with its events and note and retried after a jittered
 * pause (see transact-write-retry.ts).
 */

/** Keys, ledger fields and the transaction's event in the outbox item, on top of its own fields. */
const PER_TRANSACTION_OVERHEAD_BYTES = 2_000;

export interface LedgerEntry {
  transaction: TransactionToStore;
  ledgerEntryId: number;
}

export interface StoreTransactionsInput {
  account: ImportedAccount;
  transactions: readonly TransactionToStore[];
  checkPreviouslyAdded: boolean;
  /** The request's batch id (identifier of its `post_import.completed` event), kept on each transaction. */
  batchId: string;
  /**
   * The pinned note explaining the moved transactions of one write (undefined when none was
   * moved); it is written in that write's transaction.
   */
  forcedNote: (moved: readonly TransactionToStore[]) => NoteToStore | undefined;
  /** Events of one chunk; `final` for the request's last write. */
  eventsFor: (entries: readonly LedgerEntry[], final: boolean) => EventDetail[];
}

function transactionItem(account: ImportedAccount, entry: LedgerEntry, batchId: string, recordedAt: string) {
  // Line and tax items are kept as JSON text: their numbers are free-form and DynamoDB numbers
  // cannot hold every double (e.g. 1e-200).
  const { index: _index, line_items, tax_items, ...fields } = entry.transaction;
  return {
    ...keys.transaction(account.service_account_number, entry.transaction.transaction_id),
    entity: 'Transaction',
    account_number: account.service_account_number,
    ledger_number: account.ledger_number,
    ledger_entry_id: entry.ledgerEntryId,
    ...fields,
    ...(line_items ? { line_items: JSON.stringify(line_items) } : {}),
    ...(tax_items ? { tax_items: JSON.stringify(tax_items) } : {}),
    batch_id: batchId,
    recorded_at: recordedAt,
  };
}

async function readCounter(account: ImportedAccount): Promise<number> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.account(account.service_account_number),
      ProjectionExpression: 'next_ledger_entry_id',
      ConsistentRead: true,
    }),
  );
  return counterOf(Item, account);
}

function counterOf(item: Record<string, unknown> | undefined, account: ImportedAccount): number {
  if (!item) throw new Error(`Account item of ${account.service_account_number} is missing`);
  const value = Number(item.next_ledger_entry_id ?? 1);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error('Invalid next_ledger_entry_id');
  return value;
}

function counterUpdate(account: ImportedAccount, expected: number, next: number): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: keys.account(account.service_account_number),
      UpdateExpression: 'SET next_ledger_entry_id = :next',
      ConditionExpression: 'attribute_exists(pk) AND next_ledger_entry_id = :expected',
      ExpressionAttributeValues: { ':next': next, ':expected': expected },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** Stores the transactions the account does not have yet; returns the request indexes added. */
export async function storeNewTransactions(input: StoreTransactionsInput): Promise<Set<number>> {
  const { account, transactions } = input;
  const san = account.service_account_number;
  const accountKey = keys.account(san);
  const transactionKey = (transaction: TransactionToStore) =>
    keys.transaction(san, transaction.transaction_id);

  const candidates = input.checkPreviouslyAdded ? transactions.map(transactionKey) : [];
  const calls = Math.max(1, Math.ceil(candidates.length / LIMITS.batchGetItem));
  const found = await batchGetItems(
    [accountKey, ...candidates.slice(0, calls * LIMITS.batchGetItem - 1)],
    ['pk', 'sk', 'next_ledger_entry_id'],
  );
  let counter = counterOf(found.get(itemKey(accountKey)), account);
  const fresh = transactions.filter((transaction) => !found.has(itemKey(transactionKey(transaction))));

  const added = new Set<number>();
  if (fresh.length === 0) return added;
  const anyMoved = fresh.some((transaction) => transaction.original_transaction_date);
  const capacity = LIMITS.transactWriteItems - 2 - (anyMoved ? 1 : 0);
  // By count (the 100-item limit) and by size (the 4 MB limit; a forced note needs ≤ 40 KB).
  const chunks = chunkBySize(
    fresh,
    (transaction) => estimatedBytes(transaction) + PER_TRANSACTION_OVERHEAD_BYTES,
    capacity,
    MAX_TRANSACTION_BYTES - 40_000,
  );
  // One time budget for the whole request: every chunk's retries come out of it.
  const deadline = retryDeadline();

  let completedWritten = false;
  for (const [chunkIndex, chunk] of chunks.entries()) {
    const final = chunkIndex === chunks.length - 1;
    let pending = chunk;
    let entries: LedgerEntry[] = [];
    const wrote = await transactWriteWithRetry(
      {
        items: () => {
          if (pending.length === 0) return undefined;
          const recordedAt = new Date().toISOString();
          entries = pending.map((transaction, k) => ({ transaction, ledgerEntryId: counter + k }));
          const items: TransactItem[] = entries.map((entry) => ({
            Put: {
              TableName: TABLE_NAME,
              Item: transactionItem(account, entry, input.batchId, recordedAt),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          }));
          items.push(counterUpdate(account, counter, counter + entries.length));
          // The note names exactly the moved transactions this write adds: a write that
          // fails, or loses some transactions to a concurrent request, is rebuilt with it.
          const note = input.forcedNote(
            pending.filter((transaction) => transaction.original_transaction_date),
          );
          if (note) items.push({ Put: { TableName: TABLE_NAME, Item: noteItem(account, note, recordedAt) } });
          items.push(outboxPut(TABLE_NAME, input.eventsFor(entries, final)));
          return items;
        },
        resolve: async (reasons) => {
          const existing = new Set(
            pending
              .filter((_t, position) => reasons[position]?.code === 'ConditionalCheckFailed')
              .map((t) => t.index),
          );
          const counterReason = reasons[entries.length];
          const counterMoved = counterReason?.code === 'ConditionalCheckFailed';
          if (existing.size === 0 && !counterMoved) {
            throw new Error(`Transaction write cancelled: ${reasons.map((reason) => reason.code).join(',')}`);
          }
          pending = pending.filter((transaction) => !existing.has(transaction.index));
          if (!counterMoved) return 'retry-now';
          counter = counterReason.item ? counterOf(counterReason.item, account) : await readCounter(account);
          // Another request took the ids: pause so that concurrent writers spread out.
          return 'retry-after-pause';
        },
      },
      { deadline },
    );
    if (wrote) {
      for (const transaction of pending) added.add(transaction.index);
      counter += entries.length;
      if (final) completedWritten = true;
    }
  }
  if (added.size > 0 && !completedWritten) {
    await writeEventsAlone(input.eventsFor([], true));
  }
  return added;
}
