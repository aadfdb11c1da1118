import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import type { TransactionType } from '../rules/transactions/transaction-types.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { ACCOUNT_SUMMARY_PREFIX, keys } from './keys.js';
import type { CancellationReason, TransactItem } from './transact-write.js';

/**
 * Aggregates of an account, kept in the same transactions that write its transactions, notes,
 * statements and payment instruction, so that the account summary reads them with ONE Query
 * (`begins_with(sk, 'SUMMARY#')`) instead of reading every item of the account.
 *
 * Shards `SUMMARY#<n>` hold ADD-only aggregates: counts, minor-unit sums per transaction type,
 * the set of transaction dates (first and last are its minimum and maximum), and the string
 * sets of the transaction and statement ids the shard added. Each write picks one of
 * `SUMMARY_SHARDS` shards at random, so concurrent writers to one account rarely touch the
 * same item (two transactions on one item conflict with each other). A shard stops taking ids
 * once its `id_bytes` would exceed `SHARD_BYTE_BUDGET` (the 400 KB item limit): the write then
 * moves on to shard n + SUMMARY_SHARDS, and so on, so an account's ids are never capped.
 */

/** Shards a write chooses from at random. */
export const SUMMARY_SHARDS = 8;
/** Bytes of ids and dates one shard item takes before writes move on to the next generation. */
export const SHARD_BYTE_BUDGET = 300_000;

export interface SummaryTransaction {
  transaction_id: string;
  type: TransactionType;
  amount_minor: number;
  transaction_date: string;
}

/** What one write adds to the account's aggregates. */
export interface SummaryContribution {
  transactions?: readonly SummaryTransaction[];
  notes?: number;
  statementIds?: readonly string[];
}

/** The shard one write goes to; `overflow` moves it to the next generation when it is full. */
export class SummaryShard {
  private shard = Math.floor(Math.random() * SUMMARY_SHARDS);

  get current(): number {
    return this.shard;
  }

  /** True (and the shard moved on) when the cancellation says this write's shard is full. */
  overflowed(reason: CancellationReason | undefined): boolean {
    if (reason?.code !== 'ConditionalCheckFailed') return false;
    this.shard += SUMMARY_SHARDS;
    return true;
  }
}

const utf8Bytes = (values: Iterable<string>) => {
  let bytes = 0;
  for (const value of values) bytes += Buffer.byteLength(value, 'utf8');
  return bytes;
};

/** The Update of one shard that adds `contribution`; undefined when it adds nothing. */
export function summaryUpdate(
  serviceAccountNumber: string,
  shard: SummaryShard,
  contribution: SummaryContribution,
): TransactItem | undefined {
  const adds: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':entity': 'AccountSummaryShard' };
  const add = (attribute: string, value: unknown) => {
    const n = adds.length;
    names[`#a${n}`] = attribute;
    values[`:a${n}`] = value;
    adds.push(`#a${n} :a${n}`);
  };
  const transactions = contribution.transactions ?? [];
  const statementIds = contribution.statementIds ?? [];
  if (transactions.length > 0) {
    add('txn_count', transactions.length);
    const byType = new Map<string, { count: number; minor: number }>();
    for (const transaction of transactions) {
      const sum = byType.get(transaction.type) ?? { count: 0, minor: 0 };
      sum.count += 1;
      sum.minor += transaction.amount_minor;
      byType.set(transaction.type, sum);
    }
    for (const [type, sum] of byType) {
      add(`txn_count_${type}`, sum.count);
      add(`txn_minor_${type}`, sum.minor);
    }
    add('txn_ids', new Set(transactions.map((transaction) => transaction.transaction_id)));
    add('txn_dates', new Set(transactions.map((transaction) => transaction.transaction_date)));
  }
  if (contribution.notes) add('note_count', contribution.notes);
  if (statementIds.length > 0) add('statement_ids', new Set(statementIds));
  if (adds.length === 0) return undefined;
  const bytes =
    utf8Bytes(transactions.map((t) => t.transaction_id)) +
    utf8Bytes(transactions.map((t) => t.transaction_date)) +
    utf8Bytes(statementIds);
  add('id_bytes', bytes);
  values[':room'] = SHARD_BYTE_BUDGET - bytes;
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: keys.accountSummaryShard(serviceAccountNumber, shard.current),
      UpdateExpression: `SET entity = :entity ADD ${adds.join(', ')}`,
      ConditionExpression: 'attribute_not_exists(id_bytes) OR id_bytes <= :room',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** The Put that makes this payment instruction the one the account summary shows. */
export function paymentSummaryPut(
  serviceAccountNumber: string,
  instruction: { vendor: string; reference: string; type: string },
): TransactItem {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...keys.accountSummaryPayment(serviceAccountNumber),
        entity: 'AccountSummaryPayment',
        vendor: instruction.vendor,
        reference: instruction.reference,
        type: instruction.type,
      },
    },
  };
}

/** The account's aggregates: every shard added up, the id sets united. */
export interface AccountAggregates {
  transactions: {
    count: number;
    byType: Map<string, { count: number; minor: number }>;
    ids: Set<string>;
    dates: Set<string>;
  };
  notes: { count: number };
  statements: { ids: Set<string> };
  paymentInstruction?: { vendor: string; reference: string; type: string };
  created?: Record<string, number>;
}

function addShard(aggregates: AccountAggregates, item: Record<string, unknown>): void {
  const { transactions } = aggregates;
  transactions.count += Number(item.txn_count ?? 0);
  for (const [attribute, value] of Object.entries(item)) {
    const match = /^txn_(count|minor)_(.+)$/.exec(attribute);
    if (!match) continue;
    const [, field, type] = match as unknown as [string, 'count' | 'minor', string];
    const sum = transactions.byType.get(type) ?? { count: 0, minor: 0 };
    sum[field] += Number(value);
    transactions.byType.set(type, sum);
  }
  for (const id of (item.txn_ids as Set<string> | undefined) ?? []) transactions.ids.add(id);
  for (const date of (item.txn_dates as Set<string> | undefined) ?? []) transactions.dates.add(date);
  aggregates.notes.count += Number(item.note_count ?? 0);
  for (const id of (item.statement_ids as Set<string> | undefined) ?? []) aggregates.statements.ids.add(id);
}

/**
 * Reads the account's aggregates with one strongly consistent Query (more pages only when
 * they exceed 1 MB, i.e. tens of thousands of ids).
 */
export async function readAccountAggregates(serviceAccountNumber: string): Promise<AccountAggregates> {
  const aggregates: AccountAggregates = {
    transactions: { count: 0, byType: new Map(), ids: new Set(), dates: new Set() },
    notes: { count: 0 },
    statements: { ids: new Set() },
  };
  const paymentSk = keys.accountSummaryPayment(serviceAccountNumber).sk;
  const createdSk = keys.accountCreatedKinds(serviceAccountNumber).sk;
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.account(serviceAccountNumber).pk,
        ':prefix': ACCOUNT_SUMMARY_PREFIX,
      },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      if (item.sk === paymentSk) {
        aggregates.paymentInstruction = {
          vendor: String(item.vendor),
          reference: String(item.reference),
          type: String(item.type),
        };
      } else if (item.sk === createdSk) {
        const { pk: _pk, sk: _sk, entity: _entity, ...counts } = item;
        aggregates.created = Object.fromEntries(Object.entries(counts).map(([kind, n]) => [kind, Number(n)]));
      } else addShard(aggregates, item);
    }
  }
  return aggregates;
}
