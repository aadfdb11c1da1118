import type { Item } from './payload-rule.js';
import { list, text } from './payload-rule.js';

/**
 * A meter point's supply: billable while its supply has no end or ends after today; its meters
 * active until removed; unmetered when its measurement class says so (B and D). Pure.
 */
export const isBillable = (meterPoint: Item, today: string): boolean => {
  const end = text(meterPoint, 'supply_end_date');
  return end === undefined || end > today;
};

export const isActiveMeter = (meter: Item): boolean => text(meter, 'removed_on') === undefined;

export const isUnmetered = (meterPoint: Item): boolean =>
  ['B', 'D'].includes(text(meterPoint, 'measurement_class') ?? '');

/** Every reading date of a meter (transfer readings and history). */
export const readingDates = (meter: Item): string[] =>
  [...list(meter, 'transfer_readings'), ...list(meter, 'reading_history')]
    .map((reading) => text(reading, 'reading_date'))
    .filter((date): date is string => date !== undefined);

/** An agreement in force on `date`: from on or before it, to (exclusive) after it or open. */
export const covers = (agreement: Item, date: string): boolean => {
  const from = text(agreement, 'effective_from');
  const to = text(agreement, 'effective_to');
  return from !== undefined && from <= date && (to === undefined || to > date);
};
