import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys, SUPPLIER_COUNTER_PREFIX } from './keys.js';
import type { TransactItem } from './transact-write.js';

/**
 * Counters of a supplier's accounts (`SUPPLIER#<code>` / `COUNTER#<n>`), read by the supplier
 * summary. They are changed in the same transactions that change what they count: a first
 * staging adds a pending account, creating the account moves one from pending to imported,
 * expiry removes pending ones, and a v2 task counts as scheduled while it is live (see
 * `scheduledChange` in the account task rules). Each change goes to one of `SUPPLIER_COUNTER_SHARDS` shards at
 * random, so parallel staging of different accounts of one supplier does not conflict on one
 * item; the summary adds the shards up with one Query.
 */

/** Shards a change chooses from at random. */
export const SUPPLIER_COUNTER_SHARDS = 8;

/** A change of the counters: positive or negative numbers of accounts. */
export interface SupplierCounterChange {
  pending?: number;
  imported?: number;
  /** Accounts scheduled for an asynchronous (v2) import. */
  scheduled?: number;
}

export interface SupplierCounts {
  pending: number;
  imported: number;
  scheduled: number;
}

const COUNTERS = ['pending', 'imported', 'scheduled'] as const;

/** Several changes as one (a transaction may touch the counters once only). */
function sum(changes: readonly (SupplierCounterChange | undefined)[]): SupplierCounterChange {
  const total: SupplierCounterChange = {};
  for (const change of changes) {
    for (const counter of COUNTERS) total[counter] = (total[counter] ?? 0) + (change?.[counter] ?? 0);
  }
  return total;
}

function counterUpdate(code: string, change: SupplierCounterChange) {
  const changed = COUNTERS.filter((counter) => (change[counter] ?? 0) !== 0);
  if (changed.length === 0) return undefined;
  return {
    TableName: TABLE_NAME,
    Key: keys.supplierCounter(code, Math.floor(Math.random() * SUPPLIER_COUNTER_SHARDS)),
    UpdateExpression: `SET entity = :entity ADD ${changed.map((counter) => `${counter} :${counter}`).join(', ')}`,
    ExpressionAttributeValues: {
      ':entity': 'SupplierCounterShard',
      ...Object.fromEntries(changed.map((counter) => [`:${counter}`, change[counter]])),
    },
  };
}

/**
 * The Update, for a caller's transaction, that applies the sum of `changes` (one item: a
 * transaction may not write one shard twice); undefined when it changes nothing.
 */
export function supplierCounterUpdate(
  code: string,
  ...changes: readonly (SupplierCounterChange | undefined)[]
): TransactItem | undefined {
  const update = counterUpdate(code, sum(changes));
  return update ? { Update: update } : undefined;
}

/** The supplier's counts: every shard added up, with one strongly consistent Query. */
export async function readSupplierCounts(code: string): Promise<SupplierCounts> {
  const counts: SupplierCounts = { pending: 0, imported: 0, scheduled: 0 };
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.supplier(code).pk, ':prefix': SUPPLIER_COUNTER_PREFIX },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      for (const counter of COUNTERS) counts[counter] += Number(item[counter] ?? 0);
    }
  }
  return counts;
}
