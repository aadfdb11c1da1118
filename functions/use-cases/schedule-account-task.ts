import { randomUUID } from 'node:crypto';
import { RetryableError } from '../errors.js';
import type { Account } from '../rules/account/account.js';
import * as importProcessEvents from '../rules/account/import-process-events.js';
import {
  alreadyImported,
  inProgress,
  isLocked,
  stagingTarget,
} from '../rules/account/import-process-rules.js';
import { importProcessDoesNotExist, isLiveProcess } from '../rules/account/transfer-status.js';
import {
  type AccountTask,
  notPending,
  scheduledChange,
  schedulingTarget,
  TASK_EVENT_OF,
  type TaskStatusObject,
  taskStatusObject,
} from '../rules/account-task/account-task.js';
import { isoDateTime } from '../rules/values/dates.js';
import { storeAccountBody } from '../store/account-body-store.js';
import { getAccountImportState, type StoredAccountTask } from '../store/account-task-read-store.js';
import { endTaskItems, newTaskPut } from '../store/account-task-store.js';
import { stagingItems } from '../store/import-process-store.js';
import { supplierCounterUpdate } from '../store/supplier-counter-store.js';
import { transactWriteWithRetry } from '../store/transact-write-retry.js';

export interface ScheduleRequest {
  supplier: string;
  account: Account;
  isDryRun: boolean;
  window: { start: string; end: string };
  now: Date;
}

export interface ScheduleOutcome {
  outcome: 'created' | 'replaced';
  task: AccountTask;
}

/**
 * Schedules a v2 task for a validated account: 201 a new task, 200 when it replaces the
 * account's PENDING task; 409 when the account is imported or being imported. A real task
 * stages the account exactly as v1 create-or-update/ does, in the same transaction as the
 * task, so the v1 lists and status see it as pending; a dry run keeps its payload in the task
 * only. The task goes to the queue from the table stream once written (./hand-over-tasks.ts).
 */
export async function scheduleAccountTask(request: ScheduleRequest): Promise<ScheduleOutcome> {
  const { supplier, account, now } = request;
  const external = account.external_account_number;
  const at = isoDateTime(now);
  // The body's parts (when it has any) before the transaction that refers to them.
  const body = await storeAccountBody(account);
  let state = await getAccountImportState(supplier, external);
  let scheduled: ScheduleOutcome | undefined;
  await transactWriteWithRetry(
    {
      items: () => {
        const { process, task: existing } = state;
        if (isLiveProcess(process) && process.status === 'COMPLETED')
          throw alreadyImported(process.service_account_number);
        const target = schedulingTarget(existing, now);
        const task: AccountTask = {
          import_supplier: supplier,
          external_account_number: external,
          task_id: randomUUID(),
          status: 'PENDING',
          is_dry_run: request.isDryRun,
          schedule_window_start: request.window.start,
          schedule_window_end: request.window.end,
          created_at: target === 'replace' && existing ? existing.created_at : at,
          modified_at: at,
          latest_event: { event: TASK_EVENT_OF.PENDING, occurred_at: at, data: null },
          latest_error: null,
          service_identifier: null,
        };
        scheduled = { outcome: target === 'create' ? 'created' : 'replaced', task };
        const put = newTaskPut({
          task,
          body,
          dueAt: task.schedule_window_start,
          target,
          ...(existing ? { previousTaskId: existing.task_id } : {}),
        });
        // The supplier's `scheduled` count moves in the transaction that writes the task.
        const counters = { scheduled: scheduledChange(existing, task) };
        if (request.isDryRun) {
          if (isLiveProcess(process) && isLocked(process, now))
            throw inProgress(process.lock_expires_at, now);
          const update = supplierCounterUpdate(supplier, counters);
          return [put, ...(update ? [update] : [])];
        }
        return stagingItems({
          supplier,
          externalAccountNumber: external,
          account,
          body,
          now,
          target: stagingTarget(process, now),
          ...(process ? { existing: process } : {}),
          extraItems: [put],
          counters,
        });
      },
      // A condition failed: someone else moved first; read again and decide again.
      resolve: async () => {
        state = await getAccountImportState(supplier, external);
        return 'retry-now' as const;
      },
      outcome: () => scheduled,
    },
    {
      exhausted: () =>
        conflict('scheduling_conflict', 'The account is being scheduled by concurrent requests'),
    },
  );
  return scheduled as ScheduleOutcome;
}

function conflict(code: string, what: string): RetryableError {
  return new RetryableError(code, `${what}; retry the request as it is.`, 503);
}

/** The account's latest v2 task; 404 `import_process_does_not_exist` when never scheduled via v2. */
export async function accountTaskStatus(supplier: string, external: string): Promise<TaskStatusObject> {
  const { task } = await getAccountImportState(supplier, external);
  if (!task) throw importProcessDoesNotExist();
  return taskStatusObject(task);
}

/** Cancels the account's PENDING task (409 `import_process_not_pending` otherwise). */
export async function cancelAccountTask(
  supplier: string,
  external: string,
  now: Date,
): Promise<TaskStatusObject> {
  let { task } = await getAccountImportState(supplier, external);
  let cancelled: StoredAccountTask | undefined;
  await transactWriteWithRetry(
    {
      items: () => {
        if (!task) throw importProcessDoesNotExist();
        if (task.status !== 'PENDING') throw notPending(task.status);
        cancelled = task;
        return endTaskItems({ task, to: 'CANCELLED', now, guard: 'pending' }, [
          importProcessEvents.cancelled(external, task.schedule_window_end),
        ]);
      },
      // The task moved on: read it again and decide again.
      resolve: async () => {
        ({ task } = await getAccountImportState(supplier, external));
        return 'retry-now' as const;
      },
      outcome: () => taskStatusObject(endedTask(cancelled as StoredAccountTask, now)),
    },
    { exhausted: () => conflict('cancel_conflict', 'The task is changing') },
  );
  return taskStatusObject(endedTask(cancelled as StoredAccountTask, now));
}

function endedTask(task: StoredAccountTask, now: Date): AccountTask {
  const at = isoDateTime(now);
  return {
    ...task,
    status: 'CANCELLED',
    modified_at: at,
    latest_event: { event: TASK_EVENT_OF.CANCELLED, occurred_at: at, data: null },
  };
}
