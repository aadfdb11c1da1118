import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import {
  type AccountTask,
  scheduledChange,
  TASK_EVENT_OF,
  type TaskError,
  type TaskStatus,
} from '../rules/account-task/account-task.js';
import { nextLookAfterHandOver } from '../rules/account-task/engine.js';
import { claimNow } from '../rules/claims/claim.js';
import { isoDateTime } from '../rules/values/dates.js';
import type { AccountBodyAttributes } from './account-body-store.js';
import { type StoredAccountTask, toTask } from './account-task-read-store.js';
import { isConditionFailure } from './condition-failure.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';
import { type SupplierCounterChange, supplierCounterUpdate } from './supplier-counter-store.js';
import type { TransactItem } from './transact-write.js';
import { transactWriteWithRetry } from './transact-write-retry.js';

/**
 * v2 account import tasks: one `TASK` item in the account's import partition (beside its
 * `PROCESS` and `STAGED` items), holding the latest task of the account and the payload it
 * was scheduled with. Every transition is a conditional write on `task_id` and status (and
 * the lease for a worker's transitions); a transition's events go to the outbox in the same
 * transaction. Index gsi4 lists tasks per supplier and status, live ones by `due_at`: when
 * the sweep must next look at them (window start, window end, or lease expiry).
 */

/** gsi4 keys of a task in `status`, sorted by `at` (the due time of a live task, the end of others). */
function indexOf(
  task: Pick<AccountTask, 'import_supplier' | 'external_account_number'>,
  status: string,
  at: string,
) {
  return indexKeys.accountTasks(task.import_supplier, status, at, task.external_account_number);
}

export interface NewTask {
  task: AccountTask;
  /** The account's body as stored (./account-body-store.ts: written before the transaction). */
  body: AccountBodyAttributes;
  /** When the sweep first looks at it: its window start. */
  dueAt: string;
  /** `create`: no live task (none or ended, with `previousTaskId`); `replace`: the PENDING task `previousTaskId`. */
  target: 'create' | 'replace';
  previousTaskId?: string;
}

/** The conditional Put of a newly scheduled task (to go in the same transaction as the staging). */
export function newTaskPut(write: NewTask): TransactItem {
  const { task } = write;
  const condition =
    write.target === 'replace'
      ? {
          // PENDING, or IN_PROGRESS under a lease that expired (its worker died).
          ConditionExpression:
            'task_id = :previous AND (#status = :pending OR (#status = :in_progress AND lease_until <= :now))',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':previous': write.previousTaskId,
            ':pending': 'PENDING',
            ':in_progress': 'IN_PROGRESS',
            ':now': task.modified_at,
          },
        }
      : write.previousTaskId
        ? {
            // Ended statuses are final for a task id: the same id means it has not moved since read.
            ConditionExpression: 'task_id = :previous AND NOT #status IN (:pending, :in_progress)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':previous': write.previousTaskId,
              ':pending': 'PENDING',
              ':in_progress': 'IN_PROGRESS',
            },
          }
        : { ConditionExpression: 'attribute_not_exists(pk)' };
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...keys.accountTask(task.import_supplier, task.external_account_number),
        ...indexOf(task, 'PENDING', write.dueAt),
        entity: 'AccountTask',
        ...task,
        due_at: write.dueAt,
        attempts: 0,
        ...write.body,
      },
      ...condition,
    },
  };
}

/** The conditional UpdateItem of one task transition that goes without events. */
interface TaskUpdate {
  task: Pick<AccountTask, 'import_supplier' | 'external_account_number'>;
  update: string;
  condition: string;
  values: Record<string, unknown>;
}

type TaskUpdateResult = { ok: true; task?: StoredAccountTask } | { ok: false; existing?: StoredAccountTask };

/**
 * Applies `write` to the task item; `ok: false` (with the stored task when `returnTask`) when
 * its condition no longer held: the task moved on, which its caller reads as "not mine".
 */
async function updateTask(write: TaskUpdate, returnTask = false): Promise<TaskUpdateResult> {
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.accountTask(write.task.import_supplier, write.task.external_account_number),
        UpdateExpression: write.update,
        ConditionExpression: write.condition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: write.values,
        ...(returnTask
          ? { ReturnValues: 'ALL_NEW' as const, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const }
          : {}),
      }),
    );
    const task = toTask(Attributes);
    return { ok: true, ...(task ? { task } : {}) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const item = (error as { Item?: Record<string, AttributeValue> }).Item;
    const existing = item ? toTask(unmarshall(item)) : undefined;
    return { ok: false, ...(existing ? { existing } : {}) };
  }
}

