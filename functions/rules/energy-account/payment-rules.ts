import type { FieldError } from '../../errors.js';
import type { Item, PayloadRule } from './payload-rule.js';
import { child, fieldError, given, itemsAt, list, text } from './payload-rule.js';
import { dayOf, instantOf } from './payload-values.js';
import { itemRule, notFutureRule, uniqueRule } from './rule-builders.js';

const ADEQUACY = ['payment_adequacy_changes[]'];
const DEBTS = ['debt', 'debts[]'];
const amount = (item: Item, field: string) => (typeof item[field] === 'number' ? (item[field] as number) : 0);

function unknownInstructions(account: Item): FieldError[] {
  const known = new Set(
    list(account, 'payment_instructions').map((instruction) => text(instruction, 'instruction_identifier')),
  );
  return itemsAt(account, 'payment_preferences[type=ACTIVE_NEW]')
    .filter(
      ({ item }) =>
        !known.has(text(child(item, 'instruction_reference_params') ?? {}, 'instruction_identifier')),
    )
    .map(({ attr }) =>
      fieldError(
        `${attr}.instruction_reference_params.instruction_identifier`,
        'active_new_payment_preference_invalid_instruction_identifier',
        'An ACTIVE_NEW payment preference names the instruction_identifier of one of payment_instructions.',
      ),
    );
}

function planComponentsRepeated(account: Item): FieldError[] {
  return itemsAt(account, 'payment_plans[]').flatMap(({ item: plan, attr }) => {
    const seen = new Set<string>();
    return list(plan, 'payments').flatMap((payment, p) =>
      list(payment, 'amount_components').flatMap((component, c) => {
        const key = JSON.stringify([text(payment, 'payment_date'), text(component, 'component_type')]);
        const repeated = seen.has(key);
        seen.add(key);
        const detail = 'Another payment of this plan has a component of the same type on the same date.';
        return repeated
          ? [
              fieldError(
                `${attr}.payments.${p}.amount_components.${c}.component_type`,
                'duplicate_payment_component_combinations',
                detail,
              ),
            ]
          : [];
      }),
    );
  });
}

