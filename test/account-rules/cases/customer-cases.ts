import type { Json, RuleCase } from './case-shape.js';

const businessUser = (account: Json, user: Json) => {
  account.account_type = 'BUSINESS';
  account.account_billing_options = { period_start_day: 1, period_length: 'MONTHLY' };
  account.business = { company_name: 'Hartley Bakes', users: [{ business_roles: ['ADMIN'], ...user }] };
};

export const customerCases: RuleCase[] = [
  {
    rule: 'EnergyCustomer: Ensures only user_details or details are provided',
    when: 'a customer gives both user_details and details',
    change: (account) => {
      account.customers[1].user_details = [{ namespace: 'external_user_id', value: 'U-2' }];
      account.customers[1].details = { external_user_id: 'U-2' };
    },
    answers: [['customers.1.details', 'customer_details_and_user_details_both_provided']],
  },
  {
    rule: 'BusinessUser: Ensures only user_details or details are provided',
    when: 'a business user gives both user_details and details',
    change: (account) =>
      businessUser(account, {
        user_details: [{ namespace: 'external_user_id', value: 'U-9' }],
        details: { external_user_id: 'U-9' },
      }),
    answers: [['business.users.0.details', 'customer_details_and_user_details_both_provided']],
  },
  {
    rule: 'EnergyCustomer: Validate no contact details for occupier',
    when: 'a customer named The Occupier has a mobile',
    change: (account) => {
      account.customers[0].given_name = 'The';
      account.customers[0].family_name = 'Occupier';
    },
    answers: [
      ['customers.0', 'contact_details_for_occupier'],
      ['customers.0.family_name', 'customer_may_not_be_named_the_occupier'],
    ],
  },
  {
    rule: 'EnergyCustomer: Validate that the customer\'s name is not "The Occupier"',
    when: 'a customer without contact details is named The Occupier',
    change: (account) => {
      account.customers[1] = { family_name: 'The Occupier', account_roles: ['ADMIN'] };
    },
    answers: [['customers.1.family_name', 'customer_may_not_be_named_the_occupier']],
  },
  {
    rule: 'BusinessUser: Validate no contact details for occupier',
    when: 'a business user named The Occupier has an e-mail address',
    change: (account) => businessUser(account, { given_name: 'the occupier', email: 'site@example.com' }),
    answers: [
      ['business.users.0', 'contact_details_for_occupier'],
      ['business.users.0.given_name', 'customer_may_not_be_named_the_occupier'],
    ],
  },
  {
    rule: 'BusinessUser: Validate that the customer\'s name is not "The Occupier"',
    when: 'a business user without contact details is named The Occupier',
    change: (account) => businessUser(account, { family_name: 'The Occupier' }),
    answers: [['business.users.0.family_name', 'customer_may_not_be_named_the_occupier']],
  },
  {
    rule: 'EnergyCustomer: Validate user role',
    when: 'a customer has no role',
    change: (account) => {
      account.customers[1].account_roles = [];
    },
    answers: [['customers.1.account_roles', 'required_user_role']],
  },
  {
    rule: 'EnergyCustomer: Validate that customer_preferences and consents are not both provided',
    when: 'a customer with consents also gives preferences',
    change: (account) => {
      account.customers[0].customer_preferences = { opted_into_sms: true };
    },
    answers: [['customers.0.consents', 'fields_are_mutually_exclusive']],
  },
  {
    rule: 'EnergyAccount: Validate metadata',
    when: 'the account metadata repeats a key',
    change: (account) => {
      account.metadata.push({ key: 'legacy_segment', value: 'C' });
    },
    answers: [['metadata.1.key', 'metadata_has_duplicate_keys']],
  },
  {
    rule: 'EnergyCustomer: Validate metadata',
    when: "a customer's metadata repeats a key",
    change: (account) => {
      account.customers[1].metadata = [
        { key: 'crm_id', value: 1 },
        { key: 'crm_id', value: 2 },
      ];
    },
    answers: [['customers.1.metadata.1.key', 'metadata_has_duplicate_keys']],
  },
  {
    rule: 'EnergyAccount.consents: Validate that each child has unique values for the type field',
    when: 'the account gives one consent type twice',
    change: (account) => {
      account.consents.push({ type: 'SMART_METER_DATA', value: 'REJECTED' });
    },
    answers: [['consents.1.type', 'children_with_duplicate_values']],
  },
  {
    rule: 'EnergyCustomer.consents: Validate that each child has unique values for the type field',
    when: 'a customer gives one consent type twice',
    change: (account) => {
      account.customers[0].consents.push({ type: 'MARKETING_EMAIL', value: 'ACCEPTED' });
    },
    answers: [['customers.0.consents.2.type', 'children_with_duplicate_values']],
  },
  {
    rule: 'AccountConsent.signed_at: Validate signed_at not in the future',
    when: 'an account consent is signed tomorrow',
    change: (account) => {
      account.consents[0].signed_at = '2024-06-02T08:00:00Z';
    },
    answers: [['consents.0.signed_at', 'date_in_future']],
  },
  {
    rule: 'CustomerConsent.signed_at: Validate signed_at not in the future',
    when: 'a customer consent is signed next year',
    change: (account) => {
      account.customers[0].consents[0].signed_at = '2025-01-01T00:00:00Z';
    },
    answers: [['customers.0.consents.0.signed_at', 'date_in_future']],
  },
  {
    rule: 'EnergyAccount.customers: Validate that the customers provided do not have the same value for any unique detail namespaces',
    when: 'two customers share an external user id',
    change: (account) => {
      account.customers[0].user_details = [{ namespace: 'external_user_id', value: 'U-1' }];
      account.customers[1].user_details = [{ namespace: 'external_user_id', value: 'U-1' }];
    },
    answers: [['customers.1.user_details.0.value', 'repeated_values_for_unique_customer_detail_namespace']],
  },
  {
    rule: 'EnergyPSR: Validate PSR industry code provided',
    when: 'a PSR record has neither industry code',
    change: (account) => {
      account.customers[0].psr[0].elec_industry_code = null;
      delete account.customers[0].psr[0].gas_industry_code;
    },
    answers: [['customers.0.psr.0.elec_industry_code', 'psr_industry_code_not_provided']],
  },
];
