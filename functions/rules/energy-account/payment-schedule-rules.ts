import type { FieldError } from '../../errors.js';
import { nextDay } from '../values/dates.js';
import { PAYMENT_SCHEDULES } from './payload-places.js';
import type { Item, Located, PayloadRule } from './payload-rule.js';
import { fieldError, given, list, text } from './payload-rule.js';
import { sumOf, units } from './payload-values.js';
import { dateOrderRule, itemRule, uniqueRule } from './rule-builders.js';

const OPEN = '9999-12-31';
const at = [PAYMENT_SCHEDULES];
const trigger = (schedule: Item) => text(schedule, 'trigger');

/** The schedules that are not debt repayment plans, by ledger, each ledger's in start order. */
function byLedger(account: Item): Located[][] {
  const groups = new Map<string, Located[]>();
  list(account, 'payment_schedules').forEach((item, index) => {
    if (item.is_debt_repayment_plan === true) return;
    const ledger = text(item, 'ledger_code') ?? '';
    groups.set(ledger, [...(groups.get(ledger) ?? []), { item, attr: `payment_schedules.${index}` }]);
  });
  const start = (schedule: Located) => text(schedule.item, 'start_date') ?? '';
  return [...groups.values()].map((group) => group.sort((a, b) => start(a).localeCompare(start(b))));
}

/** Pairs of schedules of a ledger that follow one another in start order. */
const pairs = (account: Item) =>
  byLedger(account).flatMap((group) =>
    group.slice(1).map((schedule, index) => ({ previous: group[index]!, schedule })),
  );

const uniformity = (field: string, code: string, what: string): PayloadRule => ({
  rule: `EnergyAccount.${field}: Validate uniformity of ledger code in ${what}`,
  codes: [code],
  check: (account) => {
    const withCode = list(account, field).filter((item) => given(item, 'ledger_code')).length;
    const count = list(account, field).length;
    return withCode === 0 || withCode === count
      ? []
      : [fieldError(field, code, `Give a ledger_code on every one of the ${what}, or on none.`)];
  },
});

const instalmentTotal = (schedule: Item) =>
  sumOf(list(schedule, 'instalments').map((instalment) => text(instalment, 'amount')));

