import { paginateQuery, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { indexKeys, type ProcessListState } from './keys.js';

/** Which list: every live process (gsi1), or those in one state (gsi2). */
export type ProcessList = 'ALL' | ProcessListState;

export interface ProcessListItem {
  external_account_number: string;
  service_account_number?: string;
  account_created_at?: string;
  staged_at?: string;
}

function indexOf(supplier: string, list: ProcessList) {
  return list === 'ALL'
    ? { IndexName: 'gsi1', pkName: 'gsi1pk', skName: 'gsi1sk', pk: indexKeys.allProcessesPartition(supplier) }
    : {
        IndexName: 'gsi2',
        pkName: 'gsi2pk',
        skName: 'gsi2sk',
        pk: indexKeys.processesInStatePartition(supplier, list),
      };
}

/**
 * One page of a process list, in external account number order (DynamoDB orders string
 * sort keys by UTF-8 bytes, i.e. by code point). Index Query only (the index projects the
 * few list attributes); Query pages (≤ 1 MB each) are chained until the page is full.
 * `more` is true when at least one item follows the page.
 */
export async function listImportProcesses(
  supplier: string,
  list: ProcessList,
  page: { limit: number; after?: string },
): Promise<{ items: ProcessListItem[]; more: boolean }> {
  const index = indexOf(supplier, list);
  const items: ProcessListItem[] = [];
  let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const result = await documentClient.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        IndexName: index.IndexName,
        KeyConditionExpression: page.after === undefined ? '#pk = :pk' : '#pk = :pk AND #sk > :after',
        ExpressionAttributeNames: {
          '#pk': index.pkName,
          ...(page.after === undefined ? {} : { '#sk': index.skName }),
        },
        ExpressionAttributeValues: {
          ':pk': index.pk,
          ...(page.after === undefined ? {} : { ':after': page.after }),
        },
        ProjectionExpression: 'external_account_number, service_account_number, account_created_at',
        Limit: page.limit + 1 - items.length,
        ExclusiveStartKey,
      }),
    );
    for (const item of result.Items ?? []) items.push(item as ProcessListItem);
    ExclusiveStartKey = result.LastEvaluatedKey;
  } while (ExclusiveStartKey && items.length <= page.limit);
  const more = items.length > page.limit;
  return { items: more ? items.slice(0, page.limit) : items, more };
}

/** How many processes a list holds (Select COUNT on the index; operator CLI). */
export async function countImportProcesses(supplier: string, list: ProcessList): Promise<number> {
  const index = indexOf(supplier, list);
  let count = 0;
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      IndexName: index.IndexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': index.pkName },
      ExpressionAttributeValues: { ':pk': index.pk },
      Select: 'COUNT',
    },
  );
  for await (const page of pages) count += page.Count ?? 0;
  return count;
}
