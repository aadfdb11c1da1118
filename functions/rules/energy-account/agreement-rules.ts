import type { FieldError } from '../../errors.js';
import { ELECTRICITY_POINTS, GAS_POINTS, METER_POINTS, SUPPLY_ADDRESSES } from './payload-places.js';
import type { Item, Located, PayloadRule } from './payload-rule.js';
import { child, fieldError, itemsAt, list, text } from './payload-rule.js';
import { latest } from './payload-values.js';
import { dateOrderRule } from './rule-builders.js';
import { covers, isBillable } from './supply-period.js';

const agreementsOf = (meterPoint: Located): Located[] =>
  list(meterPoint.item, 'agreements').map((item, index) => ({
    item,
    attr: `${meterPoint.attr}.agreements.${index}`,
  }));

/** Agreements from the supply start (earlier ones are history), in date order, each starting where the last ended. */
function gapsOrOverlaps(meterPoint: Located): FieldError[] {
  const start = text(meterPoint.item, 'supply_start_date') ?? '';
  const current = agreementsOf(meterPoint)
    .filter(({ item }) => (text(item, 'effective_to') ?? '9999-12-31') > start)
    .sort((a, b) =>
      (text(a.item, 'effective_from') ?? '').localeCompare(text(b.item, 'effective_from') ?? ''),
    );
  return current.slice(1).flatMap((agreement, index) => {
    const previousEnd = text(current[index]!.item, 'effective_to');
    if (previousEnd === text(agreement.item, 'effective_from')) return [];
    const detail = "An agreement starts where the meter point's previous agreement ends: no gap, no overlap.";
    return [fieldError(`${agreement.attr}.effective_from`, 'gaps_or_overlaps_in_agreement_dates', detail)];
  });
}

/** The last billed to date of a meter point: its own, or the account's. */
const lastBilledOf = (account: Item, meterPoint: Item) =>
  text(meterPoint, 'last_billed_to_date') ?? text(account, 'last_billed_to_date');

function agreementCoverage(account: Item, today: string): FieldError[] {
  return itemsAt(account, METER_POINTS).flatMap((meterPoint) => {
    const agreements = agreementsOf(meterPoint);
    if (isBillable(meterPoint.item, today)) {
      if (agreements.length > 0) return [];
      return [
        fieldError(
          `${meterPoint.attr}.agreements`,
          'meter_point_with_no_agreement',
          'A meter point on supply needs its agreements.',
        ),
      ];
    }
    const end = text(meterPoint.item, 'supply_end_date') ?? '';
    return agreements
      .filter(({ item }) => (text(item, 'effective_to') ?? '9999-12-31') > end)
      .map(({ attr }) =>
        fieldError(
          `${attr}.effective_to`,
          'meterpoint_with_agreement_not_on_supply',
          'An agreement may not run past the end of its supply.',
        ),
      );
  });
}

function lastBilledCoverage(account: Item): FieldError[] {
  return itemsAt(account, METER_POINTS).flatMap((meterPoint) => {
    const billedTo = lastBilledOf(account, meterPoint.item);
    const agreements = list(meterPoint.item, 'agreements');
    // A meter point without agreements is the coverage rule's (meter_point_with_no_agreement).
    if (billedTo === undefined || agreements.length === 0) return [];
    if (billedTo < (text(meterPoint.item, 'supply_start_date') ?? '')) return [];
    if (agreements.some((agreement) => covers(agreement, billedTo))) return [];
    const detail = `No agreement of this meter point is in force on its last billed to date (${billedTo}).`;
    return [fieldError(`${meterPoint.attr}.agreements`, 'no_agreement_covering_last_billed_to_date', detail)];
  });
}

function undeclaredContracts(account: Item): FieldError[] {
  const business = child(account, 'business') ?? {};
  const declared = new Set([
    ...(Array.isArray(business.business_contract_identifiers) ? business.business_contract_identifiers : []),
    text(business, 'business_contract_identifier'),
  ]);
  return itemsAt(account, `${METER_POINTS}.agreements[]`)
    .filter(
      ({ item }) =>
        text(item, 'business_contract_identifier') !== undefined &&
        !declared.has(text(item, 'business_contract_identifier')),
    )
    .map(({ attr }) =>
      fieldError(
        `${attr}.business_contract_identifier`,
        'agreement_business_contract_identifier_not_declared',
        "This contract identifier is not one of the business's business_contract_identifiers.",
      ),
    );
}

