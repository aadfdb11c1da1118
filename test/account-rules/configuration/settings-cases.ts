import { ELECTRICITY } from '../cases/case-shape.js';
import type { ConfigurationCase } from './configuration-case.js';

const REFERENCES = [{ namespace: 'legacy-crm', value: 'P-1' }];

/** The supplier-settings rules: each breach under a setting, and the default that lets it pass. */
export const settingsCases: ConfigurationCase[] = [
  {
    rule: 'EnergyAccount: Validate managed account type is allowed',
    when: 'a managed account for a supplier that takes none',
    change: (account) => {
      account.account_type = 'MANAGED';
    },
    settings: { managed_accounts_allowed: false },
    answers: [['account_type', 'managed_accounts_are_not_allowed']],
  },
  {
    rule: 'EnergyAccount: Validate managed account type is allowed',
    when: 'a managed account by default',
    change: (account) => {
      account.account_type = 'MANAGED';
    },
    answers: [],
  },
  {
    rule: 'EnergyAccount: Validate that a customer given name is provided for business accounts',
    when: 'a business customer without a given name, the supplier sending registration flows',
    change: (account) => {
      account.account_type = 'BUSINESS';
      delete account.customers[1].given_name;
    },
    answers: [['customers.1.given_name', 'customer_given_name_required']],
  },
  {
    rule: 'EnergyAccount: Validate that a customer given name is provided for business accounts',
    when: 'a business customer without a given name, the supplier sending no registration flows',
    change: (account) => {
      account.account_type = 'BUSINESS';
      delete account.customers[1].given_name;
    },
    settings: { send_registration_flows: false },
    answers: [],
  },
  {
    rule: 'EnergyAccount: Validate historical statement billing document identifier presence',
    when: 'historical transactions carry billing document identifiers, which the supplier does not enable',
    settings: { billing_document_identifiers_enabled: false },
    answers: [
      [
        'historical_statement_transactions.0.billing_document_identifier',
        'historical_statement_billing_document_identifier_not_allowed_when_feature_flag_disabled',
      ],
      [
        'historical_statement_transactions.1.billing_document_identifier',
        'historical_statement_billing_document_identifier_not_allowed_when_feature_flag_disabled',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate auto allocation of operations team',
    when: 'a team is named for a supplier that allocates teams automatically',
    change: (account) => {
      account.operations_team_name = 'Migrations';
    },
    settings: { auto_allocate_operations_teams: true },
    answers: [['operations_team_name', 'operations_team_provided_when_using_auto_allocation']],
  },
  {
    rule: 'EnergyAccount: Validate auto allocation of operations team',
    when: 'no team is named for a supplier that does not allocate teams',
    settings: { auto_allocate_operations_teams: false },
    answers: [['operations_team_name', 'operations_team_should_be_provided']],
  },
  {
    rule: 'EnergyAccount: Validate auto allocation of operations team',
    when: 'no team is named, allocation not set (the default)',
    answers: [],
  },
  {
    rule: 'EnergyAccount.consents: Validate consents are only provided if enabled',
    when: 'account consents for a supplier without consents',
    change: (account) => {
      delete account.customers[0].consents;
    },
    settings: { consents_enabled: false },
    answers: [['consents', 'field_not_enabled']],
  },
  {
    rule: 'EnergyCustomer.consents: Validate consents are only provided if enabled',
    when: 'customer consents for a supplier without consents',
    change: (account) => {
      delete account.consents;
    },
    settings: { consents_enabled: false },
    answers: [['customers.0.consents', 'field_not_enabled']],
  },
  {
    rule: "EnergyAccount.supply_addresses: Validate that supply points are provided correctly based on the value of the 'Skip supply point creation' import config setting.",
    when: 'meter points for a supplier that skips creating them',
    settings: { skip_supply_point_creation: true },
    answers: [
      ['supply_addresses.0.meter_points', 'supply_points_provided_while_skip_supply_point_creation_enabled'],
    ],
  },
  {
    rule: "EnergyAccount.supply_addresses: Validate that supply points are provided correctly based on the value of the 'Skip supply point creation' import config setting.",
    when: 'a supply address without meter points, by default',
    change: (account) => {
      account.supply_addresses[0].meter_points = [];
      account.historical_statement_transactions.splice(0, 1);
    },
    answers: [
      [
        'supply_addresses.0.meter_points',
        'supply_points_not_provided_while_skip_supply_point_creation_disabled',
      ],
    ],
  },
  {
    rule: "EnergyAccount.supply_addresses: Validate that supply addresses are not provided if 'Skip property creation' is True",
    when: 'supply addresses for a supplier that skips creating properties',
    settings: { skip_property_creation: true },
    answers: [['supply_addresses', 'supply_addresses_provided_while_skip_property_creation_enabled']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate that no agents are provided when not sending registration flows',
    when: 'an agent to appoint for a supplier that sends no registration flows',
    change: (account) => {
      account.supply_addresses[0].meter_points[0].dc_to_appoint = 'STAR';
    },
    settings: { send_registration_flows: false },
    answers: [[`${ELECTRICITY}.dc_to_appoint`, 'agents_supplied_for_non_on_market_switch']],
  },
  {
    rule: 'AccountPortfolio: Validate portfolio reference provided correctly',
    when: 'portfolio references for a supplier that creates new portfolios',
    change: (account) => {
      account.portfolio = { portfolio_references: REFERENCES };
    },
    settings: { create_new_portfolios: true },
    answers: [['portfolio.portfolio_references', 'portfolio_references_provided']],
  },
  {
    rule: 'AccountPortfolio: Validate portfolio reference provided correctly',
    when: 'portfolio settings without the references of the portfolio they apply to, by default',
    change: (account) => {
      account.portfolio = { portfolio_settings: { is_consolidated_billing: true } };
    },
    answers: [['portfolio.portfolio_references', 'portfolio_references_missing']],
  },
  {
    rule: 'BusinessPortfolio: Validate portfolio reference provided correctly',
    when: "a business portfolio's references for a supplier that creates new portfolios",
    change: (account) => {
      account.business = { portfolios: [{ portfolio_references: REFERENCES }] };
    },
    settings: { create_new_portfolios: true },
    answers: [['business.portfolios.0.portfolio_references', 'portfolio_references_provided']],
  },
  {
    rule: 'EnergyCustomer.user_details: Validate required customer details namespaces provided',
    when: 'a customer without a namespace the supplier requires',
    change: (account) => {
      account.customers[0].user_details = [{ namespace: 'external_user_id', value: 'U-1' }];
    },
    settings: { required_customer_detail_namespaces: ['external_user_id'] },
    answers: [['customers.1.user_details', 'required_customer_details_namespace_missing']],
  },
  {
    rule: 'BusinessUser.user_details: Validate required customer details namespaces provided',
    when: 'a business user without a namespace the supplier requires',
    change: (account) => {
      for (const customer of account.customers)
        customer.user_details = [{ namespace: 'external_user_id', value: 'U' }];
      account.business = { users: [{ email: 'ops@example.com' }] };
    },
    settings: { required_customer_detail_namespaces: ['external_user_id'] },
    answers: [['business.users.0.user_details', 'required_customer_details_namespace_missing']],
  },
  {
    rule: 'PaymentSchedule.day_of_month: Validate payment day for payment schedule',
    when: 'the payment day is before the earliest the supplier takes',
    settings: { minimum_payment_day: 5 },
    answers: [['payment_schedules.0.day_of_month', 'invalid_payment_day_for_payment_schedule']],
  },
  {
    rule: 'PaymentSchedule.day_of_month: Validate payment day for payment schedule',
    when: 'the payment day is after the latest the supplier takes',
    change: (account) => {
      account.payment_schedules[0].day_of_month = 30;
    },
    settings: { maximum_payment_day: 28 },
    answers: [['payment_schedules.0.day_of_month', 'invalid_payment_day_for_payment_schedule']],
  },
  {
    rule: 'PaymentSchedule: Validate that the payment amount for fixed payment schedules is within the minor currency unit range of 0 - upper_bound',
    when: "a regular schedule's amount is above the supplier's greatest",
    settings: { maximum_fixed_payment_amount: 50 },
    answers: [['payment_schedules.0.amount', 'fixed_payment_schedule_amount_out_of_range']],
  },
  {
    rule: 'PaymentSchedule: Validate that the payment amount for fixed payment schedules is within the minor currency unit range of 0 - upper_bound',
    when: "a regular schedule's amount is below the supplier's least",
    settings: { minimum_fixed_payment_amount: 100 },
    answers: [['payment_schedules.0.amount', 'fixed_payment_schedule_amount_out_of_range']],
  },
  {
    rule: 'EnergyAccount: Validate that business is provided if enforcing business contracts',
    when: 'no business for a supplier that enforces business contracts',
    settings: { enforce_business_contracts_exist: true },
    answers: [['business', 'business_field_required']],
  },
  {
    rule: 'BusinessWithExistingContracts: Validate that business information is provided if not linking account to business with contract',
    when: 'a business given by its contract without a company name, the supplier not linking by contract',
    change: (account) => {
      account.business = { business_contract_identifier: 'CC-1' };
    },
    settings: { enforce_business_contracts_exist: true },
    answers: [['business.company_name', 'business_information_required_if_not_linking_via_contract']],
  },
  {
    rule: 'BusinessWithExistingContracts: Validate that business information is not provided if linking an account to the business of the business contract.',
    when: "a business given by its contract with a company name, the supplier linking to the contract's business",
    change: (account) => {
      account.business = { business_contract_identifier: 'CC-1', company_name: 'Harbourside Lettings Ltd' };
    },
    settings: { enforce_business_contracts_exist: true, link_account_to_business_with_contract: true },
    answers: [['business.company_name', 'business_information_not_required_if_linking_via_contract']],
  },
  {
    rule: 'BusinessWithExistingContracts: Validate that at least one contract identifier is provided for import',
    when: 'a business given by its contracts names none',
    change: (account) => {
      account.business = { company_name: 'Harbourside Lettings Ltd' };
    },
    settings: { enforce_business_contracts_exist: true },
    answers: [['business', 'missing_contract_identifier']],
  },
  {
    rule: 'BusinessWithExistingContracts: Validate that at least one contract identifier is provided for import',
    when: 'a business names no contract, the supplier not enforcing business contracts (the default)',
    change: (account) => {
      account.business = { company_name: 'Harbourside Lettings Ltd' };
    },
    answers: [],
  },
];
