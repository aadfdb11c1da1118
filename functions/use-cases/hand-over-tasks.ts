import type { TaskQueue } from '../adapters/queue/task-queue.js';
import { logger } from '../logger.js';
import type { AccountTask } from '../rules/account-task/account-task.js';
import { isDueForHandOver, taskMessage } from '../rules/account-task/engine.js';
import { isoDateTime } from '../rules/values/dates.js';
import type { StoredAccountTask } from '../store/account-task-read-store.js';
import { markQueued } from '../store/account-task-store.js';

/**
 * Hands tasks whose window has started to the queue and marks them queued. A failure to send
 * is logged, not thrown: the task stays due, and the next sweep hands it out.
 */
export async function handOver(tasks: readonly AccountTask[], queue: TaskQueue, now: Date): Promise<number> {
  if (tasks.length === 0) return 0;
  try {
    await queue.send(tasks.map(taskMessage));
  } catch (error) {
    logger.warn('Could not hand tasks to the queue; the sweep will', {
      error: error as Error,
      count: tasks.length,
    });
    return 0;
  }
  for (const task of tasks) await markQueued(task, now);
  return tasks.length;
}

/**
 * The hand-over of tasks as they are written (the table stream feeds it): a task scheduled with
 * its window already started goes to the queue at once, in step with the write that scheduled
 * it, so the scheduling request itself sends nothing. Tasks whose window starts later, and any the
 * queue refused, are the sweep's.
 */
export async function handOverWrittenTasks(
  written: readonly StoredAccountTask[],
  queue: TaskQueue,
  now: Date,
): Promise<number> {
  const at = isoDateTime(now);
  return handOver(
    written.filter((task) => isDueForHandOver(task, at)),
    queue,
    now,
  );
}
