import type { FieldError } from '../../errors.js';
import { isSupplyPointIdentifier } from './formats.js';
import { ELECTRICITY_POINTS, GAS_POINTS, METER_POINTS } from './payload-places.js';
import type { Item, PayloadRule } from './payload-rule.js';
import { fieldError, given, itemsAt, list, text } from './payload-rule.js';
import { dateOrderRule, formatRule, itemRule } from './rule-builders.js';
import { isActiveMeter, isBillable, isUnmetered, readingDates } from './supply-period.js';

/** Meter point identifiers repeated at the same supply address, or at another one. */
function repeatedIdentifiers(account: Item, sameAddress: boolean): FieldError[] {
  const seenAt = new Map<string, number>();
  const errors: FieldError[] = [];
  list(account, 'supply_addresses').forEach((address, i) => {
    list(address, 'meter_points').forEach((meterPoint, j) => {
      const identifier = text(meterPoint, 'identifier');
      if (identifier === undefined) return;
      const earlier = seenAt.get(identifier);
      if (earlier !== undefined && (earlier === i) === sameAddress) {
        const attr = `supply_addresses.${i}.meter_points.${j}.identifier`;
        errors.push(
          sameAddress
            ? fieldError(
                attr,
                'duplicate_meter_points_provided',
                'This meter point appears earlier at the same supply address.',
              )
            : fieldError(
                attr,
                'duplicate_meter_points_on_different_supply_addresses_provided',
                'This meter point appears at another supply address.',
              ),
        );
      }
      if (earlier === undefined) seenAt.set(identifier, i);
    });
  });
  return errors;
}

const flagRule = (rule: string, at: string, field: string, code: string, detail: string): PayloadRule =>
  itemRule({ rule, code, at: [at], field, detail, breaks: (meterPoint) => meterPoint[field] === true });

const perSupplyType = (at: string, schema: string): PayloadRule[] => [
  dateOrderRule({
    rule: `${schema}: Validate supply_end_date not before supply_start_date`,
    code: 'start_date_later_than_end_date',
    at: [at],
    from: 'supply_start_date',
    to: 'supply_end_date',
  }),
  flagRule(
    `${schema}.dr_in_progress: Validate that no disputed reads are in progress`,
    at,
    'dr_in_progress',
    'disputed_read_in_progress',
    'A meter point with a disputed read in progress cannot be migrated until it is settled.',
  ),
  flagRule(
    `${schema}.et_in_progress: Validate that no erroneous transfers are in progress`,
    at,
    'et_in_progress',
    'erroneous_transfer_not_in_progress',
    'A meter point with an erroneous transfer in progress cannot be migrated until it is settled.',
  ),
];

