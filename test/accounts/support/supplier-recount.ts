import { isLiveTask } from '../../../functions/rules/account-task/account-task.js';
import { listTasks } from '../../../functions/store/account-task-read-store.js';
import { api } from '../../support/http.js';
import { paths } from './accounts.js';

export const supplierSummaryPath = (supplier: string) =>
  `/v1/data-import/import-suppliers/${encodeURIComponent(supplier)}/`;

/**
 * The supplier's accounts recounted from what is stored, not from the counters: pending and
 * imported from the v1 lists, scheduled from the v2 tasks that are live and not dry runs.
 */
export async function recount(token: string, supplier: string) {
  const pending = await api('GET', paths.pending(supplier), { token });
  const imported = await api('GET', paths.imported(supplier), { token });
  const live = [...(await listTasks(supplier, 'PENDING')), ...(await listTasks(supplier, 'IN_PROGRESS'))];
  return {
    pending: pending.json.length,
    imported: imported.json.length,
    scheduled: live.filter((task) => isLiveTask(task.status) && !task.is_dry_run).length,
  };
}

/** The supplier summary's account counts (the maintained counters). */
export async function summaryCounts(token: string, supplier: string) {
  const response = await api('GET', supplierSummaryPath(supplier), { token });
  return response.json.accounts;
}
