import type { Json, RuleCase } from './case-shape.js';

const businessUser = (account: Json, user: Json) => {
  account.account_type = 'BUSINESS';
  account.account_billing_options = { period_start_day: 1, period_length: 'MONTHLY' };
  account.business = { company_name: 'Hartley Bakes', users: [{ business_roles: ['ADMIN'], ...user }] };
};
const administrator = (account: Json, person: Json) => {
  account.supply_addresses[0].property_administrators = [{ family_name: 'Reed', ...person }];
};

export const contactCases: RuleCase[] = [
  {
    rule: 'EnergyCustomer.landline: Validate phone number',
    when: "a customer's landline has too few digits",
    change: (account) => {
      account.customers[1].landline = '01483 12';
    },
    answers: [['customers.1.landline', 'invalid_phone_number']],
  },
  {
    rule: 'EnergyCustomer.mobile: Validate phone number',
    when: "a customer's mobile is not a number of the billing country",
    change: (account) => {
      account.customers[0].mobile = '0799';
    },
    answers: [['customers.0.mobile', 'invalid_phone_number']],
  },
  {
    rule: 'BusinessUser.landline: Validate phone number',
    when: "a business user's landline is not a phone number",
    change: (account) => businessUser(account, { landline: '12' }),
    answers: [['business.users.0.landline', 'invalid_phone_number']],
  },
  {
    rule: 'BusinessUser.mobile: Validate phone number',
    when: "a business user's mobile is not a phone number",
    change: (account) => businessUser(account, { mobile: '07' }),
    answers: [['business.users.0.mobile', 'invalid_phone_number']],
  },
  {
    rule: 'PropertyAdministrator.landline: Validate phone number',
    when: "a property administrator's landline is not a phone number",
    change: (account) => administrator(account, { landline: '999' }),
    answers: [['supply_addresses.0.property_administrators.0.landline', 'invalid_phone_number']],
  },
  {
    rule: 'PropertyAdministrator.mobile: Validate phone number',
    when: "a property administrator's mobile is not a phone number",
    change: (account) => administrator(account, { mobile: '999' }),
    answers: [['supply_addresses.0.property_administrators.0.mobile', 'invalid_phone_number']],
  },
  {
    rule: 'CustomerAlternativeNumber.phone_number: Validate phone number',
    when: "a customer's alternative number is not a phone number",
    change: (account) => {
      account.customers[0].alternative_phone_numbers = [
        { phone_number: '+44 1483 123456' },
        { phone_number: '1' },
      ];
    },
    answers: [['customers.0.alternative_phone_numbers.1.phone_number', 'invalid_phone_number']],
  },
  {
    rule: 'EnergyCustomer.email: Validate email address is not test address',
    when: "a customer's e-mail starts with test@",
    change: (account) => {
      account.customers[1].email = 'test@hartley.example.com';
    },
    answers: [['customers.1.email', 'possible_test_email_address']],
  },
  {
    rule: 'BusinessUser.email: Validate email address is not test address',
    when: "a business user's e-mail ends with @test.co.uk",
    change: (account) => businessUser(account, { email: 'owner@test.co.uk' }),
    answers: [['business.users.0.email', 'possible_test_email_address']],
  },
  {
    rule: 'Complaint.complainant_email: Validate email address is not test address',
    when: "a complainant's e-mail starts with xxx@",
    change: (account) => {
      account.complaints = [
        {
          complainant_email: 'xxx@example.com',
          complainant_name: 'Amelia Hartley',
          complaint_contacts: [],
          created_at: '2024-01-20T09:30:00Z',
          has_chsr_letter_been_sent: false,
          has_eight_week_letter_been_sent: false,
          type_of_complaint: 'BILLING',
          subtype_of_complaint: 'ESTIMATES',
        },
      ];
    },
    answers: [['complaints.0.complainant_email', 'possible_test_email_address']],
  },
];
