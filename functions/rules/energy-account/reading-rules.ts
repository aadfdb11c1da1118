import type { FieldError } from '../../errors.js';
import { ELECTRICITY_POINTS, GAS_POINTS, METER_POINTS } from './payload-places.js';
import type { Item, Located, PayloadRule } from './payload-rule.js';
import { child, fieldError, given, itemsAt, list, text } from './payload-rule.js';
import { latest } from './payload-values.js';
import { isActiveMeter, isBillable, readingDates } from './supply-period.js';

/** A meter with its meter point and the account, as the reading rules see it. */
interface MeterAt extends Located {
  point: Item;
  supplyType: string;
}

function metersOf(account: Item, pattern = METER_POINTS): MeterAt[] {
  return itemsAt(account, pattern).flatMap(({ item: point, attr }) =>
    list(point, 'meters').map((item, index) => ({
      item,
      attr: `${attr}.meters.${index}`,
      point,
      supplyType: text(point, 'supply_type') ?? '',
    })),
  );
}

/** The last billed to date of a register (electricity) or meter (gas), else of its meter point, else of the account. */
function lastBilledOf(account: Item, meter: MeterAt, registerId?: string): string | undefined {
  const own =
    meter.supplyType === 'GAS'
      ? text(meter.item, 'last_billed_to_date')
      : registerId !== undefined
        ? text(
            list(meter.item, 'registers').find((register) => text(register, 'register_id') === registerId) ??
              {},
            'last_billed_to_date',
          )
        : latest(list(meter.item, 'registers').map((register) => text(register, 'last_billed_to_date')));
  return own ?? text(meter.point, 'last_billed_to_date') ?? text(account, 'last_billed_to_date');
}

/** A meter replaced by another on the same meter point, and the meters that replaced one. */
const isExchanged = (meter: MeterAt) => !isActiveMeter(meter.item) && list(meter.point, 'meters').length > 1;
const isReplacement = (meter: MeterAt) =>
  isActiveMeter(meter.item) && list(meter.point, 'meters').some((other) => !isActiveMeter(other));

/** Where a meter keeps its last billed to date: each settlement register (electricity), the meter (gas). */
function missingLastBilled(meter: MeterAt, code: string, detail: string): FieldError[] {
  if (meter.supplyType === 'GAS') {
    return given(meter.item, 'last_billed_to_date')
      ? []
      : [fieldError(`${meter.attr}.last_billed_to_date`, code, detail)];
  }
  return list(meter.item, 'registers').flatMap((register, index) =>
    register.is_settlement === true && !given(register, 'last_billed_to_date')
      ? [fieldError(`${meter.attr}.registers.${index}.last_billed_to_date`, code, detail)]
      : [],
  );
}

const HALF_HOURLY = ['C', 'D', 'E', 'F', 'G'];

function lastBilledNotFound(account: Item): FieldError[] {
  if (list(account, 'historical_statement_transactions').length === 0) return [];
  return metersOf(account)
    .filter(
      (meter) =>
        isActiveMeter(meter.item) &&
        !isReplacement(meter) &&
        !HALF_HOURLY.includes(text(meter.point, 'measurement_class') ?? ''),
    )
    .flatMap((meter) =>
      missingLastBilled(
        meter,
        'last_billed_to_date_not_found',
        'A billed account gives the last billed to date of each settlement register (electricity) or meter (gas).',
      ),
    );
}

function exchangedLastBilled(account: Item): FieldError[] {
  return metersOf(account).flatMap((meter) => {
    if (isExchanged(meter)) {
      return missingLastBilled(
        meter,
        'no_last_billed_to_date_on_exchanged_meter',
        'A meter that was exchanged gives how far it was billed.',
      );
    }
    if (!isReplacement(meter)) return [];
    const dated = meter.supplyType === 'GAS' ? [meter.item] : list(meter.item, 'registers');
    const attrs =
      meter.supplyType === 'GAS' ? [meter.attr] : dated.map((_, index) => `${meter.attr}.registers.${index}`);
    return dated.flatMap((item, index) =>
      given(item, 'last_billed_to_date')
        ? [
            fieldError(
              `${attrs[index]}.last_billed_to_date`,
              'last_billed_to_date_on_new_meter',
              'A meter that replaced another has not been billed yet.',
            ),
          ]
        : [],
    );
  });
}

