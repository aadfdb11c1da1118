import type { FieldError } from '../../errors.js';
import { isExchanged, isReplacement, type MeterAt, metersOf } from './meters-at.js';
import type { Item, PayloadRule } from './payload-rule.js';
import { fieldError, given, list, text } from './payload-rule.js';
import { isActiveMeter, readingDates } from './supply-period.js';

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

/** Where billing stops: last billed dates where billing needs them, and meter exchanges complete. */
export const meterExchangeRules: PayloadRule[] = [
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
];
