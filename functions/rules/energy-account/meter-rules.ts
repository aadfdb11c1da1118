import type { FieldError } from '../../errors.js';
import { nextDay } from '../values/dates.js';
import { isMeterSerialNumber, isSmartDeviceId, isWholeNumber } from './formats.js';
import { ELECTRICITY_METERS, ELECTRICITY_POINTS, GAS_METERS, GAS_POINTS } from './payload-places.js';
import type { Item, Located, PayloadRule } from './payload-rule.js';
import { fieldError, given, itemsAt, list, text } from './payload-rule.js';
import { formatRule, itemRule, notFutureRule, uniqueRule } from './rule-builders.js';
import { isActiveMeter } from './supply-period.js';

const isSmart = (meter: Item) => !['NONE', undefined].includes(text(meter, 'smart_type'));

/** Meters sharing a serial number follow one another: the next installed the day after the last was removed. */
const dummyExchanges =
  (at: string): PayloadRule['check'] =>
  (account) =>
    itemsAt(account, at).flatMap((meterPoint) => {
      const bySerial = new Map<string, Located[]>();
      list(meterPoint.item, 'meters').forEach((item, index) => {
        const serial = text(item, 'meter_serial_number') ?? '';
        bySerial.set(serial, [
          ...(bySerial.get(serial) ?? []),
          { item, attr: `${meterPoint.attr}.meters.${index}` },
        ]);
      });
      return [...bySerial.values()].flatMap((meters) => {
        const ordered = [...meters].sort((a, b) =>
          (text(a.item, 'installed_on') ?? '').localeCompare(text(b.item, 'installed_on') ?? ''),
        );
        return ordered.slice(1).flatMap((meter, index): FieldError[] => {
          const removed = text(ordered[index]!.item, 'removed_on');
          if (removed !== undefined && text(meter.item, 'installed_on') === nextDay(removed)) return [];
          const detail =
            'Meters sharing a serial number are a dummy exchange: the next installed the day after the last was removed.';
          return [
            fieldError(
              `${meter.attr}.meter_serial_number`,
              'multiple_non_dmex_meters_with_serial_number',
              detail,
            ),
          ];
        });
      });
    });

/** Serial numbers: blank, or not in the format of the supply type. */
const serialNumbers =
  (at: string, supplyType: string): PayloadRule['check'] =>
  (account) =>
    itemsAt(account, at).flatMap(({ item, attr }) => {
      const serial = text(item, 'meter_serial_number') ?? '';
      if (serial.trim() === '')
        return [fieldError(`${attr}.meter_serial_number`, 'blank', 'A meter needs its serial number.')];
      if (isMeterSerialNumber(serial, supplyType)) return [];
      const most = supplyType === 'GAS' ? 14 : 10;
      return [
        fieldError(
          `${attr}.meter_serial_number`,
          'invalid_meter_serial_number',
          `A meter serial number is 1 to ${most} capital letters and digits.`,
        ),
      ];
    });

/** The rules every meter has, electricity or gas. */
function meterRules(schema: string, at: string, pointsAt: string, supplyType: string): PayloadRule[] {
  return [
    {
      rule: `${schema === 'ElectricityMeter' ? 'ElectricityMeterPoint' : 'GasMeterPoint'}: Validate that dummy meter exchanges are valid`,
      codes: ['multiple_non_dmex_meters_with_serial_number'],
      check: dummyExchanges(pointsAt),
    },
    {
      rule: `${schema}: Validate that smart fields are only provided for smart meters`,
      codes: ['smart_details_provided_for_non_smart_meter'],
      check: (account) =>
        itemsAt(account, at).flatMap(({ item, attr }) =>
          isSmart(item)
            ? []
            : ['smart_device_id', 'smart_commissioned_on']
                .filter((field) => given(item, field))
                .map((field) =>
                  fieldError(
                    `${attr}.${field}`,
                    'smart_details_provided_for_non_smart_meter',
                    'Smart details belong to a smart meter (smart_type other than NONE).',
                  ),
                ),
        ),
    },
    {
      rule: `${schema}: Validate that prepay fields are only provided for prepay meters`,
      codes: ['prepay_details_on_non_prepay_meter'],
      check: (account) =>
        itemsAt(account, at).flatMap(({ item, attr }) =>
          item.is_prepay === true
            ? []
            : ['prepay_details', 'prepay_customer_reference_number']
                .filter((field) => given(item, field))
                .map((field) =>
                  fieldError(
                    `${attr}.${field}`,
                    'prepay_details_on_non_prepay_meter',
                    'Prepay details belong to a prepay meter (is_prepay).',
                  ),
                ),
        ),
    },
    {
      rule: `${schema}.meter_serial_number: Validate meter serial number`,
      codes: ['blank', 'invalid_meter_serial_number'],
      check: serialNumbers(at, supplyType),
    },
    notFutureRule({
      rule: `${schema}.smart_commissioned_on: Validate that the commissioned on date is valid`,
      code: 'future_smart_meter_commission_date',
      at: [at],
      field: 'smart_commissioned_on',
      detail: 'A smart meter cannot be commissioned after today.',
    }),
    formatRule({
      rule: `${schema}.smart_device_id: Validate that the smart device ID is valid`,
      code: 'invalid_smart_device_id',
      at: [at],
      field: 'smart_device_id',
      detail:
        'A smart device ID is eight pairs of hexadecimal digits joined by hyphens (00-0A-12-FF-FE-34-56-78).',
      valid: isSmartDeviceId,
    }),
  ];
}

