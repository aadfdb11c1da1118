import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { RetryableError } from '../errors.js';
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
import { backoff, isConflictOnly, type TransactItem, transactWrite } from './transact-write.js';

/**
 * Transactions of an account (`ACCOUNT#<service number>` / `TXN#<transaction_id>`), written
 * with their ledger entry ids and events (design.md §7):
 *
 * - ONE batched pre-read (BatchGetItem, ≤100 keys a call) of the account item (ledger entry
 *   counter) and the transactions' keys (skipped with `check_previously_added=false`; keys that
 *   would need a call of their own are left to the conditional write);
 * - then TransactWriteItems of ≤100 items: up to 98 transaction Puts (conditional on
 *   attribute_not_exists), ONE Update of the account's `next_ledger_entry_id` (conditional on
 *   the value read: ids are unique within the ledger) and ONE outbox item with the chunk's
 *   events (plus the request's pinned note in a chunk when transactions were moved).
 *
 * A concurrent writer shows up as a cancelled transaction: transactions that exist now are
 * dropped (reported TRANSACTION_ALREADY_EXISTS), the counter is taken from the cancellation
 * (ALL_OLD), and the chunk is rebuilt with its events and retried.
 */

const MAX_ATTEMPTS = 10;
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
  /** The pinned note explaining moved transactions (undefined when none was moved). */
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
  const dropped = new Set<number>();
  if (fresh.length === 0) return added;
  const movedOf = () =>
    fresh.filter((transaction) => transaction.original_transaction_date && !dropped.has(transaction.index));
  let notePending = input.forcedNote(movedOf()) !== undefined;
  const capacity = LIMITS.transactWriteItems - 2 - (notePending ? 1 : 0);
  // By count (the 100-item limit) and by size (the 4 MB limit; the forced note needs ≤ 40 KB).
  const chunks = chunkBySize(
    fresh,
    (transaction) => estimatedBytes(transaction) + PER_TRANSACTION_OVERHEAD_BYTES,
    capacity,
    MAX_TRANSACTION_BYTES - 40_000,
  );

  let completedWritten = false;
  for (const [chunkIndex, chunk] of chunks.entries()) {
    const final = chunkIndex === chunks.length - 1;
    let pending = chunk;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new RetryableError();
      const recordedAt = new Date().toISOString();
      const entries = pending.map((transaction, k) => ({ transaction, ledgerEntryId: counter + k }));
      const items: TransactItem[] = entries.map((entry) => ({
        Put: {
          TableName: TABLE_NAME,
          Item: transactionItem(account, entry, input.batchId, recordedAt),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }));
      items.push(counterUpdate(account, counter, counter + entries.length));
      const note = notePending ? input.forcedNote(movedOf()) : undefined;
      if (note) items.push({ Put: { TableName: TABLE_NAME, Item: noteItem(account, note, recordedAt) } });
      items.push(outboxPut(TABLE_NAME, input.eventsFor(entries, final)));

      const result = await transactWrite(items);
      if (result.ok) {
        for (const transaction of pending) added.add(transaction.index);
        counter += entries.length;
        if (note) notePending = false;
        if (final) completedWritten = true;
        break;
      }
      const reasons = result.reasons;
      const existing = new Set(
        pending
          .filter((_t, position) => reasons[position]?.code === 'ConditionalCheckFailed')
          .map((t) => t.index),
      );
      const counterReason = reasons[entries.length];
      if (existing.size > 0 || counterReason?.code === 'ConditionalCheckFailed') {
        for (const index of existing) dropped.add(index);
        pending = pending.filter((transaction) => !existing.has(transaction.index));
        if (counterReason?.code === 'ConditionalCheckFailed') {
          counter = counterReason.item ? counterOf(counterReason.item, account) : await readCounter(account);
        }
      } else if (isConflictOnly(reasons)) {
        await backoff(attempt);
      } else {
        throw new Error(`Transaction write cancelled: ${reasons.map((reason) => reason.code).join(',')}`);
      }
    }
  }
  if (added.size > 0 && !completedWritten) {
    await writeEventsAlone(input.eventsFor([], true));
  }
  return added;
}