/**
 * A PENDING task was handed to the queue: the sweep next looks at it one visibility timeout
 * later (it hands it over again if it has not started by then), or at its window end.
 */
export async function markQueued(task: StoredAccountTask, now: Date): Promise<boolean> {
  const due = nextLookAfterHandOver(task, now);
  const result = await updateTask({
    task,
    update: 'SET queued_at = :now, due_at = :due, gsi4sk = :sk',
    condition: 'task_id = :id AND #status = :pending',
    values: {
      ':now': isoDateTime(now),
      ':due': due,
      ':sk': indexOf(task, 'PENDING', due).gsi4sk,
      ':id': task.task_id,
      ':pending': 'PENDING',
    },
  });
  return result.ok;
}

/**
 * A PENDING task a worker did not run because its supplier is Paused: it stays PENDING, due
 * again from `now`, so the sweep hands it to the queue once the supplier is Ongoing again (or
 * cancels it when its window ends first); handing it to the queue had set it due only at its
 * window end. False when the task is no longer this PENDING task.
 */
export async function markWaitingForSupplier(task: StoredAccountTask, now: Date): Promise<boolean> {
  const due = isoDateTime(now);
  const result = await updateTask({
    task,
    update: 'SET due_at = :due, gsi4sk = :sk',
    condition: 'task_id = :id AND #status = :pending',
    values: {
      ':due': due,
      ':sk': indexOf(task, 'PENDING', due).gsi4sk,
      ':id': task.task_id,
      ':pending': 'PENDING',
    },
  });
  return result.ok;
}

/**
 * An IN_PROGRESS task whose lease expired was handed to the queue again: the sweep looks again
 * one visibility timeout later (not at every run while the message waits in the queue).
 */
export async function markRequeued(task: StoredAccountTask, now: Date): Promise<boolean> {
  const nextLookAt = nextLookAfterHandOver(task, now);
  const result = await updateTask({
    task,
    update: 'SET due_at = :due, gsi4sk = :sk',
    condition: 'task_id = :id AND #status = :in_progress AND lease_until = :lease_until',
    values: {
      ':due': nextLookAt,
      ':sk': indexOf(task, 'IN_PROGRESS', nextLookAt).gsi4sk,
      ':id': task.task_id,
      ':in_progress': 'IN_PROGRESS',
      ':lease_until': task.lease_until,
    },
  });
  return result.ok;
}

export type ClaimResult = { ok: true; task: StoredAccountTask } | { ok: false; existing?: StoredAccountTask };

/**
 * A worker takes the task: PENDING (or IN_PROGRESS with an expired lease) → IN_PROGRESS,
 * with a lease only it knows until `lease.until` (its claim's expiry), while the window is
 * open. The sweep looks at the task again when the lease expires.
 */
export async function claimTask(
  ref: Pick<AccountTask, 'import_supplier' | 'external_account_number' | 'task_id'>,
  lease: { token: string; until: string; now: Date },
): Promise<ClaimResult> {
  const now = isoDateTime(lease.now);
  const result = await updateTask(
    {
      task: ref,
      update:
        'SET #status = :in_progress, lease_token = :token, lease_until = :until, due_at = :until, ' +
        'gsi4pk = :pk, gsi4sk = :sk, modified_at = :now, latest_event = :event, attempts = attempts + :one',
      condition:
        'task_id = :id AND schedule_window_start <= :now AND schedule_window_end > :now AND ' +
        '(#status = :pending OR (#status = :in_progress AND lease_until <= :now))',
      values: {
        ':in_progress': 'IN_PROGRESS',
        ':pending': 'PENDING',
        ':token': lease.token,
        ':until': lease.until,
        ':pk': indexKeys.accountTasksPartition(ref.import_supplier, 'IN_PROGRESS'),
        ':sk': indexOf(ref, 'IN_PROGRESS', lease.until).gsi4sk,
        ':now': now,
        ':event': { event: TASK_EVENT_OF.IN_PROGRESS, occurred_at: now, data: null },
        ':one': 1,
        ':id': ref.task_id,
      },
    },
    true,
  );
  return result.ok ? { ok: true, task: result.task as StoredAccountTask } : result;
}

export interface Transition {
  /** The task as read: a live task (its status before the transition) of a supplier. */
  task: Pick<
    AccountTask,
    'import_supplier' | 'external_account_number' | 'task_id' | 'status' | 'is_dry_run'
  >;
  to: Exclude<TaskStatus, 'PENDING' | 'IN_PROGRESS'>;
  now: Date;
  /**
   * What must still hold: the worker's lease (and an open window); `pending` (the cancel
   * endpoint); `expired` (the window ended: PENDING, or IN_PROGRESS with its lease expired).
   */
  guard: { leaseToken: string } | 'pending' | 'expired';
  error?: TaskError;
  serviceIdentifier?: string;
}

