import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportedAccount } from '../rules/import-process.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';
import type { CancellationReason, TransactItem } from './transact-write.js';

/**
 * Ledger entry ids of an account. The account item's `next_ledger_entry_id` is the next free id
 * (1 when the account is created); every reservation moves it forward atomically and takes the
 * ids in between, so ids are unique. A request reserves ONE block for its transactions:
 *
 * - In the common case, inside the first TransactWriteItems that adds any of them (no request of
 *   its own): an Update `SET next_ledger_entry_id = :end` conditional on the value the request
 *   expects, which it finds in `ledger_entry_id_hint` on the import process item it has already
 *   read; the same write sets the hint to `:end`.
 * - When the counter is not where the hint says (a concurrent request reserved first, an account
 *   with no hint yet), that write is cancelled; the request then reserves apart, with one
 *   UpdateItem `ADD next_ledger_entry_id :n` (the SDK's answer gives the block), and its next write
 *   carries only the hint. So concurrent requests to one account meet on the counter at most once
 *   each, and never wait for one another's transactions to end.
 *
 * Ids increase in request order; ids of transactions that turn out to exist stay unused (gaps).
 */
export class LedgerEntryIds {
  /** The counter value the conditional reservation expects. */
  private readonly expected: number;
  /** This request's block, once reserved: the next id to use, its end, whether a write set the hint. */
  private block: { next: number; end: number; hinted: boolean } | undefined;

  constructor(private readonly account: ImportedAccount) {
    this.expected = account.ledger_entry_id_hint ?? 1;
  }

  /** The id of the next write's first transaction. */
  firstId(): number {
    return this.block?.next ?? this.expected;
  }

  /**
   * The items the next write carries for the ids of `count` transactions (it and every later
   * write's): the conditional counter Update and the hint in the first write, the hint alone
   * after a reservation apart, nothing once a write set the hint.
   */
  itemsFor(count: number): TransactItem[] {
    if (!this.block) {
      const end = this.expected + count;
      return [
        {
          Update: {
            TableName: TABLE_NAME,
            Key: keys.account(this.account.service_account_number),
            UpdateExpression: 'SET next_ledger_entry_id = :end',
            ConditionExpression: 'next_ledger_entry_id = :expected',
            ExpressionAttributeValues: { ':end': end, ':expected': this.expected },
          },
        },
        this.hint(end),
      ];
    }
    return this.block.hinted ? [] : [this.hint(this.block.end)];
  }

  /**
   * After a cancelled write whose id items began at `position`: true when the conditional
   * reservation failed (the counter had moved); the block of `count` ids is then reserved apart.
   */
  async counterMoved(
    reasons: readonly CancellationReason[],
    position: number,
    count: number,
  ): Promise<boolean> {
    if (this.block || position < 0 || reasons[position]?.code !== 'ConditionalCheckFailed') return false;
    if (count === 0) return true; // everything left exists: no id is needed
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.account(this.account.service_account_number),
        UpdateExpression: 'ADD next_ledger_entry_id :count',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':count': count },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const end = Number(Attributes?.next_ledger_entry_id);
    if (!Number.isSafeInteger(end) || end - count < 1) throw new Error('Invalid next_ledger_entry_id');
    this.block = { next: end - count, end, hinted: false };
    return true;
  }

  /** After a write that stored `written` transactions with ids from `firstId()` on. */
  wrote(written: number, count: number): void {
    const next = this.firstId() + written;
    this.block = { next, end: this.block?.end ?? this.expected + count, hinted: true };
  }

  private hint(end: number): TransactItem {
    return {
      Update: {
        TableName: TABLE_NAME,
        Key: keys.importProcess(this.account.import_supplier, this.account.external_account_number),
        UpdateExpression: 'SET ledger_entry_id_hint = :end',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':end': end },
      },
    };
  }
}
