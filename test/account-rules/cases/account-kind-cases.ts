import type { Json, RuleCase } from './case-shape.js';

const business = (account: Json) => {
  account.account_type = 'BUSINESS';
  account.account_billing_options = { period_start_day: 1, period_length: 'MONTHLY' };
};

export const accountKindCases: RuleCase[] = [
  {
    rule: 'EnergyAccount: Validate account type is valid',
    when: 'a domestic account is also flagged as managed',
    change: (account) => {
      account.is_managed = true;
    },
    answers: [['account_type', 'multiple_account_types_selected']],
  },
  {
    rule: 'EnergyAccount: Validate only portfolio lead has portfolio setting',
    when: 'a domestic account gives portfolio settings',
    change: (account) => {
      account.portfolio = { portfolio_settings: { collective_billing: true } };
    },
    answers: [['portfolio.portfolio_settings', 'portfolio_settings_included_when_not_lead']],
  },
  {
    rule: 'EnergyAccount: Validate business type and company number not provided for domestic accounts',
    when: 'a domestic account gives a company number',
    change: (account) => {
      account.company_number = '01234567';
    },
    answers: [['company_number', 'business_fields_provided_for_domestic_accounts']],
  },
  {
    rule: 'EnergyAccount: Validate bespoke rates',
    when: 'an agreement of a domestic account has bespoke rates',
    change: (account) => {
      account.supply_addresses[0].meter_points[1].agreements[0].bespoke_tariff_rates = [
        { standing_charge: '0.30', unit_rate: '0.07' },
      ];
    },
    answers: [
      [
        'supply_addresses.0.meter_points.1.agreements.0.bespoke_tariff_rates',
        'business_fields_provided_for_domestic_accounts',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate tax exemption for appropriate account type',
    when: 'a domestic meter point has a VAT exemption',
    change: (account) => {
      account.supply_addresses[0].meter_points[1].vat_exemptions = [
        { effective_from: '2023-04-01', rate: '0.05' },
      ];
    },
    answers: [
      ['supply_addresses.0.meter_points.1.vat_exemptions', 'tax_exemptions_provided_for_domestic_account'],
    ],
  },
  {
    rule: 'EnergyAccount: Validate account billing options',
    when: 'a domestic account gives billing options',
    change: (account) => {
      account.account_billing_options = { use_industry_billing: true };
    },
    answers: [['account_billing_options', 'account_billing_options_provided_for_domestic_accounts']],
  },
  {
    rule: 'EnergyAccount: Validate business account has account billing options with period_start_day and period_length',
    when: 'a business account gives billing options without a period length',
    change: (account) => {
      business(account);
      delete account.account_billing_options.period_length;
    },
    answers: [['account_billing_options', 'business_account_missing_billing_options']],
  },
  {
    rule: 'EnergyAccount: Validate that  customers provided for business accounts',
    when: 'a business account has no customers',
    change: (account) => {
      business(account);
      account.customers = [];
    },
    answers: [['customers', 'business_account_missing_customers']],
  },
  {
    rule: 'EnergyAccount: Validate that  customers provided for business accounts',
    when: 'a business account of an unknown occupier has none (another rule forbids them)',
    change: (account) => {
      account.account_type = 'BUSINESS_OCCUPIER';
      account.customers = [];
      account.consents = [];
    },
    answers: [],
  },
  {
    rule: 'EnergyAccount: Validate customer family name',
    when: 'a customer of a domestic account has no family name',
    change: (account) => {
      delete account.customers[1].family_name;
    },
    answers: [['customers.1.family_name', 'customer_family_name_required']],
  },
  {
    rule: 'EnergyAccount: Validate that a portfolio lead account has no supply address since it makes no sense for it to have one',
    when: 'a portfolio lead account has a supply address',
    change: (account) => {
      account.account_type = 'PORTFOLIO_LEAD';
    },
    answers: [['supply_addresses', 'portfolio_lead_has_a_supply_address']],
  },
  {
    rule: 'EnergyAccount: Validate that a system account has no supply address',
    when: 'a system account has a supply address',
    change: (account) => {
      account.account_type = 'SYSTEM';
    },
    answers: [['supply_addresses', 'system_account_has_a_supply_address']],
  },
  {
    rule: 'EnergyAccount: Validate no customers for unknown occupier',
    when: 'an unknown occupier account has customers',
    change: (account) => {
      account.unknown_occupier = true;
    },
    answers: [['customers', 'customer_with_unknown_occupier']],
  },
  {
    rule: 'EnergyAccount: Validate no more than one property for unknown occupier',
    when: 'an unknown occupier account without customers has two supply addresses',
    change: (account) => {
      account.unknown_occupier = true;
      account.customers = [];
      account.supply_addresses.push({
        ...account.supply_addresses[0],
        supply_address1: '14 Orchard Lane',
        meter_points: [],
      });
    },
    answers: [['supply_addresses', 'occupier_account_with_multiple_supply_addresses']],
  },
  {
    rule: 'EnergyAccount: Validate no direct debit reference for the occupier',
    when: 'an unknown occupier account without customers gives a Direct Debit reference',
    change: (account) => {
      account.unknown_occupier = true;
      account.customers = [];
      account.dd_reference = 'DD-1';
    },
    answers: [['dd_reference', 'dd_reference_for_occupier_account']],
  },
];
