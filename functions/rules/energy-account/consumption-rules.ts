import type { FieldError } from '../../errors.js';
import { nextDay } from '../values/dates.js';
import { ELECTRICITY_POINTS, GAS_POINTS, METER_POINTS } from './payload-places.js';
import type { Item, PayloadRule } from './payload-rule.js';
import { fieldError, given, itemsAt, list, text } from './payload-rule.js';
import { dateOrderRule, itemRule, uniqueRule } from './rule-builders.js';
import { isActiveMeter, isBillable } from './supply-period.js';

/** A gas meter point's AQs in date order, each starting the day after the one before ends. */
function aqGaps(account: Item): FieldError[] {
  return itemsAt(account, GAS_POINTS).flatMap(({ item, attr }) => {
    const entries = list(item, 'aq_history')
      .map((aq, index) => ({ aq, index }))
      .sort((a, b) => (text(a.aq, 'effective_from') ?? '').localeCompare(text(b.aq, 'effective_from') ?? ''));
    return entries.slice(1).flatMap(({ aq, index }, position) => {
      const previousEnd = text(entries[position]!.aq, 'effective_to');
      if (previousEnd !== undefined && text(aq, 'effective_from') === nextDay(previousEnd)) return [];
      const detail = 'Each AQ starts the day after the one before it ends.';
      return [
        fieldError(`${attr}.aq_history.${index}.effective_from`, 'gaps_or_overlaps_in_aq_history', detail),
      ];
    });
  });
}

function missingEacs(account: Item, today: string): FieldError[] {
  return itemsAt(account, ELECTRICITY_POINTS)
    .filter(({ item }) => isBillable(item, today))
    .flatMap(({ item: point, attr }) => {
      const tprs = new Set(list(point, 'eac_history').map((eac) => text(eac, 'tpr')));
      return list(point, 'meters').flatMap((meter, m) =>
        isActiveMeter(meter)
          ? list(meter, 'registers').flatMap((register, r) =>
              given(register, 'tpr') && !tprs.has(text(register, 'tpr'))
                ? [
                    fieldError(
                      `${attr}.meters.${m}.registers.${r}.tpr`,
                      'missing_eacs_for_active_register_tpr',
                      'The eac_history has no EAC for this TPR of an active register.',
                    ),
                  ]
                : [],
            )
          : [],
      );
    });
}

/** Meter points sharing a meter: an import-export pair, exactly two, one of them IMPORT_EXPORT. */
function sharedMeters(account: Item): { importExport: FieldError[]; unexpected: FieldError[] } {
  const pointsBySerial = new Map<string, { point: Item; attr: string }[]>();
  for (const { item: point, attr } of itemsAt(account, ELECTRICITY_POINTS)) {
    const serials = new Set(list(point, 'meters').map((meter) => text(meter, 'meter_serial_number') ?? ''));
    for (const serial of serials)
      pointsBySerial.set(serial, [...(pointsBySerial.get(serial) ?? []), { point, attr }]);
  }
  const importExport: FieldError[] = [];
  const unexpected: FieldError[] = [];
  for (const { item: point, attr } of itemsAt(account, ELECTRICITY_POINTS)) {
    if (text(point, 'export_type') !== 'IMPORT_EXPORT') continue;
    const paired = list(point, 'meters').every((meter) => {
      const sharing = pointsBySerial.get(text(meter, 'meter_serial_number') ?? '') ?? [];
      return (
        sharing.length === 2 &&
        sharing.filter(({ point: other }) => text(other, 'export_type') === 'IMPORT_EXPORT').length === 1
      );
    });
    if (!paired)
      importExport.push(
        fieldError(
          `${attr}.export_type`,
          'import_meter_not_found_for_export_meter',
          'An import-export meter is on exactly one other meter point, which is not IMPORT_EXPORT.',
        ),
      );
  }
  for (const sharing of pointsBySerial.values()) {
    if (sharing.length < 2) continue;
    const isPair = sharing.length === 2 && sharing.some(({ point }) => given(point, 'export_type'));
    if (!isPair) {
      for (const { attr } of sharing.slice(1)) {
        unexpected.push(
          fieldError(
            `${attr}.meters`,
            'unexpected_number_of_meter_points_found_for_meter',
            'Only an import-export pair of meter points shares a meter.',
          ),
        );
      }
    }
  }
  return { importExport, unexpected };
}