/** Payment schedules: per ledger one open-ended, no overlaps or gaps ahead; each complete for its trigger. */
export const paymentScheduleRules: PayloadRule[] = [
  uniformity(
    'payment_instructions',
    'payment_instructions_ledger_code_uniformity_failed',
    'payment instructions',
  ),
  uniformity('payment_schedules', 'payment_schedules_ledger_code_uniformity_failed', 'payment schedules'),
  {
    rule: 'EnergyAccount.payment_schedules: Validate that only one open-ended payment schedule is allowed within each ledger_code group',
    codes: ['multiple_open_ended_payment_schedules'],
    check: (account) =>
      byLedger(account).flatMap((group) =>
        group
          .filter(({ item }) => !given(item, 'end_date'))
          .slice(1)
          .map(({ attr }) =>
            fieldError(
              `${attr}.end_date`,
              'multiple_open_ended_payment_schedules',
              'Only one payment schedule of a ledger may be open-ended.',
            ),
          ),
      ),
  },
  {
    rule: 'EnergyAccount.payment_schedules: Validate that payment schedules within each ledger_code group do not start on the same date',
    codes: ['payment_schedule_date_overlaps'],
    check: (account) =>
      pairs(account)
        .filter(
          ({ previous, schedule }) => text(previous.item, 'start_date') === text(schedule.item, 'start_date'),
        )
        .map(({ schedule }) =>
          fieldError(
            `${schedule.attr}.start_date`,
            'payment_schedule_date_overlaps',
            'Another payment schedule of this ledger starts on the same date.',
          ),
        ),
  },
  {
    rule: 'EnergyAccount.payment_schedules: Validate that payment schedules do not overlap within each ledger_code group',
    codes: ['payment_schedule_date_overlaps'],
    check: (account) =>
      pairs(account)
        .filter(
          ({ previous, schedule }) =>
            (text(schedule.item, 'start_date') ?? '') <= (text(previous.item, 'end_date') ?? OPEN),
        )
        .map(({ schedule }) =>
          fieldError(
            `${schedule.attr}.start_date`,
            'payment_schedule_date_overlaps',
            'This payment schedule starts before the one before it ends.',
          ),
        ),
  },
  {
    rule: 'EnergyAccount.payment_schedules: Validate no gaps in future dated payment schedules',
    codes: ['payment_schedule_date_gaps'],
    check: (account, today) =>
      pairs(account).flatMap(({ previous, schedule }): FieldError[] => {
        const start = text(schedule.item, 'start_date') ?? '';
        const end = text(previous.item, 'end_date');
        if (start <= today || end === undefined || start <= end || start === nextDay(end)) return [];
        return [
          fieldError(
            `${schedule.attr}.start_date`,
            'payment_schedule_date_gaps',
            'A future payment schedule starts the day after the one before it ends.',
          ),
        ];
      }),
  },
  dateOrderRule({
    rule: 'PaymentSchedule: Validate end_date not before start_date',
    code: 'start_date_later_than_end_date',
    at,
    from: 'start_date',
    to: 'end_date',
  }),
  itemRule({
    rule: 'PaymentSchedule: Validate fixed payment schedule has amount',
    code: 'zero_payment_schedule_amount',
    at,
    field: 'amount',
    detail: 'A payment schedule not triggered by bills needs an amount other than zero.',
    breaks: (schedule) => trigger(schedule) !== 'BILL' && !units(text(schedule, 'amount')),
  }),
  itemRule({
    rule: 'PaymentSchedule: Validate regular payment schedule frequency provided',
    code: 'fixed_payment_schedule_missing_frequency',
    at,
    field: 'frequency',
    detail: 'A regular payment schedule needs its frequency.',
    breaks: (schedule) => trigger(schedule) === 'REGULAR' && !given(schedule, 'frequency'),
  }),
  itemRule({
    rule: 'PaymentSchedule: Validate payment schedule balance threshold provided',
    code: 'balance_triggered_schedule_missing_threshold',
    at,
    field: 'balance_threshold',
    detail: 'A schedule triggered by the balance needs the balance threshold.',
    breaks: (schedule) => trigger(schedule) === 'BALANCE' && !given(schedule, 'balance_threshold'),
  }),
  itemRule({
    rule: 'PaymentSchedule: Validate debt repayment end date provided',
    code: 'debt_repayment_missing_end_date',
    at,
    field: 'debt_repayment_end_date',
    detail: 'A schedule with a debt repayment element needs the date the repayment ends.',
    breaks: (schedule) =>
      given(schedule, 'debt_repayment_element') && !given(schedule, 'debt_repayment_end_date'),
  }),
  itemRule({
    rule: 'PaymentSchedule: Validate debt repayment end date is not later than schedule end date',
    code: 'debt_repayment_end_date_after_schedule_end_date',
    at,
    field: 'debt_repayment_end_date',
    detail: 'The debt repayment cannot end after its schedule.',
    breaks: (schedule) =>
      (text(schedule, 'debt_repayment_end_date') ?? '') > (text(schedule, 'end_date') ?? OPEN),
  }),
  itemRule({
    rule: 'PaymentSchedule: Validate exempt from payment adequacy is applied only to regular schedule',
    code: 'invalid_payment_schedule_to_exempt_from_payment_adequacy',
    at,
    field: 'exempt_from_payment_adequacy',
    detail: 'Only a regular payment schedule can be exempt from payment adequacy.',
    breaks: (schedule) => schedule.exempt_from_payment_adequacy === true && trigger(schedule) !== 'REGULAR',
  }),
  itemRule({
    rule: 'PaymentSchedule: Validate fixed payment schedule has payment day',
    code: 'fixed_payment_schedule_missing_day_of_month',
    at,
    field: 'day_of_month',
    detail: 'A regular payment schedule needs its day of the month.',
    breaks: (schedule) => trigger(schedule) === 'REGULAR' && !given(schedule, 'day_of_month'),
  }),
  itemRule({
    rule: 'PaymentSchedule: Validate instalments is provided if trigger is PLAN',
    code: 'payment_instalments_not_provided',
    at,
    field: 'instalments',
    detail: 'A schedule triggered by a plan needs its instalments.',
    breaks: (schedule) => trigger(schedule) === 'PLAN' && list(schedule, 'instalments').length === 0,
  }),
  itemRule({
    rule: 'PaymentSchedule: Validate instalment payment amounts sum to total amount',
    code: 'payment_instalments_do_not_sum_to_total',
    at,
    field: 'amount',
    detail: "The instalments add up to the schedule's amount.",
    breaks: (schedule) =>
      list(schedule, 'instalments').length > 0 &&
      given(schedule, 'amount') &&
      instalmentTotal(schedule) !== units(text(schedule, 'amount')),
  }),
  {
    rule: 'PaymentSchedule: Validate instalment payment date is within payment schedule active period',
    codes: ['payment_instalments_date_outside_of_payment_schedule_active_period'],
    check: (account) =>
      list(account, 'payment_schedules').flatMap((schedule, s) =>
        list(schedule, 'instalments').flatMap((instalment, i) => {
          const date = text(instalment, 'payment_date') ?? '';
          if (date >= (text(schedule, 'start_date') ?? '') && date <= (text(schedule, 'end_date') ?? OPEN))
            return [];
          const detail = "An instalment is paid within its schedule's start and end dates.";
          return [
            fieldError(
              `payment_schedules.${s}.instalments.${i}.payment_date`,
              'payment_instalments_date_outside_of_payment_schedule_active_period',
              detail,
            ),
          ];
        }),
      ),
  },
  {
    rule: 'PaymentSchedule: Validate that the delayer days is set if delayer strategy is set',
    codes: [
      'payment_schedule_delay_must_have_bill_trigger',
      'payment_schedule_delay_strategy_missing_delay_days',
    ],
    check: (account) =>
      list(account, 'payment_schedules').flatMap((schedule, index) => {
        if (!given(schedule, 'delay_strategy')) return [];
        const errors: FieldError[] = [];
        if (!given(schedule, 'delay_days')) {
          errors.push(
            fieldError(
              `payment_schedules.${index}.delay_days`,
              'payment_schedule_delay_strategy_missing_delay_days',
              'A delay strategy needs its delay_days.',
            ),
          );
        }
        if (trigger(schedule) !== 'BILL') {
          errors.push(
            fieldError(
              `payment_schedules.${index}.trigger`,
              'payment_schedule_delay_must_have_bill_trigger',
              'Only a schedule triggered by bills can be delayed.',
            ),
          );
        }
        return errors;
      }),
  },
  uniqueRule({
    rule: 'PaymentSchedule.instalments: Validate that each child has a unique combination of values for the payment_date, payment_type fields',
    code: 'children_with_duplicate_values',
    at,
    list: 'instalments',
    detail: 'Another instalment of this schedule has the same payment date and type.',
    keyOf: (instalment) =>
      JSON.stringify([text(instalment, 'payment_date'), text(instalment, 'payment_type') ?? null]),
  }),
];
