import { logger } from '../logger.js';
import * as importProcessEvents from '../rules/account/import-process-events.js';
import { isoDateTime } from '../rules/values/dates.js';
import { cancelImportProcesses, findPendingStagedBefore } from '../store/import-process-expiry-store.js';
import { listSuppliers } from '../store/supplier-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a process staged at `stagedAt` expires: `expiry_window_days` after its last staging. */
export function expiryWindowEnd(stagedAt: string, windowDays: number): string {
  return isoDateTime(new Date(new Date(stagedAt).getTime() + windowDays * DAY_MS));
}

export interface ExpiryReport {
  supplier: string;
  cancelled: string[];
}

/**
 * The scheduled expiry sweep: for every supplier (whatever its status), the pending
 * processes last staged more than `expiry_window_days` ago become CANCELLED, leave every
 * list, and emit `data_import.import_process.cancelled`.
 */
export async function cancelExpiredImportProcesses(now: Date): Promise<ExpiryReport[]> {
  const reports: ExpiryReport[] = [];
  for (const supplier of await listSuppliers()) {
    const cutoff = new Date(now.getTime() - supplier.expiry_window_days * DAY_MS);
    const expired = await findPendingStagedBefore(supplier.code, cutoff);
    if (expired.length === 0) continue;
    const cancelled = await cancelImportProcesses(
      supplier.code,
      expired.map((process) => ({
        ...process,
        event: importProcessEvents.cancelled(
          process.external_account_number,
          expiryWindowEnd(process.staged_at, supplier.expiry_window_days),
        ),
      })),
      now,
    );
    logger.info('Cancelled expired import processes', {
      import_supplier: supplier.code,
      count: cancelled.length,
    });
    reports.push({ supplier: supplier.code, cancelled });
  }
  return reports;
}