/** Two registers may share an odd TPR from 01201 to 01229; no other TPR appears twice on a meter. */
const sharedTprAllowed = (tpr: string) =>
  /^012(0[1-9]|1\d|2\d)$/.test(tpr) && Number(tpr) % 2 === 1 && Number(tpr) <= 1229;

function duplicateTprs(account: Item): FieldError[] {
  return itemsAt(account, ELECTRICITY_METERS).flatMap(({ item, attr }) => {
    const counts = new Map<string, number>();
    return list(item, 'registers').flatMap((register, index) => {
      const tpr = text(register, 'tpr');
      if (tpr === undefined) return [];
      const seen = (counts.get(tpr) ?? 0) + 1;
      counts.set(tpr, seen);
      if (seen === 1 || (seen === 2 && sharedTprAllowed(tpr))) return [];
      return [
        fieldError(
          `${attr}.registers.${index}.tpr`,
          'registers_have_duplicate_tprs',
          'Another register of this meter has the same TPR.',
        ),
      ];
    });
  });
}

export const meterRulesAll: PayloadRule[] = [
  ...meterRules('ElectricityMeter', ELECTRICITY_METERS, ELECTRICITY_POINTS, 'ELECTRICITY'),
  ...meterRules('GasMeter', GAS_METERS, GAS_POINTS, 'GAS'),
  itemRule({
    rule: 'ElectricityMeter: Validate electricity prepay meter has customer reference number',
    code: 'electricity_prepay_meter_without_customer_reference_number',
    at: [ELECTRICITY_METERS],
    field: 'prepay_customer_reference_number',
    detail: 'An active electricity prepay meter needs its prepay customer reference number.',
    breaks: (meter) =>
      meter.is_prepay === true && isActiveMeter(meter) && !given(meter, 'prepay_customer_reference_number'),
  }),
  formatRule({
    rule: 'ElectricityMeter.prepay_customer_reference_number: Validate prepay customer reference number',
    code: 'invalid_prepay_customer_reference_number',
    at: [ELECTRICITY_METERS],
    field: 'prepay_customer_reference_number',
    detail: 'A prepay customer reference number is a whole number (spaces aside).',
    valid: isWholeNumber,
  }),
  itemRule({
    rule: 'ElectricityMeterPoint: Validate that registers are present for active meters',
    code: 'registers_missing_for_active_electricity_meter',
    at: [ELECTRICITY_METERS],
    field: 'registers',
    detail: 'An active electricity meter needs at least one register.',
    breaks: (meter) => isActiveMeter(meter) && list(meter, 'registers').length === 0,
  }),
  {
    rule: 'ElectricityMeterPoint: Validate that TPRs are present for all non half-hourly meter points',
    codes: ['registers_missing_for_active_electricity_meter'],
    check: (account) =>
      itemsAt(account, ELECTRICITY_POINTS)
        .filter(({ item }) => ['A', 'B', undefined].includes(text(item, 'measurement_class')))
        .flatMap((point) =>
          itemsAt(point.item, 'meters[].registers[]').map((found) => ({
            ...found,
            attr: `${point.attr}.${found.attr}`,
          })),
        )
        .filter(({ item }) => !given(item, 'tpr'))
        .map(({ attr }) =>
          fieldError(
            `${attr}.tpr`,
            'registers_missing_for_active_electricity_meter',
            'A register of a non-half-hourly meter point needs its TPR.',
          ),
        ),
  },
  uniqueRule({
    rule: 'ElectricityMeterPoint.meters: No repeated meter register IDs',
    code: 'meter_with_duplicate_register_ids',
    at: [ELECTRICITY_METERS],
    list: 'registers',
    field: 'register_id',
    detail: 'Another register of this meter has the same register_id.',
    keyOf: (register) => text(register, 'register_id'),
  }),
  {
    rule: 'ElectricityMeter.registers: Validate that registers have unique TPRs',
    codes: ['registers_have_duplicate_tprs'],
    check: duplicateTprs,
  },
];
