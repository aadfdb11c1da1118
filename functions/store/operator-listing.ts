import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { documentClient, TABLE_NAME } from './dynamodb.js';

/**
 * Every item of one gsi3 partition (suppliers, organisations, API keys), page after page.
 * For the operator CLI and the expiry sweep only: never on a request path.
 */
export async function listOperatorPartition<T>(
  partition: string,
  toRecord: (item: Record<string, unknown>) => T,
): Promise<T[]> {
  const records: T[] = [];
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) records.push(toRecord(item));
  }
  return records;
}
