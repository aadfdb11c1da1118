import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { RetryableError } from '../errors.js';
import { documentClient, LIMITS, TABLE_NAME } from './dynamodb.js';
import type { TableKey } from './keys.js';
import { backoff } from './transact-write.js';

const MAX_ROUNDS = 8;

const keyString = (key: TableKey) => `${key.pk}\u0000${key.sk}`;

/**
 * Reads many items with BatchGetItem (≤100 keys a call, strongly consistent), re-requesting
 * UnprocessedKeys with back-off. Returns the items found, by `pk`+`sk` (see `itemKey`).
 * Duplicate keys are read once.
 */
export async function batchGetItems(
  keys: readonly TableKey[],
  projection?: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const distinct = [...new Map(keys.map((key) => [keyString(key), key])).values()];
  const names = projection ? Object.fromEntries(projection.map((name, i) => [`#p${i}`, name])) : undefined;
  for (let start = 0; start < distinct.length; start += LIMITS.batchGetItem) {
    let pending: Record<string, unknown>[] = distinct
      .slice(start, start + LIMITS.batchGetItem)
      .map((key) => ({
        pk: key.pk,
        sk: key.sk,
      }));
    for (let round = 0; pending.length > 0; round++) {
      if (round >= MAX_ROUNDS) throw new RetryableError();
      if (round > 0) await backoff(round);
      const result = await documentClient.send(
        new BatchGetCommand({
          RequestItems: {
            [TABLE_NAME]: {
              Keys: pending,
              ConsistentRead: true,
              ...(names
                ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }
                : {}),
            },
          },
        }),
      );
      for (const item of result.Responses?.[TABLE_NAME] ?? []) {
        found.set(keyString({ pk: String(item.pk), sk: String(item.sk) }), item);
      }
      pending = (result.UnprocessedKeys?.[TABLE_NAME]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found;
}

/** The map key `batchGetItems` uses for an item. */
export function itemKey(key: TableKey): string {
  return keyString(key);
}
