import { isoDateTime } from '../values/dates.js';
import type { AccountTask } from './account-task.js';

/**
 * Timing of the v2 task engine, shared by the functions, the stack and the local runtime. Two
 * clocks decide when work is retried, and nothing else:
 *
 * - The claim clock (functions/rules/claims/claim.ts): a worker holds a task under a lease that
 *   expires at its invocation's end (WORKER_TIMEOUT_SECONDS after it started) plus the claim
 *   margin. A task still IN_PROGRESS after its lease expired belongs to a worker that died: the
 *   next delivery of its message, or the sweep, runs it again while its window is open.
 * - The queue's clock: the queue hides a received message for VISIBILITY_TIMEOUT_SECONDS (six
 *   times the worker's timeout, as AWS recommends for a Lambda event source), then delivers it
 *   again unless the worker deleted it. So a task handed to the queue that has not started (or
 *   finished) one visibility timeout later has lost its message (a worker died with it, it went
 *   to the dead-letter queue, a local queue was killed), or it waits behind others: either way
 *   the sweep hands it over again then (`nextLookAfterHandOver`); a duplicate message is
 *   harmless, the claim lets one worker run it.
 *
 * After MAX_RECEIVE_COUNT deliveries a message goes to the dead-letter queue (alarmed); its task
 * is still looked after by the sweep until its window ends.
 */
export const WORKER_TIMEOUT_SECONDS = 30;
export const VISIBILITY_TIMEOUT_SECONDS = 6 * WORKER_TIMEOUT_SECONDS;
export const MAX_RECEIVE_COUNT = 5;
/** Messages per worker invocation. */
export const WORKER_BATCH_SIZE = 5;
/** The sweep runs every minute in the cloud (every few seconds locally). */
export const SWEEP_RATE_MINUTES = 1;

/** A queued task's message. */
export interface TaskMessage {
  import_supplier: string;
  external_account_number: string;
  task_id: string;
}

/** The message that hands `task` to the queue. */
export function taskMessage(task: TaskMessage): TaskMessage {
  return {
    import_supplier: task.import_supplier,
    external_account_number: task.external_account_number,
    task_id: task.task_id,
  };
}

export function isTaskMessage(value: unknown): value is TaskMessage {
  const message = value as Partial<TaskMessage> | null;
  return (
    typeof message?.import_supplier === 'string' &&
    typeof message.external_account_number === 'string' &&
    typeof message.task_id === 'string'
  );
}

/** The task message an SQS body holds (JSON), or undefined when it holds none. */
export function readTaskMessage(body: string): TaskMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  return isTaskMessage(value) ? value : undefined;
}

type TaskWindow = Pick<AccountTask, 'schedule_window_start' | 'schedule_window_end'>;

/**
 * When the sweep next looks at a task just handed to the queue: one visibility timeout later
 * (its message has then been delivered, or lost), or at its window end if that comes first.
 */
export function nextLookAfterHandOver(task: TaskWindow, now: Date): string {
  const afterDelivery = isoDateTime(new Date(now.getTime() + VISIBILITY_TIMEOUT_SECONDS * 1000));
  if (task.schedule_window_end < afterDelivery) return task.schedule_window_end;
  return afterDelivery;
}

/** A task's window is open at `at` (an ISO date-time): started, and not yet ended. */
export function isWindowOpen(task: TaskWindow, at: string): boolean {
  return task.schedule_window_start <= at && at < task.schedule_window_end;
}

/**
 * A written task goes to the queue at once when it is PENDING, not yet handed over (`queued_at`
 * unset), and its window is open at `at`. Later windows are the sweep's: it hands a task over
 * when its window starts.
 */
export function isDueForHandOver(
  task: Pick<AccountTask, 'status'> & TaskWindow & { queued_at?: string },
  at: string,
): boolean {
  return task.status === 'PENDING' && task.queued_at === undefined && isWindowOpen(task, at);
}