function exchangeReadings(account: Item): FieldError[] {
  return metersOf(account)
    .filter(isExchanged)
    .flatMap((meter) => {
      const removed = text(meter.item, 'removed_on') ?? '';
      const errors: FieldError[] = [];
      if (!readingDates(meter.item).includes(removed)) {
        errors.push(
          fieldError(
            `${meter.attr}.removed_on`,
            'no_reading_on_removed_on',
            'An exchanged meter needs a reading on the day it was removed.',
          ),
        );
      }
      if (list(meter.item, 'transfer_readings').length === 0) {
        errors.push(
          fieldError(
            `${meter.attr}.transfer_readings`,
            'no_transfer_reading_on_exchanged_meter',
            'An exchanged meter needs its transfer readings.',
          ),
        );
      }
      return errors;
    });
}

const readingsOf = (meter: MeterAt, field: string): Located[] =>
  list(meter.item, field).map((item, index) => ({ item, attr: `${meter.attr}.${field}.${index}` }));

function billedAfterLastBilled(account: Item): FieldError[] {
  return metersOf(account).flatMap((meter) =>
    readingsOf(meter, 'reading_history')
      .filter(({ item }) => {
        const billedTo = lastBilledOf(account, meter, text(item, 'register_id'));
        return (
          item.billed === true && billedTo !== undefined && (text(item, 'reading_date') ?? '') > billedTo
        );
      })
      .map(({ attr }) =>
        fieldError(
          `${attr}.reading_date`,
          'billed_reading_after_last_billed_to_date',
          'A reading dated after the last billed to date cannot have been billed.',
        ),
      ),
  );
}

function transferReadingDates(account: Item): FieldError[] {
  return metersOf(account).flatMap((meter) =>
    readingsOf(meter, 'transfer_readings').flatMap(({ item, attr }) => {
      const billedTo = lastBilledOf(account, meter, text(item, 'register_id'));
      if (billedTo === undefined || text(item, 'reading_date') === billedTo) return [];
      const detail = `A transfer reading is taken on the last billed to date (${billedTo}).`;
      return [
        fieldError(`${attr}.reading_date`, 'transfer_reading_dates_must_match_last_billed_to_date', detail),
      ];
    }),
  );
}

function prepayVendReads(account: Item): FieldError[] {
  return metersOf(account).flatMap((meter) => {
    const details = child(meter.item, 'prepay_details');
    if (!details) return [];
    if (!isActiveMeter(meter.item)) {
      return [
        fieldError(
          `${meter.attr}.prepay_details`,
          'prepay_details_on_fully_billed_meter',
          'A removed meter is fully billed: it has no prepay balance to transfer.',
        ),
      ];
    }
    const billedTo = lastBilledOf(account, meter);
    if (billedTo === undefined || text(details, 'transfer_vend_read_date') === billedTo) return [];
    const detail = `The transfer vend read is taken on the meter's last billed to date (${billedTo}).`;
    return [
      fieldError(
        `${meter.attr}.prepay_details.transfer_vend_read_date`,
        'transfer_vend_read_date_must_match_last_billed_to_date',
        detail,
      ),
    ];
  });
}

function gasTransferReadings(account: Item, today: string): FieldError[] {
  return metersOf(account, GAS_POINTS)
    .filter((meter) => isActiveMeter(meter.item) && isBillable(meter.point, today))
    .flatMap((meter) => {
      const count = list(meter.item, 'transfer_readings').length;
      if (count === 1) return [];
      return count === 0
        ? [
            fieldError(
              `${meter.attr}.transfer_readings`,
              'active_gas_meter_without_transfer_reading',
              'An active gas meter needs its transfer reading.',
            ),
          ]
        : [
            fieldError(
              `${meter.attr}.transfer_readings`,
              'active_gas_meter_with_multiple_transfer_readings',
              'An active gas meter has one transfer reading.',
            ),
          ];
    });
}

