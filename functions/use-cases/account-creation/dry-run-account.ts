import type { FieldError } from '../../errors.js';
import { ValidationError } from '../../errors.js';
import type { Account } from '../../rules/account/account.js';
import { creationReservation } from '../../rules/account/creation-reservation.js';
import * as importProcessEvents from '../../rules/account/import-process-events.js';
import { requireProcessable } from '../../rules/account/import-process-rules.js';
import { ACCOUNT_FAILED_VALIDATION } from '../../rules/account/validate-account.js';
import {
  accountMeterPoints,
  meterPointAlreadyAssigned,
} from '../../rules/meter-points/meter-point-status.js';
import { isoDateTime } from '../../rules/values/dates.js';
import { getImportProcessWithStagedAccount } from '../../store/import-process-store.js';
import { claimedMeterPoints } from '../../store/meter-point-store.js';
import { writeEventsAlone } from '../../store/outbox-write.js';
import { checkAccountForSupplier } from '../account-checks.js';
import type { ProcessRequest } from '../process-account.js';
import { requireSupplier } from './creation-supplier.js';
import { prepareEmbeddedItems } from './embedded-items.js';

/**
 * Dry runs of a creation (v1 `process/` with `dry_run`, v2 dry-run tasks): every check a
 * creation makes before its first write, nothing kept but the outcome event.
 */

export interface DryRunResult {
  dry_run: true;
  detail: string;
  errors?: FieldError[];
}

function summary(errors: readonly FieldError[]): string {
  return errors.map((error) => `${error.attr || '(account)'}: ${error.code}`).join('; ');
}

/** A dry run's errors for meter points that belong to another account already. */
async function meterPointClaimErrors(account: Pick<Account, 'supply_addresses'>): Promise<FieldError[]> {
  const claimed = new Set(await claimedMeterPoints(accountMeterPoints(account).map((point) => point.mpxn)));
  return (account.supply_addresses ?? []).flatMap((address, i) =>
    address.meter_points.flatMap((point, j) =>
      claimed.has(point.identifier)
        ? [
            {
              attr: `supply_addresses.${i}.meter_points.${j}.identifier`,
              code: meterPointAlreadyAssigned().code,
              detail: 'This meter point already belongs to another imported account.',
            },
          ]
        : [],
    ),
  );
}

/**
 * Every check a creation makes of an account before it writes, for the dry runs of v1
 * `process/` and of v2 tasks alike: the account rules (with the reference data and the
 * supplier's settings), then (when they pass) the meter-point claims and the embedded items'
 * documents and payment vendors. Its field errors; none when the account would be created.
 */
export async function creationCheckErrors(
  account: Account,
  supplier: string,
  now: Date,
): Promise<FieldError[]> {
  const importSupplier = await requireSupplier(supplier);
  const { errors } = await checkAccountForSupplier(account, importSupplier, now);
  if (errors.length > 0) return errors;
  const claims = await meterPointClaimErrors(account);
  if (claims.length > 0) return claims;
  // A reservation that is never written: the items' checks need its dates, not its numbers.
  const draft = creationReservation(account, DRY_RUN_NUMBERS, now, { first: 1, count: 0 });
  try {
    await prepareEmbeddedItems(importSupplier, account, draft);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
}

/** The numbers of a dry run's reservation, which nothing keeps. */
const DRY_RUN_NUMBERS = { serviceAccountNumber: 'A-DRYRUN', ledgerNumber: 'L-DRYRUN' };

/**
 * A dry run: every check of `processAccount`, nothing kept. Only the outcome event is
 * written (`dry_run_complete` or `dry_run_error`). 404/409 as for a real run.
 */
export async function dryRunAccount(request: ProcessRequest): Promise<DryRunResult> {
  const { supplier, externalAccountNumber: external, now } = request;
  const { process, staged } = await getImportProcessWithStagedAccount(supplier, external);
  requireProcessable(process, now);
  const errors: FieldError[] = staged
    ? await creationCheckErrors(staged, supplier, now)
    : [{ attr: '', code: 'import_process_does_not_exist', detail: 'The import process has no staged data.' }];
  if (errors.length > 0) {
    await writeEventsAlone(
      [importProcessEvents.dryRunError(external, ACCOUNT_FAILED_VALIDATION, summary(errors))],
      now,
    );
    return {
      dry_run: true,
      detail: 'The account would not be created: its staged data fails validation.',
      errors,
    };
  }
  await writeEventsAlone([importProcessEvents.dryRunComplete(external)], now);
  return {
    dry_run: true,
    detail: `Every check passed at ${isoDateTime(now)}; the account would be created. Nothing was kept.`,
  };
}
