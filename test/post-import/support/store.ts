import { QueryCommand } from '@aws-sdk/lib-dynamodb';

// biome-ignore lint/suspicious/noExplicitAny: stored items are untyped in tests; assertions check them
type StoredItem = Record<string, any>;

import { documentClient, TABLE_NAME } from '../../../functions/store/dynamodb.js';

/** Every item of an account's partition whose sort key starts with `prefix` (e.g. `TXN#`, `NOTE#`; '' for all). */
export async function accountItems(serviceAccountNumber: string, prefix: string): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: prefix === '' ? 'pk = :pk' : 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': `ACCOUNT#${serviceAccountNumber}`,
          ...(prefix === '' ? {} : { ':prefix': prefix }),
        },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as StoredItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
