import { type EventDetail, outboxPut } from '../events/outbox.js';
import type { ImportedAccount } from '../rules/import-process.js';
import type { NoteToStore } from '../rules/notes/note.js';
import type { TransactionToStore } from '../rules/transactions/transaction.js';
import { SummaryShard, summaryUpdate } from './account-summary-store.js';
import { LIMITS, TABLE_NAME } from './dynamodb.js';
import { chunkBySize, estimatedBytes, MAX_TRANSACTION_BYTES } from './item-size.js';
import { keys } from './keys.js';
import { LedgerEntryIds } from './ledger-entry-ids.js';
import { noteItem } from './note-store.js';
import { writeEventsAlone } from './outbox-write.js';
import type { TransactItem } from './transact-write.js';
import { type Resolution, retryDeadline, transactWriteWithRetry } from './transact-write-retry.js';

/**
 * Transactions of an account (`ACCOUNT#<service number>` / `TXN#<transaction_id>`), written
 * with their ledger entry ids and events, with no read before the writes: TransactWriteItems
 * of ≤100 items, each holding up to 96 transaction Puts conditional on attribute_not_exists,
 * ONE Update of a shard of the account's summary aggregates, ONE outbox item with the chunk's
 * events, the Updates that reserve the request's ledger entry ids in the first write that adds
 * any (./ledger-entry-ids.ts) and, when the write adds transactions that were moved into
 * the open statement period, ONE pinned note naming exactly those.
 *
 * A transaction the account already has fails its condition: the cancellation reasons name it,
 * and only that chunk is written again without it (it is reported as existing). When nothing
 * exists yet, a request of N transactions is ceil(N/96) writes.
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

/** Items of a write besides its transactions: summary shard, outbox, the ledger id reservation (2). */
const ITEMS_BESIDE_TRANSACTIONS = 4;

/** Stores the transactions the account does not have yet; returns the request indexes added. */
export async function storeNewTransactions(input: StoreTransactionsInput): Promise<Set<number>> {
  const { account, transactions } = input;
  const added = new Set<number>();
  if (transactions.length === 0) return added;
  const chunks = writeChunks(transactions);
  // One time budget for the whole request: every chunk's retries come out of it.
  const deadline = retryDeadline();
  const shard = new SummaryShard();
  const ids = new LedgerEntryIds(account);

  let completedWritten = false;
  for (const [chunkIndex, chunk] of chunks.entries()) {
    const final = chunkIndex === chunks.length - 1;
    // Ids for this chunk (what is left of it) and every later one, reserved by the first write that adds any.
    const later = chunks.slice(chunkIndex + 1).reduce((sum, next) => sum + next.length, 0);
    let pending = chunk;
    let entries: LedgerEntry[] = [];
    let idItemsAt = -1;
    const wrote = await transactWriteWithRetry(
      {
        items: () => {
          if (pending.length === 0) return undefined;
          const write = chunkWrite({ input, shard, ids, pending, later, final });
          entries = write.entries;
          idItemsAt = write.idItemsAt;
          return write.items;
        },
        resolve: async (reasons): Promise<Resolution> => {
          const existing = new Set(
            pending
              .filter((_t, position) => reasons[position]?.code === 'ConditionalCheckFailed')
              .map((t) => t.index),
          );
          const shardFull = shard.overflowed(reasons[entries.length]);
          // Transactions stored before (or by a concurrent request) are reported as existing.
          pending = pending.filter((transaction) => !existing.has(transaction.index));
          const counterMoved = await ids.counterMoved(reasons, idItemsAt, pending.length + later);
          if (existing.size === 0 && !shardFull && !counterMoved) {
            throw new Error(`Transaction write cancelled: ${reasons.map((reason) => reason.code).join(',')}`);
          }
          return 'retry-now';
        },
      },
      { deadline },
    );
    if (wrote) {
      ids.wrote(pending.length, pending.length + later);
      for (const transaction of pending) added.add(transaction.index);
      if (final) completedWritten = true;
    }
  }
  const closing = added.size > 0 && !completedWritten ? input.eventsFor([], true) : [];
  if (closing.length > 0) {
    await writeEventsAlone(closing);
  }
  return added;
}

/** The request's transactions cut into writes: by count (the 100-item limit) and by size (the 4 MB limit; a forced note needs ≤ 40 KB). */
function writeChunks(transactions: readonly TransactionToStore[]): TransactionToStore[][] {
  const anyMoved = transactions.some((transaction) => transaction.original_transaction_date);
  const capacity = LIMITS.transactWriteItems - ITEMS_BESIDE_TRANSACTIONS - (anyMoved ? 1 : 0);
  return chunkBySize(
    transactions,
    (transaction) => estimatedBytes(transaction) + PER_TRANSACTION_OVERHEAD_BYTES,
    capacity,
    MAX_TRANSACTION_BYTES - 40_000,
  );
}

/**
 * The items of one write of `pending` (what is left of a chunk): each transaction (only if
 * new), the summary shard, the forcing note, the outbox, and the ledger ids reserved for it and
 * the `later` transactions of the request; with the entries written and where the id items start.
 */
function chunkWrite(write: {
  input: StoreTransactionsInput;
  shard: SummaryShard;
  ids: LedgerEntryIds;
  pending: readonly TransactionToStore[];
  later: number;
  final: boolean;
}): { items: TransactItem[]; entries: LedgerEntry[]; idItemsAt: number } {
  const { input, shard, ids, pending } = write;
  const { account } = input;
  const recordedAt = new Date().toISOString();
  const firstId = ids.firstId();
  const entries = pending.map((transaction, k) => ({ transaction, ledgerEntryId: firstId + k }));
  const items: TransactItem[] = entries.map((entry) => ({
    Put: {
      TableName: TABLE_NAME,
      Item: transactionItem(account, entry, input.batchId, recordedAt),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));
  // The note names exactly the moved transactions this write adds: a write that
  // fails, or loses some transactions to a concurrent request, is rebuilt with it.
  const note = input.forcedNote(pending.filter((transaction) => transaction.original_transaction_date));
  items.push(
    summaryUpdate(account.service_account_number, shard, {
      transactions: pending,
      notes: note ? 1 : 0,
    }) as TransactItem,
  );
  if (note) items.push({ Put: { TableName: TABLE_NAME, Item: noteItem(account, note, recordedAt) } });
  const events = input.eventsFor(entries, write.final);
  if (events.length > 0) items.push(outboxPut(TABLE_NAME, events));
  const idItems = ids.itemsFor(pending.length + write.later);
  const idItemsAt = idItems.length > 0 ? items.length : -1;
  items.push(...idItems);
  return { items, entries, idItemsAt };
}
