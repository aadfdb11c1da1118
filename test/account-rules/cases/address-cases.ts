import type { Json, RuleCase } from './case-shape.js';

const legacyBilling = (account: Json) => {
  delete account.billing_address;
  account.billing_address1 = '12 Orchard Lane';
  account.billing_postcode = 'GU1 3AA';
};
const secondAddress = (account: Json) => ({
  ...account.supply_addresses[0],
  supply_address1: '14 Orchard Lane',
  meter_points: [],
});

export const addressCases: RuleCase[] = [
  {
    rule: 'EnergyAccount: Validate billing address fields',
    when: "an unknown occupier's legacy billing address gives line 2 without line 1",
    change: (account) => {
      legacyBilling(account);
      account.unknown_occupier = true;
      account.customers = [];
      account.billing_address1 = ' ';
      account.billing_address2 = 'Guildford';
    },
    answers: [['billing_address1', 'invalid_address']],
  },
  {
    rule: 'EnergyAccount: Validate billing address style',
    when: 'the billing address object comes with billing_address1',
    change: (account) => {
      account.billing_address1 = '12 Orchard Lane';
    },
    answers: [['billing_address', 'billing_address_new_style_and_legacy']],
  },
  {
    rule: 'EnergyAccount: Validate billing address provided',
    when: 'an account with customers has no billing address',
    change: (account) => {
      delete account.billing_address;
    },
    answers: [['billing_address1', 'billing_address_not_provided']],
  },
  {
    rule: 'EnergyAccount.billing_delivery_point_identifier: Validate delivery point identifier',
    when: 'the billing delivery point identifier has lower-case letters',
    change: (account) => {
      account.billing_delivery_point_identifier = '1a';
    },
    answers: [['billing_delivery_point_identifier', 'invalid_delivery_point_identifier']],
  },
  {
    rule: "EnergyAccount.billing_email: Validate 'blackhole+' is not in billing email",
    when: 'the billing e-mail is a blackhole+ address',
    change: (account) => {
      account.billing_email = 'blackhole+a10004821@example.com';
    },
    answers: [['billing_email', 'billing_email_not_valid']],
  },
  {
    rule: 'EnergyAccount.billing_postcode: Validate and normalize postcode',
    when: 'a legacy billing postcode is not a UK postcode',
    change: (account) => {
      legacyBilling(account);
      account.billing_postcode = 'GU1 3A';
    },
    answers: [['billing_postcode', 'invalid_postcode']],
  },
  {
    rule: 'Address: Validate and normalize postcode',
    when: 'the billing address postcode is not a postcode of its country',
    change: (account) => {
      account.billing_address.postal_code = '123';
    },
    answers: [['billing_address.postal_code', 'invalid_postcode']],
  },
  {
    rule: 'Address: Validate address',
    when: 'the billing address has no street address',
    change: (account) => {
      delete account.billing_address.street_address;
    },
    answers: [['billing_address.street_address', 'invalid_address']],
  },
  {
    rule: 'Address.delivery_point_identifier: Validate delivery point identifier',
    when: 'the billing address delivery point identifier has a hyphen',
    change: (account) => {
      account.billing_address.delivery_point_identifier = '1A-';
    },
    answers: [['billing_address.delivery_point_identifier', 'invalid_delivery_point_identifier']],
  },
  {
    rule: 'EnergyLegacySupplyAddress: Validate supply address',
    when: 'a supply address has a blank first line',
    change: (account) => {
      account.supply_addresses[0].supply_address1 = '  ';
    },
    answers: [['supply_addresses.0.supply_address1', 'invalid_address']],
  },
  {
    rule: 'EnergyLegacySupplyAddress.supply_delivery_point_identifier: Validate delivery point identifier',
    when: 'a supply delivery point identifier has a space',
    change: (account) => {
      account.supply_addresses[0].supply_delivery_point_identifier = '1A 2';
    },
    answers: [['supply_addresses.0.supply_delivery_point_identifier', 'invalid_delivery_point_identifier']],
  },
  {
    rule: 'EnergyLegacySupplyAddress.supply_postcode: Validate and normalize postcode',
    when: 'a supply postcode is not a UK postcode',
    change: (account) => {
      account.supply_addresses[0].supply_postcode = '75001';
    },
    answers: [['supply_addresses.0.supply_postcode', 'invalid_postcode']],
  },
  {
    rule: 'EnergyLegacySupplyAddress: Validate no more than one property administrator is provided',
    when: 'a supply address has two property administrators',
    change: (account) => {
      account.supply_addresses[0].property_administrators = [
        { family_name: 'Reed' },
        { family_name: 'Shaw' },
      ];
    },
    answers: [['supply_addresses.0.property_administrators', 'multiple_property_administrators']],
  },
  {
    rule: 'EnergyAddress.postcode: Validate and normalize postcode',
    when: 'a feed-in tariff installation address has a foreign postcode',
    change: (account) => {
      account.fit = {
        payment_method: 'CHEQUE',
        meters: [
          {
            type: 'GENERATION',
            serial_number: 'FIT-M-1',
            extensions: ['EXT-1'],
            last_billed_to_date: '2024-01-15',
            transfer_reading: { reading_date: '2024-01-15', reading_value: '1200' },
          },
        ],
        installations: [{ fit_id: 'FIT-1', address: { line1: '12 Orchard Lane', postcode: '75001' } }],
      };
    },
    answers: [['fit.installations.0.address.postcode', 'invalid_postcode']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate no duplicate supply addresses',
    when: 'a second supply address repeats the first, in other case and spacing',
    change: (account) => {
      account.supply_addresses.push({ ...secondAddress(account), supply_address1: '12  ORCHARD lane' });
    },
    answers: [['supply_addresses.1', 'duplicate_supply_addresses_found']],
  },
  {
    rule: 'EnergyAccount: Validate unique property external identifiers',
    when: 'two supply addresses share a property identifier',
    change: (account) => {
      account.supply_addresses[0].property_external_identifier = 'P-1';
      account.supply_addresses.push({ ...secondAddress(account), property_external_identifier: 'P-1' });
    },
    answers: [['supply_addresses.1.property_external_identifier', 'duplicate_property_external_identifiers']],
  },
];
