import type { TaskQueue } from '../adapters/queue/task-queue.js';
import { logger } from '../logger.js';
import { isWindowOpen, taskMessage } from '../rules/account-task/engine.js';
import { isClaimExpired } from '../rules/claims/claim.js';
import { mayResumeMigrations } from '../rules/supplier.js';
import { isoDateTime } from '../rules/values/dates.js';
import { findDueTasks, type StoredAccountTask } from '../store/account-task-read-store.js';
import { markRequeued } from '../store/account-task-store.js';
import { listSuppliers } from '../store/supplier-store.js';
import { expireTask } from './expire-account-task.js';
import { handOver } from './hand-over-tasks.js';

export interface SweepReport {
  handedOver: number;
  requeued: number;
  cancelled: number;
}

/**
 * The scheduled sweep of the v2 engine, per supplier, reading only tasks whose `due_at` has
 * come (an index query, never a scan):
 * - PENDING tasks whose window has started go to the queue: first when their window starts,
 *   and again when a hand-over's message has had one visibility timeout to start them and
 *   has not (it went to the dead-letter queue, or the queue lost it);
 * - IN_PROGRESS tasks whose lease expired (a worker died) go to the queue again;
 * - tasks of either kind whose window has ended become CANCELLED with
 *   `data_import.import_process.cancelled` (`expiry_window_end` = the window end).
 * A Paused supplier's tasks are not handed out: they stay due and go to the queue at the
 * first sweep after the supplier is Ongoing again, unless their window ends first.
 */
export function sweepAccountTasks(
  now: Date,
  queue: TaskQueue,
  /** Only these suppliers (default: every supplier). */
  only?: readonly string[],
): Promise<SweepReport> {
  return sweep(now, now, queue, only);
}

/**
 * Rebuilds a queue that lost its messages (the local queue, which lives in memory, after the
 * runtime was killed): the sweep, with every live task due now, so each whose window is open
 * and that no live lease holds goes to the queue again. SQS keeps its messages; the cloud
 * never needs this.
 */
export function rebuildTaskQueue(now: Date, queue: TaskQueue): Promise<SweepReport> {
  return sweep(now, new Date(Date.UTC(9999, 11, 31)), queue);
}

async function sweep(
  now: Date,
  dueBy: Date,
  queue: TaskQueue,
  only?: readonly string[],
): Promise<SweepReport> {
  const report: SweepReport = { handedOver: 0, requeued: 0, cancelled: 0 };
  const at = isoDateTime(now);
  const suppliers = (await listSuppliers()).filter((supplier) => !only || only.includes(supplier.code));
  for (const { code, status } of suppliers) {
    const pending = await findDueTasks(code, 'PENDING', dueBy);
    const stuck = await findDueTasks(code, 'IN_PROGRESS', dueBy);
    const ended = [...pending, ...stuck].filter((task) => task.schedule_window_end <= at);
    for (const task of ended) if (await expireTask(task, now)) report.cancelled++;
    if (mayResumeMigrations(status)) continue;

    const open = (task: StoredAccountTask) => isWindowOpen(task, at);
    report.handedOver += await handOver(pending.filter(open), queue, now);
    const leaseExpired = stuck.filter((task) => open(task) && isClaimExpired(task.lease_until, now));
    if (leaseExpired.length > 0) {
      try {
        await queue.send(leaseExpired.map(taskMessage));
        for (const task of leaseExpired) if (await markRequeued(task, now)) report.requeued++;
      } catch (error) {
        logger.warn('Could not hand expired leases to the queue', { error: error as Error });
      }
    }
  }
  if (report.handedOver + report.requeued + report.cancelled > 0)
    logger.info('Account task sweep', { ...report });
  return report;
}
