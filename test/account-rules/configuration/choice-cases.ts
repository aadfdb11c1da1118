import { ELECTRICITY } from '../cases/case-shape.js';
import type { ConfigurationCase } from './configuration-case.js';

const complaint =
  (fields: Record<string, unknown>): ConfigurationCase['change'] =>
  (account) => {
    account.complaints = [{ created_at: '2024-02-01T10:00:00Z', ...fields }];
  };
const contract = { agent_mpid: 'STAR', contract_reference: 'HHDC-2031', service_reference: 'HH01' };

/** Details, complaints, characteristics and agents' contracts, against what the platform registers. */
export const choiceCases: ConfigurationCase[] = [
  {
    rule: 'CustomerUserDetail: Validate user details',
    when: 'a user detail of a namespace the platform has not registered',
    change: (account) => {
      account.customers[0].user_details = [{ namespace: 'shoe_size', value: '7' }];
    },
    answers: [['customers.0.user_details.0.namespace', 'customer_detail_not_registered']],
  },
  {
    rule: 'CustomerUserDetail: Validate user details',
    when: "a business user's detail whose value is not of its namespace's type",
    change: (account) => {
      account.business = { users: [{ user_details: [{ namespace: 'external_user_id', value: 42 }] }] };
    },
    answers: [['business.users.0.user_details.0.value', 'customer_detail_incorrect_value_type']],
  },
  {
    rule: 'EnergyCustomer.details: Validate user details',
    when: "a customer's details object names a namespace the platform has not registered",
    change: (account) => {
      account.customers[0].details = { external_user_id: 'U-1', shoe_size: '7' };
    },
    answers: [['customers.0.details.shoe_size', 'customer_detail_not_registered']],
  },
  {
    rule: 'BusinessUser.details: Validate user details',
    when: "a business user's details value is not of its namespace's type",
    change: (account) => {
      account.business = { users: [{ details: { external_user_id: ['U-1'] } }] };
    },
    answers: [['business.users.0.details.external_user_id', 'customer_detail_incorrect_value_type']],
  },
  {
    rule: 'BusinessDetail: Validate that the value for the business details key has the correct type',
    when: 'SIC codes given as one text instead of a list',
    change: (account) => {
      account.business = { details: [{ key: 'sic_codes', value: '10710' }] };
    },
    answers: [['business.details.0.value', 'business_detail_incorrect_value_type']],
  },
  {
    rule: 'BusinessDetail: Validate the business details value',
    when: "a SIC code that does not match the key's pattern",
    change: (account) => {
      account.business = { details: [{ key: 'sic_codes', value: ['10710', '5610'] }] };
    },
    answers: [['business.details.0.value', 'business_detail_failed_validation']],
  },
  {
    rule: 'Complaint: Validate complaint type and subtype',
    when: 'a complaint type the platform does not allow',
    change: complaint({ type_of_complaint: 'WEATHER' }),
    answers: [['complaints.0.type_of_complaint', 'invalid_complaint_type_or_subtype']],
  },
  {
    rule: 'Complaint: Validate complaint type and subtype',
    when: 'a subtype its type does not allow',
    change: complaint({ type_of_complaint: 'BILLING', subtype_of_complaint: 'FAULTY_METER' }),
    answers: [['complaints.0.subtype_of_complaint', 'invalid_complaint_type_or_subtype']],
  },
  {
    rule: "Complaint: Validate an official complaint's organization and status.",
    when: 'an official body the platform does not deal with',
    change: complaint({ type_of_complaint: 'BILLING', official_entity: 'THE_PRESS' }),
    answers: [['complaints.0.official_entity', 'invalid_official_organization_or_status']],
  },
  {
    rule: "Complaint: Validate an official complaint's organization and status.",
    when: 'a status the body does not have',
    change: complaint({
      type_of_complaint: 'BILLING',
      official_entity: 'OMBUDSMAN',
      official_status: 'CLOSED',
    }),
    answers: [['complaints.0.official_status', 'invalid_official_organization_or_status']],
  },
  {
    rule: 'ProductCharacteristic: Validate that characteristics.code and characteristics.value are valid',
    when: "a characteristic's value the platform does not allow for its code",
    change: (account) => {
      account.supply_addresses[0].meter_points[0].agreements[1].characteristics = [
        { code: 'sales_channel', value: 'BROKER' },
      ];
    },
    data: (data) => {
      data.product_characteristics = [{ code: 'sales_channel', values: ['DIRECT'] }];
    },
    answers: [[`${ELECTRICITY}.agreements.1.characteristics.0.value`, 'invalid_characteristic_value']],
  },
  {
    rule: 'ProductCharacteristic: Validate that characteristics.code and characteristics.value are valid',
    when: 'a characteristic code the platform does not have',
    change: (account) => {
      account.supply_addresses[0].meter_points[0].agreements[1].characteristics = [
        { code: 'gbr-electricity.payment-method', value: 'DIRECT_DEBIT' },
      ];
    },
    data: (data) => {
      data.product_characteristics = [{ code: 'sales_channel', values: ['DIRECT'] }];
    },
    answers: [[`${ELECTRICITY}.agreements.1.characteristics.0.code`, 'characteristic_code_not_found']],
  },
  {
    rule: 'ElectricityMeterPoint: Validate that the agent contract references exists',
    when: "an agent's contract the platform does not hold",
    change: (account) => {
      account.supply_addresses[0].meter_points[0].agents = {
        dc_contract: { ...contract, contract_reference: 'HHDC-9999' },
      };
    },
    answers: [
      [`${ELECTRICITY}.agents.dc_contract.contract_reference`, 'agent_contract_reference_does_not_exist'],
    ],
  },
  {
    rule: 'ElectricityMeterPoint: Validate that the agent contract references exists',
    when: "an agent's contract the platform holds, under another service reference",
    change: (account) => {
      account.supply_addresses[0].meter_points[0].agents = {
        dc_contract: { ...contract, service_reference: 'HH02' },
      };
    },
    answers: [
      [`${ELECTRICITY}.agents.dc_contract.contract_reference`, 'agent_contract_reference_does_not_exist'],
    ],
  },
  {
    rule: 'ElectricityMeterPoint: Validate that the agent contract references exists',
    when: "an agent's contract the platform holds",
    change: (account) => {
      account.supply_addresses[0].meter_points[0].agents = { dc_contract: contract };
    },
    answers: [],
  },
];