function registerTransferReadings(account: Item, today: string): FieldError[] {
  return metersOf(account, ELECTRICITY_POINTS)
    .filter((meter) => isActiveMeter(meter.item) && isBillable(meter.point, today))
    .flatMap((meter) =>
      list(meter.item, 'registers').flatMap((register, index) => {
        const id = text(register, 'register_id');
        const count = list(meter.item, 'transfer_readings').filter(
          (reading) => text(reading, 'register_id') === id,
        ).length;
        if (count === 1) return [];
        const attr = `${meter.attr}.registers.${index}`;
        return count === 0
          ? [
              fieldError(
                attr,
                'missing_transfer_reading_for_register',
                'Each register of an active electricity meter needs its transfer reading.',
              ),
            ]
          : [
              fieldError(
                attr,
                'multiple_transfer_readings_for_register',
                'Each register of an active electricity meter has one transfer reading.',
              ),
            ];
      }),
    );
}

/** Readings of an electricity meter name one of its registers. */
const registerReadings =
  (field: string, missing: string, unknown: string): PayloadRule['check'] =>
  (account) =>
    metersOf(account, ELECTRICITY_POINTS).flatMap((meter) => {
      const ids = new Set(list(meter.item, 'registers').map((register) => text(register, 'register_id')));
      return readingsOf(meter, field).flatMap(({ item, attr }) => {
        const id = text(item, 'register_id');
        if (id === undefined)
          return [
            fieldError(
              `${attr}.register_id`,
              missing,
              'A reading of an electricity meter names its register.',
            ),
          ];
        return ids.has(id)
          ? []
          : [fieldError(`${attr}.register_id`, unknown, 'This meter has no register with this register_id.')];
      });
    });

/** Readings: transfer readings on the last billed date, one per active register or gas meter, exchanges complete. */
export const readingRules: PayloadRule[] = [
  {
    rule: 'EnergyAccount: Validate that a last billed to date has been provided correctly',
    codes: ['last_billed_to_date_not_found'],
    check: lastBilledNotFound,
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate that a last billed to date is provided for an exchanged meter',
    codes: ['last_billed_to_date_on_new_meter', 'no_last_billed_to_date_on_exchanged_meter'],
    check: exchangedLastBilled,
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate meter exchange readings provided',
    codes: ['no_reading_on_removed_on', 'no_transfer_reading_on_exchanged_meter'],
    check: exchangeReadings,
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate that there are no billed readings after the last_billed_to_date',
    codes: ['billed_reading_after_last_billed_to_date'],
    check: billedAfterLastBilled,
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate all transfer reading dates match last billed to date',
    codes: ['transfer_reading_dates_must_match_last_billed_to_date'],
    check: transferReadingDates,
  },
  {
    rule: 'EnergyAccount: Validate prepay transfer vend read dates match last billed to date',
    codes: ['prepay_details_on_fully_billed_meter', 'transfer_vend_read_date_must_match_last_billed_to_date'],
    check: prepayVendReads,
  },
  {
    rule: 'EnergyAccount: Validate transfer readings exist on active gas meters',
    codes: ['active_gas_meter_with_multiple_transfer_readings', 'active_gas_meter_without_transfer_reading'],
    check: gasTransferReadings,
  },
  {
    rule: 'EnergyAccount: Validate transfer readings exist on active electricity registers',
    codes: ['missing_transfer_reading_for_register', 'multiple_transfer_readings_for_register'],
    check: registerTransferReadings,
  },
  {
    rule: 'ElectricityMeter: Validate that transfer readings belong to active meter register IDs',
    codes: ['reading_register_id_not_recognised', 'reading_without_register_id'],
    check: registerReadings(
      'transfer_readings',
      'reading_without_register_id',
      'reading_register_id_not_recognised',
    ),
  },
  {
    rule: 'ElectricityMeter: Validate that historical readings have existing register IDs',
    codes: ['historical_reading_register_id_not_recognised', 'no_register_id_for_reading'],
    check: registerReadings(
      'reading_history',
      'no_register_id_for_reading',
      'historical_reading_register_id_not_recognised',
    ),
  },
];
