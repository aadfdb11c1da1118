import type { Json, RuleCase } from './case-shape.js';

const change = (extra: Json = {}) => ({
  created_at: '2024-01-01T00:00:00Z',
  applied_at: '2024-01-02T00:00:00Z',
  average_monthly_elec_charge: 6000,
  average_monthly_gas_charge: 4000,
  average_monthly_charge: 10000,
  balance_adjustment: 0,
  current_balance: 0,
  target_balance: 0,
  existing_direct_debit_payment: 8500,
  new_direct_debit: 9000,
  ...extra,
});
const adequacy = (extra: Json) => (account: Json) => {
  account.payment_adequacy_changes = [change(extra)];
};
const paymentPlan = (payments: Json[]) => (account: Json) => {
  account.payment_schedules[0].ledger_code = 'MAIN';
  account.payment_plans = [
    { accepted_at: '2024-01-01T00:00:00Z', schedule_means: 'DD', strategy_name: 'DEBT_PLAN', payments },
  ];
};
const payment = (date: string, total: number, components: Json[]) => ({
  payment_date: date,
  total_amount: total,
  amount_components: components,
});
const deposit = (extra: Json = {}) => ({ deposit_amount: '100.00', reason: 'CREDIT_CHECK', ...extra });

export const paymentCases: RuleCase[] = [
  {
    rule: 'EnergyAccount: Validate that referenced ledgers are unique in payment preferences',
    when: 'two payment preferences name the main ledger',
    change: (account) => {
      account.payment_preferences.push({ type: 'PASSIVE', ledger_identifier: 'MAIN' });
    },
    answers: [['payment_preferences.1.ledger_identifier', 'duplicate_ledger_in_payment_preferences']],
  },
  {
    rule: 'EnergyAccount: Validate that valid instruction_identifier provided for ACTIVE_NEW payment preference',
    when: 'an ACTIVE_NEW preference names an instruction the payload does not have',
    change: (account) => {
      account.payment_preferences[0].instruction_reference_params.instruction_identifier = 'instr-2';
    },
    answers: [
      [
        'payment_preferences.0.instruction_reference_params.instruction_identifier',
        'active_new_payment_preference_invalid_instruction_identifier',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate payment adequacy changes or last payment review date not both',
    when: 'adequacy changes come with a last review date',
    change: (account) => {
      adequacy({})(account);
      account.last_payment_review_date = '2024-01-01';
    },
    answers: [['last_payment_review_date', 'payment_adequacy_changes_and_last_payment_review_date_provided']],
  },
  {
    rule: 'EnergyAccount: Validate that payment plans and payment schedules for the same ledger are not both in payload',
    when: 'a payment plan comes with a schedule on the main ledger',
    change: (account) => {
      paymentPlan([payment('2024-07-01', 1000, [{ amount: 1000, component_type: 'DEBT' }])])(account);
      delete account.payment_schedules[0].ledger_code;
    },
    answers: [['payment_schedules.0', 'payment_plan_and_payment_schedule_not_allowed_on_same_ledger']],
  },
  {
    rule: 'EnergyAccount.last_payment_review_date: Validate last payment review date is not future dated',
    when: 'the last payment review is tomorrow',
    change: (account) => {
      account.last_payment_review_date = '2024-06-02';
    },
    answers: [['last_payment_review_date', 'last_payment_review_date_is_future_dated']],
  },
  {
    rule: 'EnergyAccount: Validate debt and debts',
    when: 'both debt and debts are given',
    change: (account) => {
      account.debt = { notes: 'old' };
      account.debts = [];
    },
    answers: [['debt', 'debt_and_debts_are_defined']],
  },
  {
    rule: 'Debt: Validate debt collection agency',
    when: 'a debt placed with an agency does not name it',
    change: (account) => {
      account.debts = [{ start_date: '2024-01-01' }];
    },
    answers: [['debts.0.agency_name', 'debt_collection_agency_name_required']],
  },
  {
    rule: 'DepositAgreement: Validate deposit agreement last interest date',
    when: 'a deposit not yet fulfilled has a last interest date',
    change: (account) => {
      account.deposit_agreements = [deposit({ last_interest_date: '2024-01-01' })];
    },
    answers: [['deposit_agreements.0.last_interest_date', 'last_interest_date_not_allowed']],
  },
  {
    rule: 'DepositAgreement: Validate deposit agreement last interest date',
    when: 'a deposit is fulfilled after its last interest date',
    change: (account) => {
      account.deposit_agreements = [
        deposit({ fulfilled_at: '2024-02-01T00:00:00Z', last_interest_date: '2024-01-01' }),
      ];
    },
    answers: [['deposit_agreements.0.fulfilled_at', 'fulfilled_at_greater_than_last_interest_date']],
  },
  {
    rule: 'EnergyAccount.deposit_agreements: Validate deposit agreements',
    when: 'two deposits are not yet fulfilled',
    change: (account) => {
      account.deposit_agreements = [deposit(), deposit()];
    },
    answers: [['deposit_agreements.1', 'multiple_active_deposits_not_allowed']],
  },
  {
    rule: 'DunningPath.start_date: Validate date not in past',
    when: 'the dunning path started last month',
    change: (account) => {
      account.dunning_path = { path_name: 'STANDARD', start_date: '2024-05-01' };
    },
    answers: [['dunning_path.start_date', 'date_in_past']],
  },
  {
    rule: 'PaymentAdequacyChange: Validate payment adequacy change created before applied',
    when: 'a change is applied before it was made',
    change: adequacy({ applied_at: '2023-12-31T00:00:00Z' }),
    answers: [['payment_adequacy_changes.0.applied_at', 'payment_adequacy_invalid_dates']],
  },
  {
    rule: 'PaymentAdequacyChange: Validate payment adequacy change applied or reason provided',
    when: 'a change is applied and has a reason for not applying it',
    change: adequacy({ should_not_be_applied_reason: 'Customer disputes' }),
    answers: [
      [
        'payment_adequacy_changes.0.should_not_be_applied_reason',
        'payment_adequacy_should_not_have_been_applied',
      ],
    ],
  },
  {
    rule: 'PaymentAdequacyChange: Validate payment adequacy change applied or reason provided',
    when: 'a change is neither applied nor explained',
    change: adequacy({ applied_at: null }),
    answers: [['payment_adequacy_changes.0.should_not_be_applied_reason', 'payment_adequacy_missing_reason']],
  },
  {
    rule: 'PaymentAdequacyChange: Validate average monthly charge equal to sum',
    when: 'the average monthly charge is a penny more than its parts',
    change: adequacy({ average_monthly_charge: 10001 }),
    answers: [
      ['payment_adequacy_changes.0.average_monthly_charge', 'payment_adequacy_monthly_charges_unequal'],
    ],
  },
  {
    rule: 'PaymentAdequacyChange: Validate direct debit between existing and max payment',
    when: 'the new Direct Debit is above the monthly charge',
    change: adequacy({ new_direct_debit: 20000 }),
    answers: [
      ['payment_adequacy_changes.0.new_direct_debit', 'payment_adequacy_new_direct_debit_amount_mismatch'],
    ],
  },
  {
    rule: 'PaymentAdequacyChange.applied_at: Validate payment adequacy change applied in past',
    when: 'a change is applied tomorrow',
    change: adequacy({ applied_at: '2024-06-02T09:00:00Z' }),
    answers: [['payment_adequacy_changes.0.applied_at', 'payment_adequacy_invalid_dates']],
  },
  {
    rule: 'PaymentAdequacyChange.created_at: Validate payment adequacy change created in past',
    when: 'a change not applied is made tomorrow',
    change: adequacy({
      created_at: '2024-06-02T09:00:00Z',
      applied_at: null,
      should_not_be_applied_reason: 'Review pending',
    }),
    answers: [['payment_adequacy_changes.0.created_at', 'payment_adequacy_invalid_dates']],
  },
  {
    rule: 'PaymentPlan.payments: Validates that the payment plan payment components are unique',
    when: 'two payments of a plan have a debt component on the same date',
    change: paymentPlan([
      payment('2024-07-01', 500, [{ amount: 500, component_type: 'DEBT' }]),
      payment('2024-07-01', 500, [{ amount: 500, component_type: 'DEBT' }]),
    ]),
    answers: [
      [
        'payment_plans.0.payments.1.amount_components.0.component_type',
        'duplicate_payment_component_combinations',
      ],
    ],
  },
  {
    rule: 'PaymentPlanPayment: Validate that component amounts sum up to the total',
    when: "a plan payment's components come to less than its total",
    change: paymentPlan([payment('2024-07-01', 1000, [{ amount: 900, component_type: 'DEBT' }])]),
    answers: [
      ['payment_plans.0.payments.0.total_amount', 'payment_plan_payment_components_do_not_sum_to_total'],
    ],
  },
];
