import { TASK_STATUSES } from '../../../schemas/api/resource-states.js';
import { ConflictError } from '../../errors.js';
import { isClaimExpired, retryAfterSeconds } from '../claims/claim.js';

/**
 * A v2 account import task: one scheduled attempt to import (or dry-run) one account within
 * a schedule window. Transitions, each a conditional write carrying its event:
 *
 *   (none | terminal) --schedule--> PENDING --schedule--> PENDING (replaced, 200)
 *   PENDING --window started, worker claims--> IN_PROGRESS
 *   IN_PROGRESS --account created (or found created by v1)--> PROCESSED   (complete + account.created)
 *   IN_PROGRESS --a rule fails--> ERRORED                                 (error)
 *   IN_PROGRESS --dry run--> DRY_RUN_SUCCEEDED | DRY_RUN_ERRORED         (dry_run_complete | dry_run_error)
 *   PENDING | IN_PROGRESS (lease expired) --window ended--> CANCELLED     (cancelled, expiry_window_end)
 *   PENDING --cancel endpoint--> CANCELLED                                 (cancelled, expiry_window_end)
 *
 * A worker's lease is a claim (functions/rules/claims/claim.ts): it expires at the worker's
 * invocation end plus a margin, and an IN_PROGRESS task whose lease expired is free to run again
 * while its window is open. A transient fault gives the lease back at once (the task stays
 * IN_PROGRESS, retried inside its window when the queue delivers its message again). The statuses
 * themselves are the API's (schemas/api/resource-states.ts).
 */
export { TASK_STATUSES };
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const LIVE_TASK_STATUSES: readonly TaskStatus[] = ['PENDING', 'IN_PROGRESS'];

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}

export function isLiveTask(status: TaskStatus): boolean {
  return LIVE_TASK_STATUSES.includes(status);
}

/** `latest_event.event` of each status. */
export const TASK_EVENT_OF: Record<TaskStatus, string> = {
  PENDING: 'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED',
  IN_PROGRESS: 'EVENT_ACCOUNT_IMPORT_PROCESS_STARTED',
  PROCESSED: 'EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED',
  ERRORED: 'EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED',
  DRY_RUN_SUCCEEDED: 'EVENT_ACCOUNT_IMPORT_PROCESS_DRY_RUN_SUCCEEDED',
  DRY_RUN_ERRORED: 'EVENT_ACCOUNT_IMPORT_PROCESS_DRY_RUN_ERRORED',
  CANCELLED: 'EVENT_ACCOUNT_IMPORT_PROCESS_CANCELLED',
};

export interface TaskError {
  code: string;
  detail: string;
  domain: 'import_process';
}

export function taskError(code: string, detail: string): TaskError {
  return { code, detail, domain: 'import_process' };
}

/** The task as stored (without its payload and bookkeeping). */
export interface AccountTask {
  import_supplier: string;
  external_account_number: string;
  task_id: string;
  status: TaskStatus;
  is_dry_run: boolean;
  schedule_window_start: string;
  schedule_window_end: string;
  created_at: string;
  modified_at: string;
  latest_event: { event: string; occurred_at: string; data: TaskError | null };
  latest_error: TaskError | null;
  service_identifier: string | null;
  /** Set while IN_PROGRESS: who holds the task and until when (the lease's claim expiry). */
  lease_token?: string;
  lease_until?: string;
}

/** The status object the v2 endpoints answer. */
export function taskStatusObject(task: AccountTask) {
  return {
    import_supplier: task.import_supplier,
    external_account_number: task.external_account_number,
    status: task.status,
    service_identifier: task.status === 'PROCESSED' ? task.service_identifier : null,
    is_dry_run: task.is_dry_run,
    schedule_window_start: task.schedule_window_start,
    schedule_window_end: task.schedule_window_end,
    created_at: task.created_at,
    modified_at: task.modified_at,
    latest_event: task.latest_event,
    latest_error: task.latest_error,
  };
}
export type TaskStatusObject = ReturnType<typeof taskStatusObject>;

export function notPending(status: TaskStatus): ConflictError {
  return new ConflictError(
    'import_process_not_pending',
    `Only a PENDING import task can be cancelled; this one is ${status}.`,
  );
}

/**
 * What scheduling may do given the account's current task: replace a PENDING one (200), or an
 * IN_PROGRESS one whose worker died (its lease, a claim, expired); start a new one (201; none
 * yet, or the last one ended); or refuse (409 while a live worker holds it, with `Retry-After`
 * = the seconds until its lease expires). An account already imported is refused before this
 * (by the import process's own rule).
 */
export function schedulingTarget(existing: AccountTask | undefined, now: Date): 'create' | 'replace' {
  if (!existing || !isLiveTask(existing.status)) return 'create';
  if (existing.status === 'IN_PROGRESS' && !isClaimExpired(existing.lease_until, now)) {
    throw new ConflictError(
      'import_process_in_progress',
      'The account is being imported by its scheduled task; retry after the seconds Retry-After gives.',
      {},
      retryAfterSeconds(existing.lease_until, now),
    );
  }
  return 'replace';
}

/** What the supplier's `scheduled` counter needs of a task: its status and whether it is a dry run. */
export type CountedTask = Pick<AccountTask, 'status' | 'is_dry_run'>;

/**
 * How a change of an account's v2 task moves the supplier's `scheduled` count. The count is
 * the number of accounts whose latest task is live (`PENDING` or `IN_PROGRESS`) and not a dry
 * run (a dry run imports nothing): +1 when such a task is scheduled, −1 when it ends (processed,
 * errored, cancelled, expired), 0 for a change between live statuses or of a dry run. A task
 * that replaces a `PENDING` one moves it by the difference of the two.
 */
export function scheduledChange(before: CountedTask | undefined, after: CountedTask | undefined): number {
  const counts = (task: CountedTask | undefined) =>
    task && !task.is_dry_run && isLiveTask(task.status) ? 1 : 0;
  return counts(after) - counts(before);
}
