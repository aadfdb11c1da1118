import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import type { Account } from '../rules/account/account.js';
import type { AccountTask, TaskStatus } from '../rules/account-task/account-task.js';
import { isoDateTime } from '../rules/values/dates.js';
import { readAccountBody } from './account-body-store.js';
import { readAccountPartition } from './account-partition.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { type StoredImportProcess, toImportProcess } from './import-process-store.js';
import { indexKeys } from './keys.js';

/**
 * Reads of v2 account tasks (the `TASK` item of an account's import partition; index gsi4 by
 * supplier, status and due time). Their writes are in `account-task-store.ts`.
 */

export interface StoredAccountTask extends AccountTask {
  due_at?: string;
  queued_at?: string;
  attempts?: number;
}

const TASK_FIELDS = [
  'import_supplier',
  'external_account_number',
  'task_id',
  'status',
  'is_dry_run',
  'schedule_window_start',
  'schedule_window_end',
  'created_at',
  'modified_at',
  'latest_event',
  'latest_error',
  'service_identifier',
  'lease_token',
  'lease_until',
  'due_at',
  'queued_at',
  'attempts',
] as const;

export function toTask(item: Record<string, unknown> | undefined): StoredAccountTask | undefined {
  if (item?.entity !== 'AccountTask' && item?.task_id === undefined) return undefined;
  const task: Record<string, unknown> = {};
  for (const field of TASK_FIELDS) if (item[field] !== undefined) task[field] = item[field];
  return task as unknown as StoredAccountTask;
}

/** The account's import process, staged data presence and task, in one strongly consistent Query. */
export async function getAccountImportState(
  supplier: string,
  externalAccountNumber: string,
): Promise<{ process?: StoredImportProcess; task?: StoredAccountTask; taskAccount?: Account }> {
  const Items = await readAccountPartition(supplier, externalAccountNumber);
  const process = toImportProcess(Items.find((item) => item.sk === 'PROCESS'));
  const taskItem = Items.find((item) => item.sk === 'TASK');
  const task = toTask(taskItem);
  return {
    ...(process ? { process } : {}),
    ...(task ? { task } : {}),
    ...(taskItem?.account_data || taskItem?.account_body
      ? { taskAccount: await readAccountBody(taskItem) }
      : {}),
  };
}

/** Tasks of a supplier in `status` whose `due_at` has come (all pages). */
export async function findDueTasks(
  supplier: string,
  status: TaskStatus,
  now: Date,
): Promise<StoredAccountTask[]> {
  return queryTasks(supplier, status, `${isoDateTime(now)}~`);
}

/** Tasks of a supplier in `status` (operator listing), all pages. */
export function listTasks(supplier: string, status: TaskStatus): Promise<StoredAccountTask[]> {
  return queryTasks(supplier, status);
}

async function queryTasks(supplier: string, status: TaskStatus, upTo?: string): Promise<StoredAccountTask[]> {
  const tasks: StoredAccountTask[] = [];
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      IndexName: 'gsi4',
      KeyConditionExpression: upTo ? 'gsi4pk = :pk AND gsi4sk <= :upTo' : 'gsi4pk = :pk',
      ExpressionAttributeValues: {
        ':pk': indexKeys.accountTasksPartition(supplier, status),
        ...(upTo ? { ':upTo': upTo } : {}),
      },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      const task = toTask(item);
      if (task) tasks.push(task);
    }
  }
  return tasks;
}
