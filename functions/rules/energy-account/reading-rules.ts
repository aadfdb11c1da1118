import type { FieldError } from '../../errors.js';
import { lastBilledOf, metersOf, readingsOf } from './meters-at.js';
import { ELECTRICITY_POINTS, GAS_POINTS } from './payload-places.js';
import type { Item, PayloadRule } from './payload-rule.js';
import { child, fieldError, list, text } from './payload-rule.js';
import { isActiveMeter, isBillable } from './supply-period.js';

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
