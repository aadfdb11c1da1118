import { PAYMENT_SCHEDULES } from './payload-places.js';
import { text } from './payload-rule.js';
import { units } from './payload-values.js';
import { at, type SettingsRule } from './supplier-settings-rules.js';

/** The supplier's bounds on payment schedules: the payment day and a regular schedule's amount. */
export const paymentSettingsRules: SettingsRule[] = [
  {
    rule: 'PaymentSchedule.day_of_month: Validate payment day for payment schedule',
    codes: ['invalid_payment_day_for_payment_schedule'],
    settings: ['minimum_payment_day', 'maximum_payment_day'],
    check: (account, { minimum_payment_day: min, maximum_payment_day: max }) =>
      at(
        PAYMENT_SCHEDULES,
        'day_of_month',
        'invalid_payment_day_for_payment_schedule',
        `This supplier takes payments from day ${min} to day ${max} of the month.`,
        (schedule) =>
          typeof schedule.day_of_month === 'number' &&
          (schedule.day_of_month < min || schedule.day_of_month > max),
      )(account),
  },
  {
    rule: 'PaymentSchedule: Validate that the payment amount for fixed payment schedules is within the minor currency unit range of 0 - upper_bound',
    codes: ['fixed_payment_schedule_amount_out_of_range'],
    settings: ['minimum_fixed_payment_amount', 'maximum_fixed_payment_amount'],
    check: (account, { minimum_fixed_payment_amount: min, maximum_fixed_payment_amount: max }) => {
      const scale = 100_000_000n;
      return at(
        PAYMENT_SCHEDULES,
        'amount',
        'fixed_payment_schedule_amount_out_of_range',
        `A regular payment schedule's amount lies from ${min} to ${max ?? 'any amount'} for this supplier.`,
        (schedule) => {
          const amount = units(text(schedule, 'amount'));
          if (text(schedule, 'trigger') !== 'REGULAR' || amount === undefined) return false;
          return amount < BigInt(min) * scale || (max !== null && amount > BigInt(max) * scale);
        },
      )(account);
    },
  },
];
