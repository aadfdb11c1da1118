import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, TABLE_NAME } from '../../../functions/shared/store/dynamodb.js';

/** Every item of an account's partition whose sort key starts with `prefix` (e.g. `TXN#`, `NOTE#`). */
export async function accountItems(
  serviceAccountNumber: string,
  prefix: string,
): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `ACCOUNT#${serviceAccountNumber}`, ':prefix': prefix },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
