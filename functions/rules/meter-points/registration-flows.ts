import { randomBytes } from 'node:crypto';
import { isoDate, isoDateTime, nextDay } from '../values/dates.js';
import type { AccountMeterPoint } from './meter-point-status.js';

/**
 * What `send-registration-flows/` answers and emits. Pure apart from the random process
 * number (`now` is given).
 */

export type RegistrationFlowItem =
  | { mpxn: string; status: 'REGISTRATION_FLOW_SUCCESS' }
  | { mpxn: string; status: 'REGISTRATION_FLOW_ERROR'; error_detail: string };

export interface RegistrationFlowsResult {
  import_supplier_code: string;
  external_account_number: string;
  meter_points: RegistrationFlowItem[];
}

export function registrationRequested(mpxn: string): RegistrationFlowItem {
  return { mpxn, status: 'REGISTRATION_FLOW_SUCCESS' };
}

export function registrationNotRequestable(mpxn: string, currentStatus: string): RegistrationFlowItem {
  return {
    mpxn,
    status: 'REGISTRATION_FLOW_ERROR',
    error_detail: `The meter point is ${currentStatus}; a registration can be requested only from PRE_REGISTRATION or REGISTRATION_WITHDRAWN.`,
  };
}

/** `JSP-` + 8 characters from 0-9A-F, new for every call that requests something. */
export function newJoinSupplierProcessNumber(): string {
  return `JSP-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export const MARKET_NAMES = { ELECTRICITY: 'GB_ELECTRICITY', GAS: 'GB_GAS' } as const;

/**
 * The supply start date asked for: the meter point's earliest agreement date when that is after
 * today (UTC), else tomorrow.
 */
export function requestedSupplyStartDate(
  meterPoint: Pick<AccountMeterPoint, 'earliest_agreement_from'>,
  now: Date,
): string {
  const today = isoDate(now);
  const from = meterPoint.earliest_agreement_from;
  return from !== undefined && from > today ? from : nextDay(today);
}

export interface JoinSupplierRequestedPayload {
  account_number: string;
  join_supplier_process_number: string;
  subtype: string;
  supply_points: { external_identifier: string; market_name: string; requested_supply_start_date: string }[];
  requested_at: string;
}

/** The payload of `lifecycle.join-supplier.requested` v1 for the meter points one call requested. */
export function joinSupplierRequested(
  serviceAccountNumber: string,
  processNumber: string,
  requested: readonly AccountMeterPoint[],
  now: Date,
): JoinSupplierRequestedPayload {
  return {
    account_number: serviceAccountNumber,
    join_supplier_process_number: processNumber,
    subtype: 'MIGRATION',
    supply_points: requested.map((meterPoint) => ({
      external_identifier: meterPoint.mpxn,
      market_name: MARKET_NAMES[meterPoint.supply_type],
      requested_supply_start_date: requestedSupplyStartDate(meterPoint, now),
    })),
    requested_at: isoDateTime(now),
  };
}
