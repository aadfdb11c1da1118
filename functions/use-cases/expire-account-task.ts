import * as importProcessEvents from '../rules/account/import-process-events.js';
import type { StoredAccountTask } from '../store/account-task-read-store.js';
import { endTask } from '../store/account-task-store.js';

/**
 * The window ended before the task could run (or while it kept failing): CANCELLED, with its
 * event. Apart from the worker's use case, so the sweep that also calls it does not load account
 * creation (and its documents bucket and payment vendor configuration).
 */
export async function expireTask(task: StoredAccountTask, now: Date): Promise<boolean> {
  const result = await endTask({ task, to: 'CANCELLED', now, guard: 'expired' }, [
    importProcessEvents.cancelled(task.external_account_number, task.schedule_window_end),
  ]);
  return result.ok;
}
