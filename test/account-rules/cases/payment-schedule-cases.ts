import type { Json, RuleCase } from './case-shape.js';

const schedule = (account: Json) => account.payment_schedules[0];
const another = (extra: Json) => (account: Json) => {
  schedule(account).end_date = '2024-04-30';
  account.payment_schedules.push({
    means: 'DD',
    trigger: 'REGULAR',
    frequency: 'MONTHLY',
    day_of_month: 1,
    amount: '90.00',
    ...extra,
  });
};
const plan = (extra: Json) => (account: Json) => {
  Object.assign(schedule(account), { trigger: 'PLAN', ...extra });
};

export const paymentScheduleCases: RuleCase[] = [
  {
    rule: 'EnergyAccount.payment_instructions: Validate uniformity of ledger code in payment instructions',
    when: 'one of two payment instructions names a ledger',
    change: (account) => {
      account.payment_instructions.push({
        ...account.payment_instructions[0],
        reference: 'DD-000483',
        instruction_identifier: 'instr-2',
        ledger_code: 'MAIN',
      });
    },
    answers: [['payment_instructions', 'payment_instructions_ledger_code_uniformity_failed']],
  },
  {
    rule: 'EnergyAccount.payment_schedules: Validate uniformity of ledger code in payment schedules',
    when: 'one of two payment schedules names a ledger',
    change: (account) => {
      account.payment_schedules.push({ ...schedule(account), ledger_code: 'MAIN' });
    },
    answers: [['payment_schedules', 'payment_schedules_ledger_code_uniformity_failed']],
  },
  {
    rule: 'EnergyAccount.payment_schedules: Validate that only one open-ended payment schedule is allowed within each ledger_code group',
    when: 'a second open-ended schedule starts on the ledger (so the two overlap)',
    change: (account) => {
      account.payment_schedules.push({ ...schedule(account), start_date: '2024-05-01' });
    },
    answers: [
      ['payment_schedules.1.end_date', 'multiple_open_ended_payment_schedules'],
      ['payment_schedules.1.start_date', 'payment_schedule_date_overlaps'],
    ],
  },
  {
    rule: 'EnergyAccount.payment_schedules: Validate that payment schedules within each ledger_code group do not start on the same date',
    when: 'two schedules of the ledger start the same day (so they overlap)',
    change: another({ start_date: '2023-05-01', end_date: '2023-06-01' }),
    answers: [
      ['payment_schedules.1.start_date', 'payment_schedule_date_overlaps'],
      ['payment_schedules.1.start_date', 'payment_schedule_date_overlaps'],
    ],
  },
  {
    rule: 'EnergyAccount.payment_schedules: Validate that payment schedules do not overlap within each ledger_code group',
    when: 'a schedule starts before the one before it ends',
    change: another({ start_date: '2024-04-01' }),
    answers: [['payment_schedules.1.start_date', 'payment_schedule_date_overlaps']],
  },
  {
    rule: 'EnergyAccount.payment_schedules: Validate no gaps in future dated payment schedules',
    when: 'a future schedule starts two months after the current one ends',
    change: another({ start_date: '2024-07-01' }),
    answers: [['payment_schedules.1.start_date', 'payment_schedule_date_gaps']],
  },
  {
    rule: 'PaymentSchedule: Validate end_date not before start_date',
    when: 'a schedule ends before it starts',
    change: (account) => {
      schedule(account).end_date = '2023-04-01';
    },
    answers: [['payment_schedules.0.end_date', 'start_date_later_than_end_date']],
  },
  {
    rule: 'PaymentSchedule: Validate fixed payment schedule has amount',
    when: 'a regular schedule pays nothing',
    change: (account) => {
      schedule(account).amount = '0.00';
    },
    answers: [['payment_schedules.0.amount', 'zero_payment_schedule_amount']],
  },
  {
    rule: 'PaymentSchedule: Validate regular payment schedule frequency provided',
    when: 'a regular schedule has no frequency',
    change: (account) => {
      delete schedule(account).frequency;
    },
    answers: [['payment_schedules.0.frequency', 'fixed_payment_schedule_missing_frequency']],
  },
  {
    rule: 'PaymentSchedule: Validate payment schedule balance threshold provided',
    when: 'a balance-triggered schedule has no threshold',
    change: (account) => {
      schedule(account).trigger = 'BALANCE';
    },
    answers: [['payment_schedules.0.balance_threshold', 'balance_triggered_schedule_missing_threshold']],
  },
  {
    rule: 'PaymentSchedule: Validate debt repayment end date provided',
    when: 'a schedule repays a debt with no end date for it',
    change: (account) => {
      schedule(account).debt_repayment_element = '5.00';
    },
    answers: [['payment_schedules.0.debt_repayment_end_date', 'debt_repayment_missing_end_date']],
  },
  {
    rule: 'PaymentSchedule: Validate debt repayment end date is not later than schedule end date',
    when: 'the debt repayment ends after its schedule',
    change: (account) => {
      Object.assign(schedule(account), {
        end_date: '2024-04-30',
        debt_repayment_element: '5.00',
        debt_repayment_end_date: '2024-05-31',
      });
    },
    answers: [
      ['payment_schedules.0.debt_repayment_end_date', 'debt_repayment_end_date_after_schedule_end_date'],
    ],
  },
  {
    rule: 'PaymentSchedule: Validate exempt from payment adequacy is applied only to regular schedule',
    when: 'a bill-triggered schedule is exempt from adequacy',
    change: (account) => {
      Object.assign(schedule(account), { trigger: 'BILL', exempt_from_payment_adequacy: true });
    },
    answers: [
      [
        'payment_schedules.0.exempt_from_payment_adequacy',
        'invalid_payment_schedule_to_exempt_from_payment_adequacy',
      ],
    ],
  },
  {
    rule: 'PaymentSchedule: Validate fixed payment schedule has payment day',
    when: 'a regular schedule has no payment day',
    change: (account) => {
      schedule(account).day_of_month = null;
    },
    answers: [['payment_schedules.0.day_of_month', 'fixed_payment_schedule_missing_day_of_month']],
  },
  {
    rule: 'PaymentSchedule: Validate instalments is provided if trigger is PLAN',
    when: 'a plan schedule has no instalments',
    change: plan({}),
    answers: [['payment_schedules.0.instalments', 'payment_instalments_not_provided']],
  },
  {
    rule: 'PaymentSchedule: Validate instalment payment amounts sum to total amount',
    when: "a plan's instalments come to £5 less than its amount",
    change: plan({
      instalments: [
        { amount: '40.00', payment_date: '2023-06-01' },
        { amount: '40.00', payment_date: '2023-07-01' },
      ],
    }),
    answers: [['payment_schedules.0.amount', 'payment_instalments_do_not_sum_to_total']],
  },
  {
    rule: 'PaymentSchedule: Validate instalment payment date is within payment schedule active period',
    when: 'an instalment is due after its schedule ends',
    change: plan({ end_date: '2023-12-31', instalments: [{ amount: '85.00', payment_date: '2024-01-15' }] }),
    answers: [
      [
        'payment_schedules.0.instalments.0.payment_date',
        'payment_instalments_date_outside_of_payment_schedule_active_period',
      ],
    ],
  },
  {
    rule: 'PaymentSchedule: Validate that the delayer days is set if delayer strategy is set',
    when: 'a regular schedule has a delay strategy and no delay days',
    change: (account) => {
      schedule(account).delay_strategy = 'FIXED';
    },
    answers: [
      ['payment_schedules.0.delay_days', 'payment_schedule_delay_strategy_missing_delay_days'],
      ['payment_schedules.0.trigger', 'payment_schedule_delay_must_have_bill_trigger'],
    ],
  },
  {
    rule: 'PaymentSchedule.instalments: Validate that each child has a unique combination of values for the payment_date, payment_type fields',
    when: 'two instalments fall on one date',
    change: plan({
      instalments: [
        { amount: '40.00', payment_date: '2023-06-01' },
        { amount: '45.00', payment_date: '2023-06-01' },
      ],
    }),
    answers: [['payment_schedules.0.instalments.1', 'children_with_duplicate_values']],
  },
];
