import { METER_POINTS } from './payload-places.js';
import type { Item, Located } from './payload-rule.js';
import { itemsAt, list, text } from './payload-rule.js';
import { latest } from './payload-values.js';
import { isActiveMeter } from './supply-period.js';

/** A meter with its meter point and the account, as the reading rules see it. */
export interface MeterAt extends Located {
  point: Item;
  supplyType: string;
}

export function metersOf(account: Item, pattern = METER_POINTS): MeterAt[] {
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
export function lastBilledOf(account: Item, meter: MeterAt, registerId?: string): string | undefined {
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
export const isExchanged = (meter: MeterAt) =>
  !isActiveMeter(meter.item) && list(meter.point, 'meters').length > 1;
export const isReplacement = (meter: MeterAt) =>
  isActiveMeter(meter.item) && list(meter.point, 'meters').some((other) => !isActiveMeter(other));

/** The readings of a list field of a meter, with their paths. */
export const readingsOf = (meter: MeterAt, field: string): Located[] =>
  list(meter.item, field).map((item, index) => ({ item, attr: `${meter.attr}.${field}.${index}` }));
