import { isLiveTask } from '../../../functions/rules/account-task/account-task.js';
import { getAccountImportState } from '../../../functions/store/account-task-read-store.js';
import { getSupplier } from '../../../functions/store/supplier-store.js';
import { pollUntil } from '../../support/polling.js';

const SETTLE_TIMEOUT_MS = 30_000;
const POLL_MS = 100;

/**
 * Waits until the v2 task a 2xx answer describes (its status object) is no longer live, or
 * its window has not started or its supplier is not Ongoing (the engine leaves it alone for now).
 */
export async function waitForTaskToEnd(answer: unknown): Promise<void> {
  const { import_supplier: supplier, external_account_number: external } = (answer ?? {}) as Record<
    string,
    unknown
  >;
  if (typeof supplier !== 'string' || typeof external !== 'string') return;
  if ((await getSupplier(supplier))?.status !== 'Ongoing') return;
  await pollUntil(
    () => getAccountImportState(supplier, external),
    ({ task }) => !task || !isLiveTask(task.status) || Date.parse(task.schedule_window_start) > Date.now(),
    {
      timeoutMs: SETTLE_TIMEOUT_MS,
      intervalMs: POLL_MS,
      failure: () => `the v2 task of ${supplier}/${external} was still live after ${SETTLE_TIMEOUT_MS} ms`,
    },
  );
}