/** Consumption estimates (EACs, AQs), import-export meters and smart refusals. */
export const consumptionRules: PayloadRule[] = [
  itemRule({
    rule: 'EnergyAccount: Validate current AQ for billable meter point',
    code: 'no_current_or_future_aq_entry_found',
    at: [GAS_POINTS],
    field: 'aq_history',
    detail: 'A gas meter point on supply needs an AQ in force today or later.',
    breaks: (point, _account, today) =>
      isBillable(point, today) &&
      !list(point, 'aq_history').some((aq) => (text(aq, 'effective_to') ?? '9999-12-31') >= today),
  }),
  {
    rule: 'GasMeterPoint.aq_history: Validate that at most one open-ended AQ entry is present in the AQ history',
    codes: ['multiple_open_ended_aqs_in_meterpoint_aq_history'],
    check: (account) =>
      itemsAt(account, GAS_POINTS).flatMap(({ item, attr }) =>
        list(item, 'aq_history')
          .map((aq, index) => ({ aq, index }))
          .filter(({ aq }) => !given(aq, 'effective_to'))
          .slice(1)
          .map(({ index }) =>
            fieldError(
              `${attr}.aq_history.${index}.effective_to`,
              'multiple_open_ended_aqs_in_meterpoint_aq_history',
              'Only one AQ may be open-ended.',
            ),
          ),
      ),
  },
  {
    rule: 'GasMeterPoint.aq_history: Validate that there are no gaps in the AQ history',
    codes: ['gaps_or_overlaps_in_aq_history'],
    check: aqGaps,
  },
  dateOrderRule({
    rule: 'GasAnnualQuantity: Validate effective_to not before effective_from',
    code: 'start_date_later_than_end_date',
    at: [`${GAS_POINTS}.aq_history[]`],
    from: 'effective_from',
    to: 'effective_to',
  }),
  {
    rule: 'EnergyAccount: Validate EACs provided for active registers',
    codes: ['missing_eacs_for_active_register_tpr'],
    check: missingEacs,
  },
  uniqueRule({
    rule: 'ElectricityMeterPoint.eac_history: Validate that there are no repeated entries in the EAC history',
    code: 'repeated_eac_for_tpr',
    at: [ELECTRICITY_POINTS],
    list: 'eac_history',
    detail: 'Another EAC of this meter point has the same TPR and effective_from.',
    keyOf: (eac) => JSON.stringify([text(eac, 'tpr'), text(eac, 'effective_from')]),
  }),
  {
    rule: 'EnergyAccount.supply_addresses: Validate that import-export meters have two meter points',
    codes: ['import_meter_not_found_for_export_meter'],
    check: (account) => sharedMeters(account).importExport,
  },
  {
    rule: 'EnergyAccount.supply_addresses: Valdiate that only twin element meters have duplicate meter points',
    codes: ['unexpected_number_of_meter_points_found_for_meter'],
    check: (account) => sharedMeters(account).unexpected,
  },
  itemRule({
    rule: 'EnergySmartRefusalInterest: Validate smart refusal reason',
    code: 'smart_refusal_reason_given_for_interest',
    at: [`${METER_POINTS}.smart_refusal_interest`],
    field: 'refusal_reason',
    detail: 'A refusal reason is for a customer who is not interested in a smart meter.',
    breaks: (interest) => text(interest, 'type') === 'INTERESTED' && given(interest, 'refusal_reason'),
  }),
];
