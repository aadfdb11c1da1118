import { paginateQuery, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkJob } from '../rules/bulk-jobs/bulk-job.js';
import { type StoredBulkJob, toJob } from './bulk-job-store.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { indexKeys } from './keys.js';

/**
 * The lists of bulk jobs: an organisation's jobs for a supplier (gsi3, newest first, a page at a
 * time after the caller's cursor), and the jobs started and not finished (gsi4) for the engine's
 * recovery.
 */
/** One page of an organisation's jobs for a supplier, newest first. */
export async function listBulkJobs(
  supplier: string,
  organisation: string,
  page: { limit: number; before?: string },
): Promise<{ jobs: StoredBulkJob[]; more: boolean }> {
  const jobs: StoredBulkJob[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const result = await documentClient.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        IndexName: 'gsi3',
        KeyConditionExpression:
          page.before === undefined ? 'gsi3pk = :pk' : 'gsi3pk = :pk AND gsi3sk < :before',
        ExpressionAttributeValues: {
          ':pk': indexKeys.bulkJobsPartition(supplier, organisation),
          ...(page.before === undefined ? {} : { ':before': page.before }),
        },
        ScanIndexForward: false,
        Limit: page.limit + 1 - jobs.length,
        ExclusiveStartKey,
      }),
    );
    for (const item of result.Items ?? []) jobs.push(toJob(item));
    ExclusiveStartKey = result.LastEvaluatedKey;
  } while (ExclusiveStartKey && jobs.length <= page.limit);
  const more = jobs.length > page.limit;
  return { jobs: more ? jobs.slice(0, page.limit) : jobs, more };
}

/** The list position of a job (the cursor's `before`). */
export const listPosition = (job: Pick<BulkJob, 'created_at_ms' | 'job_id'>) =>
  indexKeys.bulkJobs('', '', job.created_at_ms, job.job_id).gsi3sk;

/** Jobs started and not finished (gsi4, sparse): what the engine's recovery looks at. */
export async function unfinishedBulkJobIds(): Promise<string[]> {
  const ids: string[] = [];
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      IndexName: 'gsi4',
      KeyConditionExpression: 'gsi4pk = :pk',
      ExpressionAttributeValues: { ':pk': indexKeys.unfinishedBulkJobsPartition },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) ids.push(String(item.pk).slice('BULKJOB#'.length));
  }
  return ids;
}