function unbilledFormerAddresses(account: Item): FieldError[] {
  return itemsAt(account, SUPPLY_ADDRESSES).flatMap(({ item: address, attr }) => {
    const left = text(address, 'customer_at_supply_address_to_date');
    if (left === undefined) return [];
    const unbilled = list(address, 'meter_points').some((meterPoint) => {
      const billedTo = latest([lastBilledOf(account, meterPoint), ...deeperLastBilled(meterPoint)]);
      return billedTo === undefined || billedTo < left;
    });
    const detail = 'The customer has left this address, so it must be billed up to the day they left.';
    return unbilled
      ? [fieldError(`${attr}.customer_at_supply_address_to_date`, 'unbilled_former_supply_address', detail)]
      : [];
  });
}

const deeperLastBilled = (meterPoint: Item): (string | undefined)[] =>
  list(meterPoint, 'meters').flatMap((meter) => [
    text(meter, 'last_billed_to_date'),
    ...list(meter, 'registers').map((register) => text(register, 'last_billed_to_date')),
  ]);

const beforeSupply = (at: string, schema: string): PayloadRule => ({
  rule: `${schema}: Validate agreements do not start before supply start date`,
  codes: ['agreement_start_date_before_supply_start_date'],
  check: (account) =>
    itemsAt(account, at).flatMap((meterPoint) => {
      const start = text(meterPoint.item, 'supply_start_date') ?? '';
      return agreementsOf(meterPoint)
        .filter(({ item }) => (text(item, 'effective_from') ?? '') < start)
        .map(({ attr }) =>
          fieldError(
            `${attr}.effective_from`,
            'agreement_start_date_before_supply_start_date',
            'An agreement may not start before its supply starts.',
          ),
        );
    }),
});

/** Agreements: in date order, consecutive from the supply start, covering what is billed and supplied. */
export const agreementRules: PayloadRule[] = [
  {
    rule: 'EnergyAccount: Validate agreements are consecutive per supply point',
    codes: ['gaps_or_overlaps_in_agreement_dates'],
    check: (account) => itemsAt(account, METER_POINTS).flatMap(gapsOrOverlaps),
  },
  {
    rule: 'EnergyAccount: Validate all billable meter points are covered by agreements in the payload',
    codes: ['meter_point_with_no_agreement', 'meterpoint_with_agreement_not_on_supply'],
    check: agreementCoverage,
  },
  {
    rule: 'EnergyAccount: Validate that agreements cover the last billed to date',
    codes: ['no_agreement_covering_last_billed_to_date'],
    check: lastBilledCoverage,
  },
  {
    rule: 'EnergyAccount: Validate agreement business contract identifier is declared',
    codes: ['agreement_business_contract_identifier_not_declared'],
    check: undeclaredContracts,
  },
  {
    rule: 'EnergyAccount: Validate no unbilled period on former supply addresses',
    codes: ['unbilled_former_supply_address'],
    check: unbilledFormerAddresses,
  },
  beforeSupply(ELECTRICITY_POINTS, 'ElectricityMeterPoint'),
  beforeSupply(GAS_POINTS, 'GasMeterPoint'),
  dateOrderRule({
    rule: 'ElectricityAgreement: Validate effective_to not before effective_from',
    code: 'start_date_later_than_end_date',
    at: [`${ELECTRICITY_POINTS}.agreements[]`],
    from: 'effective_from',
    to: 'effective_to',
  }),
  dateOrderRule({
    rule: 'GasAgreement: Validate effective_to not before effective_from',
    code: 'start_date_later_than_end_date',
    at: [`${GAS_POINTS}.agreements[]`],
    from: 'effective_from',
    to: 'effective_to',
  }),
];
