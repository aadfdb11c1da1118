import { ELECTRICITY, GAS, type Json, type RuleCase } from './case-shape.js';

const electricity = (account: Json) => account.supply_addresses[0].meter_points[0];
const gas = (account: Json) => account.supply_addresses[0].meter_points[1];

export const agreementCases: RuleCase[] = [
  {
    rule: 'EnergyAccount: Validate agreements are consecutive per supply point',
    when: 'the second electricity agreement starts a day after the first ends',
    change: (account) => {
      electricity(account).agreements[1].effective_from = '2024-04-02';
    },
    answers: [[`${ELECTRICITY}.agreements.1.effective_from`, 'gaps_or_overlaps_in_agreement_dates']],
  },
  {
    rule: 'EnergyAccount: Validate all billable meter points are covered by agreements in the payload',
    when: 'a gas meter point on supply has no agreement',
    change: (account) => {
      gas(account).agreements = [];
    },
    answers: [[`${GAS}.agreements`, 'meter_point_with_no_agreement']],
  },
  {
    rule: 'EnergyAccount: Validate all billable meter points are covered by agreements in the payload',
    when: 'a gas supply ended in March with its agreement still open',
    change: (account) => {
      gas(account).supply_end_date = '2024-03-01';
      gas(account).meters[0].reading_history.push({
        reading_date: '2024-03-01',
        reading_type: 'CUSTOMER',
        reading_value: '04100',
        billed: false,
      });
    },
    answers: [[`${GAS}.agreements.0.effective_to`, 'meterpoint_with_agreement_not_on_supply']],
  },
  {
    rule: 'EnergyAccount: Validate that agreements cover the last billed to date',
    when: 'the gas agreement starts after the account was last billed',
    change: (account) => {
      gas(account).agreements[0].effective_from = '2024-02-01';
    },
    answers: [[`${GAS}.agreements`, 'no_agreement_covering_last_billed_to_date']],
  },
  {
    rule: 'EnergyAccount: Validate agreement business contract identifier is declared',
    when: 'an agreement names a contract no business declares',
    change: (account) => {
      electricity(account).agreements[0].business_contract_identifier = 'C-1';
    },
    answers: [
      [
        `${ELECTRICITY}.agreements.0.business_contract_identifier`,
        'agreement_business_contract_identifier_not_declared',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate no unbilled period on former supply addresses',
    when: 'the customer left the address after it was last billed',
    change: (account) => {
      account.supply_addresses[0].customer_at_supply_address_to_date = '2024-02-01';
    },
    answers: [['supply_addresses.0.customer_at_supply_address_to_date', 'unbilled_former_supply_address']],
  },
  {
    rule: 'ElectricityMeterPoint: Validate agreements do not start before supply start date',
    when: 'the first electricity agreement starts a month before the supply',
    change: (account) => {
      electricity(account).agreements[0].effective_from = '2023-03-01';
    },
    answers: [
      [`${ELECTRICITY}.agreements.0.effective_from`, 'agreement_start_date_before_supply_start_date'],
    ],
  },
  {
    rule: 'GasMeterPoint: Validate agreements do not start before supply start date',
    when: 'the gas agreement starts a month before the supply',
    change: (account) => {
      gas(account).agreements[0].effective_from = '2023-03-01';
    },
    answers: [[`${GAS}.agreements.0.effective_from`, 'agreement_start_date_before_supply_start_date']],
  },
  {
    rule: 'ElectricityAgreement: Validate effective_to not before effective_from',
    when: 'the open electricity agreement ends before it starts',
    change: (account) => {
      electricity(account).agreements[1].effective_to = '2024-03-01';
    },
    answers: [[`${ELECTRICITY}.agreements.1.effective_to`, 'start_date_later_than_end_date']],
  },
  {
    rule: 'GasAgreement: Validate effective_to not before effective_from',
    when: 'an earlier gas agreement ends the day before it starts',
    change: (account) => {
      gas(account).agreements.unshift({
        tariff_code: 'G-1R-VAR-23-04-01-A',
        effective_from: '2023-04-01',
        effective_to: '2023-03-31',
      });
    },
    answers: [[`${GAS}.agreements.0.effective_to`, 'start_date_later_than_end_date']],
  },
];
