import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import type { ImportedAccount } from '../rules/import-process.js';
import type { NoteToStore } from '../rules/notes/note.js';
import type { TransactionToStore } from '../rules/transactions/transaction.js';
import { SummaryShard, summaryUpdate } from './account-summary-store.js';
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
 * - ONE batched pre-read (BatchGetItem, ≤100 keys a call) of the transactions' keys (skipped
 *   with `check_previously_added=false`; keys that would need a call of their own are left to
 *   the conditional write);
 * - ONE UpdateItem that reserves a block of ledger entry ids for all the request's new
 *   transactions (`ADD next_ledger_entry_id :n` on the account item); ids are assigned in
 *   request order from that block;
 * - then TransactWriteItems of ≤100 items: up to 97 transaction Puts (conditional on
 *   attribute_not_exists), ONE Update of a shard of the account's summary aggregates, ONE
 *   outbox item with the chunk's events and, when the write adds transactions that were moved
 *   into the open statement period, ONE pinned note naming exactly those.
 *
 * The writes never touch the account item, so concurrent requests adding different
 * transactions to one account do not serialise on it. Ids are unique and increase in request
 * order, but need not be contiguous: a transaction a concurrent request stored first, or a
 * request that fails after reserving, leaves its reserved ids unused.
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

/** Reserves `count` ledger entry ids; returns the first (the block is first … first + count − 1). */
async function reserveLedgerEntryIds(account: ImportedAccount, count: number): Promise<number> {
  const { Attributes } = await documentClient.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.account(account.service_account_number),
      UpdateExpression: 'ADD next_ledger_entry_id :count',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const next = Number(Attributes?.next_ledger_entry_id);
  if (!Number.isSafeInteger(next) || next - count < 1) throw new Error('Invalid next_ledger_entry_id');
  return next - count;
}

/** Stores the transactions the account does not have yet; returns the request indexes added. */
export async function storeNewTransactions(input: StoreTransactionsInput): Promise<Set<number>> {
  const { account, transactions } = input;
  const san = account.service_account_number;
  const transactionKey = (transaction: TransactionToStore) =>
    keys.transaction(san, transaction.transaction_id);

  const candidates = input.checkPreviouslyAdded ? transactions.map(transactionKey) : [];
  const found =
    candidates.length > 0 ? await batchGetItems(candidates, ['pk', 'sk']) : new Map<string, unknown>();
  const fresh = transactions.filter((transaction) => !found.has(itemKey(transactionKey(transaction))));

  const added = new Set<number>();
  if (fresh.length === 0) return added;
  const firstId = await reserveLedgerEntryIds(account, fresh.length);
  const ledgerEntryIds = new Map(fresh.map((transaction, k) => [transaction.index, firstId + k]));
  const anyMoved = fresh.some((transaction) => transaction.original_transaction_date);
  const capacity = LIMITS.transactWriteItems - 2 - 1 - (anyMoved ? 1 : 0);
  // By count (the 100-item limit) and by size (the 4 MB limit; a forced note needs ≤ 40 KB).
  const chunks = chunkBySize(
    fresh,
    (transaction) => estimatedBytes(transaction) + PER_TRANSACTION_OVERHEAD_BYTES,
    capacity,
    MAX_TRANSACTION_BYTES - 40_000,
  );
  // One time budget for the whole request: every chunk's retries come out of it.
  const deadline = retryDeadline();
  const shard = new SummaryShard();

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
          entries = pending.map((transaction) => ({
            transaction,
            ledgerEntryId: ledgerEntryIds.get(transaction.index) as number,
          }));
          const items: TransactItem[] = entries.map((entry) => ({
            Put: {
              TableName: TABLE_NAME,
              Item: transactionItem(account, entry, input.batchId, recordedAt),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          }));
          // The note names exactly the moved transactions this write adds: a write that
          // fails, or loses some transactions to a concurrent request, is rebuilt with it.
          const note = input.forcedNote(
            pending.filter((transaction) => transaction.original_transaction_date),
          );
          items.push(
            summaryUpdate(san, shard, { transactions: pending, notes: note ? 1 : 0 }) as TransactItem,
          );
          if (note) items.push({ Put: { TableName: TABLE_NAME, Item: noteItem(account, note, recordedAt) } });
          items.push(outboxPut(TABLE_NAME, input.eventsFor(entries, final)));
          return items;
        },
        resolve: (reasons) => {
          const existing = new Set(
            pending
              .filter((_t, position) => reasons[position]?.code === 'ConditionalCheckFailed')
              .map((t) => t.index),
          );
          const shardFull = shard.overflowed(reasons[entries.length]);
          if (existing.size === 0 && !shardFull) {
            throw new Error(`Transaction write cancelled: ${reasons.map((reason) => reason.code).join(',')}`);
          }
          // Transactions a concurrent request stored first: their reserved ids stay unused.
          pending = pending.filter((transaction) => !existing.has(transaction.index));
          return 'retry-now';
        },
      },
      { deadline },
    );
    if (wrote) {
      for (const transaction of pending) added.add(transaction.index);
      if (final) completedWritten = true;
    }
  }
  if (added.size > 0 && !completedWritten) {
    await writeEventsAlone(input.eventsFor([], true));
  }
  return added;
}
