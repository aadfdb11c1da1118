import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountTask } from '../rules/account-task/account-task.js';
import { isoDateTime } from '../rules/values/dates.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';

/**
 * A PENDING task a worker did not run because its supplier is Paused: it stays PENDING, due
 * again from `now`, so the sweep hands it to the queue once the supplier is Ongoing again (or
 * cancels it when its window ends first). Handing it to the queue had set it due only at its
 * window end. False when the task is no longer this PENDING task.
 */
export async function markWaitingForSupplier(
  task: Pick<AccountTask, 'import_supplier' | 'external_account_number' | 'task_id'>,
  now: Date,
): Promise<boolean> {
  const due = isoDateTime(now);
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.accountTask(task.import_supplier, task.external_account_number),
        UpdateExpression: 'SET due_at = :due, gsi4sk = :sk',
        ConditionExpression: 'task_id = :id AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':due': due,
          ':sk': indexKeys.accountTasks(task.import_supplier, 'PENDING', due, task.external_account_number)
            .gsi4sk,
          ':id': task.task_id,
          ':pending': 'PENDING',
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
