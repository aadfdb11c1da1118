import type { ImportedAccount } from '../rules/import-process.js';
import { TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';
import type { CancellationReason, TransactItem } from './transact-write.js';

/**
 * Ledger entry ids of an account. The account item's `next_ledger_entry_id` is the next free id
 * (1 when the account is created). A request reserves ONE block for its transactions, inside
 * the first TransactWriteItems that adds any of them (no request of its own): an Update of the
 * account item `SET next_ledger_entry_id = :end`, conditional on the value the request expects.
 *
 * The expected value comes from the import process item the request has already read, which
 * carries `ledger_entry_id_hint` (set to the counter's new value in the same transaction). When
 * the hint is stale (a concurrent request reserved first, or the account has no hint yet) the
 * condition fails, the cancellation returns the account item as stored (ALL_OLD), and the write
 * is retried with the counter's actual value. Ids are unique because every reservation moves the
 * counter conditionally, and they increase in request order; ids of transactions that turn out
 * to exist stay unused (gaps are allowed).
 */
export class LedgerEntryIds {
  /** The counter value the next reservation expects. */
  private expected: number;
  /** The next id of this request's block, once reserved. */
  private next: number | undefined;

  constructor(private readonly account: ImportedAccount) {
    this.expected = account.ledger_entry_id_hint ?? 1;
  }

  /** True once a write of this request has reserved the block. */
  get reserved(): boolean {
    return this.next !== undefined;
  }

  /** The id of the next write's first transaction. */
  firstId(): number {
    return this.next ?? this.expected;
  }

  /** The two Updates that reserve `count` ids in the write that carries them (before the block is reserved). */
  reservation(count: number): TransactItem[] {
    const end = this.expected + count;
    return [
      {
        Update: {
          TableName: TABLE_NAME,
          Key: keys.account(this.account.service_account_number),
          UpdateExpression: 'SET next_ledger_entry_id = :end',
          ConditionExpression: 'next_ledger_entry_id = :expected',
          ExpressionAttributeValues: { ':end': end, ':expected': this.expected },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      {
        Update: {
          TableName: TABLE_NAME,
          Key: keys.importProcess(this.account.import_supplier, this.account.external_account_number),
          UpdateExpression: 'SET ledger_entry_id_hint = :end',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':end': end },
        },
      },
    ];
  }

  /**
   * After a cancelled write that carried the reservation: true (and the expected value taken
   * from the stored account) when the counter was not where the request expected it.
   */
  counterMoved(reason: CancellationReason | undefined): boolean {
    if (reason?.code !== 'ConditionalCheckFailed') return false;
    const stored = Number(reason.item?.next_ledger_entry_id);
    if (!Number.isSafeInteger(stored) || stored < 1) throw new Error('Invalid next_ledger_entry_id');
    this.expected = stored;
    return true;
  }

  /** After a write that stored `written` transactions with ids from `firstId()` on. */
  wrote(written: number): void {
    this.next = this.firstId() + written;
  }
}
