import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';

/**
 * Every item of one account's partition (import process, staged account, v2 task…) in one
 * strongly consistent Query: the callers pick the items they need by sort key.
 */
export async function readAccountPartition(
  supplier: string,
  externalAccountNumber: string,
): Promise<Record<string, unknown>[]> {
  const { pk } = keys.importProcess(supplier, externalAccountNumber);
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return Items;
}