/** Meter points: identifiers valid and once per account, supply dates, billable ones metered and started. */
export const meterPointRules: PayloadRule[] = [
  ...perSupplyType(ELECTRICITY_POINTS, 'ElectricityMeterPoint'),
  ...perSupplyType(GAS_POINTS, 'GasMeterPoint'),
  formatRule({
    rule: 'ElectricityMeterPoint.identifier: Validate the supply point identifier',
    code: 'invalid_supply_point_identifier',
    at: [ELECTRICITY_POINTS],
    field: 'identifier',
    detail: 'An electricity meter point needs a 13-digit MPAN core with a valid check digit.',
    valid: (identifier) => isSupplyPointIdentifier(identifier, 'ELECTRICITY'),
  }),
  formatRule({
    rule: 'GasMeterPoint.identifier: Validate the supply point identifier',
    code: 'invalid_supply_point_identifier',
    at: [GAS_POINTS],
    field: 'identifier',
    detail: 'A gas meter point needs an MPRN of 6 to 10 digits.',
    valid: (identifier) => isSupplyPointIdentifier(identifier, 'GAS'),
  }),
  formatRule({
    rule: 'EnergyCommissionContract.mpxn: Validate the supply point identifier',
    code: 'invalid_supply_point_identifier',
    at: ['commission_contracts[]'],
    field: 'mpxn',
    detail: 'Not an MPAN core with a valid check digit nor an MPRN.',
    valid: (identifier) => isSupplyPointIdentifier(identifier),
  }),
  itemRule({
    rule: 'ElectricityMeterPoint: Validate that either agents or MPIDs to appoint are provided, or none are provided',
    code: 'agents_and_mpids_to_appoint_provided',
    at: [ELECTRICITY_POINTS],
    field: 'agents',
    detail: 'Give the agents, or the agents to appoint (dc_to_appoint, mop_to_appoint), not both.',
    breaks: (meterPoint) =>
      given(meterPoint, 'agents') &&
      (given(meterPoint, 'dc_to_appoint') || given(meterPoint, 'mop_to_appoint')),
  }),
  {
    rule: 'EnergyLegacySupplyAddress.meter_points: Validate that there are no duplicate MPXNs on a supply point',
    codes: ['duplicate_meter_points_provided'],
    check: (account) => repeatedIdentifiers(account, true),
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate no duplicate meter points on different supply addresses',
    codes: ['duplicate_meter_points_on_different_supply_addresses_provided'],
    check: (account) => repeatedIdentifiers(account, false),
  },
  itemRule({
    rule: 'EnergyAccount: Validate that no meter points are ending supply in the future',
    code: 'future_supply_end_date',
    at: [METER_POINTS],
    field: 'supply_end_date',
    detail: 'A supply may have ended, or have no end yet, but not end after today.',
    breaks: (meterPoint, _account, today) => (text(meterPoint, 'supply_end_date') ?? '') > today,
  }),
  itemRule({
    rule: 'EnergyAccount.supply_addresses: Validate no loss in progress at supply address',
    code: 'loss_in_progress',
    at: [METER_POINTS],
    field: 'supply_end_date',
    detail: 'A supply ending after today is being lost to another supplier: it cannot be migrated now.',
    breaks: (meterPoint, _account, today) => (text(meterPoint, 'supply_end_date') ?? '') > today,
  }),
  itemRule({
    rule: 'EnergyAccount: Validate that all off supply meter points with meters have a final reading',
    code: 'no_reading_on_supply_end_date',
    at: [METER_POINTS],
    field: 'supply_end_date',
    detail: 'A meter point off supply needs a reading of a meter on its supply end date.',
    breaks: (meterPoint, _account, today) => {
      const end = text(meterPoint, 'supply_end_date');
      const meters = list(meterPoint, 'meters');
      return (
        end !== undefined &&
        end <= today &&
        meters.length > 0 &&
        !meters.some((meter) => readingDates(meter).includes(end))
      );
    },
  }),
  itemRule({
    rule: 'EnergyAccount: Validate that no billable meter points are starting supply in the future',
    code: 'future_supply_start_date',
    at: [METER_POINTS],
    field: 'supply_start_date',
    detail: 'A billable meter point cannot start supply after today.',
    breaks: (meterPoint, _account, today) =>
      isBillable(meterPoint, today) && (text(meterPoint, 'supply_start_date') ?? '') > today,
  }),
  itemRule({
    rule: 'EnergyAccount: Validate that all billable meter points have active meters',
    code: 'meter_point_with_no_meters',
    at: [METER_POINTS],
    field: 'meters',
    detail: 'A billable meter point needs an active meter, unless it is unmetered.',
    breaks: (meterPoint, _account, today) =>
      isBillable(meterPoint, today) &&
      !isUnmetered(meterPoint) &&
      !list(meterPoint, 'meters').some(isActiveMeter),
  }),
  {
    rule: 'EnergyAccount: Validate that at least one of the meter points needs billing',
    codes: ['no_supply_point_on_supply'],
    check: (account, today) => {
      const meterPoints = itemsAt(account, METER_POINTS);
      if (meterPoints.length === 0 || meterPoints.some(({ item }) => isBillable(item, today))) return [];
      return [
        fieldError(
          'supply_addresses',
          'no_supply_point_on_supply',
          'At least one meter point must still be on supply.',
        ),
      ];
    },
  },
];