/** Payment preferences, plans, adequacy changes, deposits and debts. */
export const paymentRules: PayloadRule[] = [
  uniqueRule({
    rule: 'EnergyAccount: Validate that referenced ledgers are unique in payment preferences',
    code: 'duplicate_ledger_in_payment_preferences',
    at: [''],
    list: 'payment_preferences',
    field: 'ledger_identifier',
    detail: 'Another payment preference names this ledger.',
    keyOf: (preference) => text(preference, 'ledger_identifier'),
  }),
  {
    rule: 'EnergyAccount: Validate that valid instruction_identifier provided for ACTIVE_NEW payment preference',
    codes: ['active_new_payment_preference_invalid_instruction_identifier'],
    check: unknownInstructions,
  },
  itemRule({
    rule: 'EnergyAccount: Validate payment adequacy changes or last payment review date not both',
    code: 'payment_adequacy_changes_and_last_payment_review_date_provided',
    at: [''],
    field: 'last_payment_review_date',
    detail: 'Give payment adequacy changes or the last payment review date, not both.',
    breaks: (account) =>
      list(account, 'payment_adequacy_changes').length > 0 && given(account, 'last_payment_review_date'),
  }),
  itemRule({
    rule: 'EnergyAccount: Validate that payment plans and payment schedules for the same ledger are not both in payload',
    code: 'payment_plan_and_payment_schedule_not_allowed_on_same_ledger',
    at: ['payment_schedules[]'],
    detail:
      'A payment plan makes the schedule of its ledger: a payment schedule on the main ledger comes without payment plans.',
    breaks: (schedule, account) =>
      list(account, 'payment_plans').length > 0 && !given(schedule, 'ledger_code'),
  }),
  notFutureRule({
    rule: 'EnergyAccount.last_payment_review_date: Validate last payment review date is not future dated',
    code: 'last_payment_review_date_is_future_dated',
    at: [''],
    field: 'last_payment_review_date',
  }),
  itemRule({
    rule: 'EnergyAccount: Validate debt and debts',
    code: 'debt_and_debts_are_defined',
    at: [''],
    field: 'debt',
    detail: 'Give the debts as debts (debt is deprecated), not both.',
    breaks: (account) => given(account, 'debt') && given(account, 'debts'),
  }),
  itemRule({
    rule: 'Debt: Validate debt collection agency',
    code: 'debt_collection_agency_name_required',
    at: DEBTS,
    field: 'agency_name',
    detail: 'A debt placed with an agency (start_date) names the agency.',
    breaks: (debt) => given(debt, 'start_date') && !given(debt, 'agency_name'),
  }),
  {
    rule: 'DepositAgreement: Validate deposit agreement last interest date',
    codes: ['fulfilled_at_greater_than_last_interest_date', 'last_interest_date_not_allowed'],
    check: (account) =>
      itemsAt(account, 'deposit_agreements[]').flatMap(({ item, attr }) => {
        const interest = text(item, 'last_interest_date');
        const fulfilled = text(item, 'fulfilled_at');
        if (interest === undefined) return [];
        if (fulfilled === undefined) {
          return [
            fieldError(
              `${attr}.last_interest_date`,
              'last_interest_date_not_allowed',
              'Interest is paid on a deposit once it is fulfilled.',
            ),
          ];
        }
        return dayOf(fulfilled) > interest
          ? [
              fieldError(
                `${attr}.fulfilled_at`,
                'fulfilled_at_greater_than_last_interest_date',
                'A deposit is fulfilled on or before the last interest date.',
              ),
            ]
          : [];
      }),
  },
  {
    rule: 'EnergyAccount.deposit_agreements: Validate deposit agreements',
    codes: ['multiple_active_deposits_not_allowed'],
    check: (account) =>
      itemsAt(account, 'deposit_agreements[]')
        .filter(({ item }) => !given(item, 'fulfilled_at'))
        .slice(1)
        .map(({ attr }) =>
          fieldError(
            attr,
            'multiple_active_deposits_not_allowed',
            'An account has one deposit agreement not yet fulfilled at most.',
          ),
        ),
  },
  itemRule({
    rule: 'DunningPath.start_date: Validate date not in past',
    code: 'date_in_past',
    at: ['dunning_path'],
    field: 'start_date',
    detail: 'A dunning path cannot start before today.',
    breaks: (path, _account, today) => given(path, 'start_date') && (text(path, 'start_date') ?? '') < today,
  }),
  itemRule({
    rule: 'PaymentAdequacyChange: Validate payment adequacy change created before applied',
    code: 'payment_adequacy_invalid_dates',
    at: ADEQUACY,
    field: 'applied_at',
    detail: 'An adequacy change is applied after it was made.',
    breaks: (change) =>
      given(change, 'applied_at') &&
      instantOf(text(change, 'applied_at') ?? '') < instantOf(text(change, 'created_at') ?? ''),
  }),
  {
    rule: 'PaymentAdequacyChange: Validate payment adequacy change applied or reason provided',
    codes: ['payment_adequacy_missing_reason', 'payment_adequacy_should_not_have_been_applied'],
    check: (account) =>
      itemsAt(account, ADEQUACY[0]!).flatMap(({ item, attr }) => {
        const applied = given(item, 'applied_at');
        const reason = given(item, 'should_not_be_applied_reason');
        if (applied && reason) {
          return [
            fieldError(
              `${attr}.should_not_be_applied_reason`,
              'payment_adequacy_should_not_have_been_applied',
              'An applied change has no reason for not applying it.',
            ),
          ];
        }
        return applied || reason
          ? []
          : [
              fieldError(
                `${attr}.should_not_be_applied_reason`,
                'payment_adequacy_missing_reason',
                'A change that was not applied says why.',
              ),
            ];
      }),
  },
  itemRule({
    rule: 'PaymentAdequacyChange: Validate average monthly charge equal to sum',
    code: 'payment_adequacy_monthly_charges_unequal',
    at: ADEQUACY,
    field: 'average_monthly_charge',
    detail: 'The average monthly charge is the electricity and gas monthly charges together.',
    breaks: (change) =>
      amount(change, 'average_monthly_charge') !==
      amount(change, 'average_monthly_elec_charge') + amount(change, 'average_monthly_gas_charge'),
  }),
  itemRule({
    rule: 'PaymentAdequacyChange: Validate direct debit between existing and max payment',
    code: 'payment_adequacy_new_direct_debit_amount_mismatch',
    at: ADEQUACY,
    field: 'new_direct_debit',
    detail:
      'The new Direct Debit lies between the existing payment and the monthly charge plus the balance adjustment.',
    breaks: (change) => {
      const existing = amount(change, 'existing_direct_debit_payment');
      const most = amount(change, 'average_monthly_charge') + amount(change, 'balance_adjustment');
      const value = amount(change, 'new_direct_debit');
      return value < Math.min(existing, most) || value > Math.max(existing, most);
    },
  }),
  notFutureRule({
    rule: 'PaymentAdequacyChange.applied_at: Validate payment adequacy change applied in past',
    code: 'payment_adequacy_invalid_dates',
    at: ADEQUACY,
    field: 'applied_at',
  }),
  notFutureRule({
    rule: 'PaymentAdequacyChange.created_at: Validate payment adequacy change created in past',
    code: 'payment_adequacy_invalid_dates',
    at: ADEQUACY,
    field: 'created_at',
  }),
  {
    rule: 'PaymentPlan.payments: Validates that the payment plan payment components are unique',
    codes: ['duplicate_payment_component_combinations'],
    check: planComponentsRepeated,
  },
  itemRule({
    rule: 'PaymentPlanPayment: Validate that component amounts sum up to the total',
    code: 'payment_plan_payment_components_do_not_sum_to_total',
    at: ['payment_plans[].payments[]'],
    field: 'total_amount',
    detail: "A plan payment's components add up to its total.",
    breaks: (payment) =>
      list(payment, 'amount_components').reduce((sum, component) => sum + amount(component, 'amount'), 0) !==
      amount(payment, 'total_amount'),
  }),
];
