import { emit } from '../events/emit.js';
import { lifecycleJoinSupplierRequestedV1 } from '../events/generated/emitted-validators.js';
import type { ImportedAccount } from '../rules/import-process.js';
import { isRequestable } from '../rules/meter-points/meter-point-status.js';
import {
  joinSupplierRequested,
  newJoinSupplierProcessNumber,
  type RegistrationFlowItem,
  type RegistrationFlowsResult,
  registrationNotRequestable,
  registrationRequested,
} from '../rules/meter-points/registration-flows.js';
import { isoDateTime } from '../rules/values/dates.js';
import {
  getAccountMeterPoints,
  type RegistrationResult,
  requestRegistrations,
} from '../store/meter-point-store.js';

/** The account's meter points and their statuses, in payload order. */
export async function meterPointStatuses(
  account: ImportedAccount,
): Promise<{ mpxn: string; status: string }[]> {
  const meterPoints = await getAccountMeterPoints(account.service_account_number);
  return meterPoints.map(({ mpxn, status }) => ({ mpxn, status }));
}

export type RegistrationFlowsAnswer =
  | RegistrationFlowsResult
  | { dry_run: true; result: RegistrationFlowsResult };

/**
 * Requests the registration of every meter point in PRE_REGISTRATION or REGISTRATION_WITHDRAWN
 * (→ REGISTRATION_REQUESTED), each at most once however many calls run at the same time, and
 * emits one `lifecycle.join-supplier.requested` for the meter points this call requested, in
 * the same transaction. Any other meter point is an error item naming its status. A dry run
 * answers what would happen and changes and emits nothing.
 */
export async function sendRegistrationFlows(
  account: ImportedAccount,
  options: { dryRun: boolean; now?: Date },
): Promise<RegistrationFlowsAnswer> {
  const now = options.now ?? new Date();
  const meterPoints = await getAccountMeterPoints(account.service_account_number);
  const candidates = meterPoints.filter((meterPoint) => isRequestable(meterPoint.status));
  const answer = (
    requested: ReadonlySet<string>,
    statusOf: (mpxn: string) => string,
  ): RegistrationFlowsResult => ({
    import_supplier_code: account.import_supplier,
    external_account_number: account.external_account_number,
    meter_points: meterPoints.map(
      ({ mpxn }): RegistrationFlowItem =>
        requested.has(mpxn) ? registrationRequested(mpxn) : registrationNotRequestable(mpxn, statusOf(mpxn)),
    ),
  });
  const readStatus = new Map(meterPoints.map((meterPoint) => [meterPoint.mpxn, meterPoint.status as string]));
  if (options.dryRun) {
    const wouldRequest = new Set(candidates.map((meterPoint) => meterPoint.mpxn));
    return { dry_run: true, result: answer(wouldRequest, (mpxn) => readStatus.get(mpxn) ?? 'UNKNOWN') };
  }
  if (candidates.length === 0) return answer(new Set(), (mpxn) => readStatus.get(mpxn) ?? 'UNKNOWN');

  const processNumber = newJoinSupplierProcessNumber();
  const answered = ({ requested, changed }: RegistrationResult) =>
    answer(
      new Set(requested.map((meterPoint) => meterPoint.mpxn)),
      (mpxn) => changed.get(mpxn) ?? readStatus.get(mpxn) ?? 'UNKNOWN',
    );
  const result = await requestRegistrations({
    serviceAccountNumber: account.service_account_number,
    processNumber,
    nowIso: isoDateTime(now),
    meterPoints: candidates,
    event: (pending) =>
      emit(
        lifecycleJoinSupplierRequestedV1,
        joinSupplierRequested(account.service_account_number, processNumber, pending, now),
      ),
    outcome: answered,
  });
  return answered(result);
}
