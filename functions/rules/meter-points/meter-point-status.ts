import { ConflictError } from '../../errors.js';
import type { Account } from '../account/account.js';
import type { SupplyType } from '../account/meter-point-identifier.js';

/**
 * Registration statuses of an imported account's meter points. The names are the platform's;
 * this service sets four of them:
 *
 *   account created ──> PRE_REGISTRATION ──send-registration-flows──> REGISTRATION_REQUESTED
 *   REGISTRATION_REQUESTED ──join-supplier completed──> ON_SUPPLY
 *   REGISTRATION_REQUESTED ──join-supplier cancelled──> REGISTRATION_WITHDRAWN ──send…──> REGISTRATION_REQUESTED
 *   REGISTRATION_WITHDRAWN ──join-supplier completed──> ON_SUPPLY
 *
 * The join-supplier outcomes apply only to the meter point's latest requested process
 * (join-supplier-outcome.ts).
 */
export type MeterPointStatus =
  | 'PRE_REGISTRATION'
  | 'REGISTRATION_REQUESTED'
  | 'ON_SUPPLY'
  | 'REGISTRATION_WITHDRAWN';

/** The status every meter point has when its account is created. */
export const INITIAL_METER_POINT_STATUS: MeterPointStatus = 'PRE_REGISTRATION';

/** Statuses from which a registration may be requested. */
export const REQUESTABLE_STATUSES: readonly MeterPointStatus[] = [
  'PRE_REGISTRATION',
  'REGISTRATION_WITHDRAWN',
];

export function isRequestable(status: string): boolean {
  return (REQUESTABLE_STATUSES as readonly string[]).includes(status);
}

/** A meter point of an account as the account keeps it (payload order). */
export interface AccountMeterPoint {
  mpxn: string;
  supply_type: SupplyType;
  /** The earliest `effective_from` (YYYY-MM-DD) of its agreements, when it has any. */
  earliest_agreement_from?: string;
}

/** The account's meter points in payload order, each with its earliest agreement date. */
export function accountMeterPoints(account: Pick<Account, 'supply_addresses'>): AccountMeterPoint[] {
  return (account.supply_addresses ?? []).flatMap((address) =>
    address.meter_points.map((meterPoint) => {
      const earliest = (meterPoint.agreements ?? [])
        .map((agreement) => agreement.effective_from.slice(0, 10))
        .sort()[0];
      return {
        mpxn: meterPoint.identifier,
        supply_type: meterPoint.supply_type,
        ...(earliest !== undefined ? { earliest_agreement_from: earliest } : {}),
      };
    }),
  );
}

export function meterPointAlreadyAssigned(): ConflictError {
  return new ConflictError(
    'meter_point_already_assigned',
    'A meter point of this account already belongs to another imported account; nothing was created.',
  );
}