const GUARDS = {
  lease: {
    condition:
      'task_id = :id AND #status = :in_progress AND lease_token = :token AND schedule_window_end > :now',
    values: (token: string) => ({ ':in_progress': 'IN_PROGRESS', ':token': token }),
  },
  pending: { condition: 'task_id = :id AND #status = :pending', values: { ':pending': 'PENDING' } },
  expired: {
    condition:
      'task_id = :id AND schedule_window_end <= :now AND ' +
      '(#status = :pending OR (#status = :in_progress AND lease_until <= :now))',
    values: { ':pending': 'PENDING', ':in_progress': 'IN_PROGRESS' },
  },
};

/** The conditional Update ending a task (used alone or inside the account-creation transaction). */
export function endTaskUpdate(transition: Transition): TransactItem {
  const { task, to, guard } = transition;
  const now = isoDateTime(transition.now);
  const error = transition.error ?? null;
  const { condition, values } =
    typeof guard === 'object'
      ? { condition: GUARDS.lease.condition, values: GUARDS.lease.values(guard.leaseToken) }
      : GUARDS[guard];
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: keys.accountTask(task.import_supplier, task.external_account_number),
      UpdateExpression:
        'SET #status = :to, modified_at = :now, latest_event = :event, latest_error = :error, ' +
        'service_identifier = :service, gsi4pk = :pk, gsi4sk = :sk REMOVE lease_token, lease_until, due_at',
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':to': to,
        ':now': now,
        ':event': { event: TASK_EVENT_OF[to], occurred_at: now, data: error },
        ':error': error,
        ':service': transition.serviceIdentifier ?? null,
        ':pk': indexKeys.accountTasksPartition(task.import_supplier, to),
        ':sk': indexOf(task, to, now).gsi4sk,
        ':id': task.task_id,
        ...values,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** How ending the task moves the supplier's counters (its `scheduled` count). */
export function endTaskCounters(transition: Transition): SupplierCounterChange {
  const { task } = transition;
  return { scheduled: scheduledChange(task, { status: transition.to, is_dry_run: task.is_dry_run }) };
}

/** The items of a task's end: the task, its events and the supplier's counters, for one transaction. */
export function endTaskItems(transition: Transition, events: readonly EventDetail[]): TransactItem[] {
  const counters = supplierCounterUpdate(transition.task.import_supplier, endTaskCounters(transition));
  return [
    endTaskUpdate(transition),
    ...(events.length > 0 ? [outboxPut(TABLE_NAME, events, transition.now)] : []),
    ...(counters ? [counters] : []),
  ];
}

/**
 * Ends a task with its events and its change of the supplier's counters in one transaction
 * (retried while only concurrent transactions are in the way). `ok: false` with the stored
 * task when its guard no longer held.
 */
export async function endTask(
  transition: Transition,
  events: readonly EventDetail[],
): Promise<{ ok: true } | { ok: false; existing?: StoredAccountTask }> {
  let refused: { ok: false; existing?: StoredAccountTask } | undefined;
  await transactWriteWithRetry({
    items: () => (refused ? undefined : endTaskItems(transition, events)),
    resolve: (reasons) => {
      const existing = toTask(reasons[0]?.item);
      refused = { ok: false, ...(existing ? { existing } : {}) };
      return 'retry-now';
    },
  });
  return refused ?? { ok: true };
}

/**
 * A transient fault: the worker gives its lease back at once (the task stays IN_PROGRESS, free
 * to claim), and the queue delivers the message again after its visibility timeout; the sweep
 * looks at the task then too, in case the message is lost.
 */
export async function releaseTaskLease(
  task: StoredAccountTask,
  lease: { token: string; now: Date },
): Promise<boolean> {
  const due = nextLookAfterHandOver(task, lease.now);
  const result = await updateTask({
    task,
    update: 'SET lease_until = :released, due_at = :due, gsi4sk = :sk REMOVE lease_token',
    condition: 'task_id = :id AND #status = :in_progress AND lease_token = :token',
    values: {
      ':released': claimNow(lease.now),
      ':due': due,
      ':sk': indexOf(task, 'IN_PROGRESS', due).gsi4sk,
      ':id': task.task_id,
      ':in_progress': 'IN_PROGRESS',
      ':token': lease.token,
    },
  });
  return result.ok;
}
