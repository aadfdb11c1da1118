import { type AttributeValue, BatchGetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../functions/store/table-definition.js';
import { indexCopy, itemBytes } from './creation-floor.js';
import { splitKey } from './creation-meter.js';

/**
 * What DynamoDB bills for one TransactWriteItems, from the items' images before and after it:
 * every item of the transaction (Put, Update, Delete, ConditionCheck) costs 2 write units per
 * started KB of the larger of its two images, and each index copy it writes, deletes or rewrites
 * costs 2 per started KB of that copy (a copy moved to another index key is a delete and a put).
 *
 * Why not the units DynamoDB Local reports: for a transaction it reports twice the sum of the
 * DISTINCT per-item unit counts (three Puts of 100 bytes: 2 units, not 6; four of 3 KB: 6, not 24),
 * while it reports PutItem, UpdateItem, DeleteItem and BatchWriteItem as DynamoDB bills them.
 */

type Item = Record<string, AttributeValue>;

const units = (bytes: number) => Math.ceil(bytes / 1024);
const same = (a: Item | undefined, b: Item | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** Write units (before doubling) of one item's index copies, by index. */
function indexUnits(before: Item | undefined, after: Item | undefined): Record<string, number> {
  const byIndex: Record<string, number> = {};
  for (const index of tableDefinition.globalSecondaryIndexes) {
    const old = before && indexCopy(before, index);
    const next = after && indexCopy(after, index);
    const key = (copy: Item | undefined) =>
      JSON.stringify([copy?.[index.partitionKey], copy?.[index.sortKey]]);
    let total = 0;
    if (old && next && key(old) === key(next))
      total = same(old, next) ? 0 : units(Math.max(itemBytes(old), itemBytes(next)));
    else total = (old ? units(itemBytes(old)) : 0) + (next ? units(itemBytes(next)) : 0);
    if (total > 0) byIndex[index.indexName] = total;
  }
  return byIndex;
}

/** Billed write units of a transaction over `keys`, given their images before and after it. */
export function transactionUnits(
  keys: readonly string[],
  before: ReadonlyMap<string, Item>,
  after: ReadonlyMap<string, Item>,
) {
  let table = 0;
  const byIndex: Record<string, number> = {};
  for (const key of keys) {
    const old = before.get(key);
    const next = after.get(key);
    table += 2 * Math.max(1, units(Math.max(old ? itemBytes(old) : 0, next ? itemBytes(next) : 0)));
    for (const [name, n] of Object.entries(indexUnits(old, next)))
      byIndex[name] = (byIndex[name] ?? 0) + 2 * n;
  }
  const indexes = Object.values(byIndex).reduce((sum, n) => sum + n, 0);
  return { table, indexes, byIndex };
}

/** The current images of `keys` (absent when no item), read with a client nothing meters. */
export async function readImages(
  reader: DynamoDBClient,
  tableName: string,
  keys: readonly string[],
): Promise<Map<string, Item>> {
  const images = new Map<string, Item>();
  for (let start = 0; start < keys.length; start += 100) {
    let pending: Record<string, { Keys: Item[]; ConsistentRead: boolean }> | undefined = {
      [tableName]: {
        Keys: [...new Set(keys.slice(start, start + 100))].map((key) => {
          const { pk, sk } = splitKey(key);
          return { pk: { S: pk }, sk: { S: sk } };
        }),
        ConsistentRead: true,
      },
    };
    while (pending && Object.keys(pending).length > 0) {
      const answer = await reader.send(new BatchGetItemCommand({ RequestItems: pending }));
      for (const item of answer.Responses?.[tableName] ?? [])
        images.set(`${item.pk?.S}\u241f${item.sk?.S}`, item);
      pending = answer.UnprocessedKeys as typeof pending;
    }
  }
  return images;
}
