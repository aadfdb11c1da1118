import type { Product, Tariff } from '../../../functions/rules/reference-data/reference-kinds.js';
import { ELECTRICITY, GAS } from '../cases/case-shape.js';
import type { ConfigurationCase } from './configuration-case.js';

const VARIABLE = 'E-2R-VAR-23-04-01-A';
const FIXED = 'E-2R-FIX-12M-23-04-01-A';
const GAS_TARIFF = 'G-1R-VAR-23-04-01-A';
const product = (data: { products?: Product[] }, code: string) =>
  data.products!.find((p) => p.code === code)!;
const tariff = (data: { tariffs?: Tariff[] }, code: string) => data.tariffs!.find((t) => t.code === code)!;

/** Agreements and supply charges against the platform's tariffs and products. */
export const productCases: ConfigurationCase[] = [
  {
    rule: 'ElectricityAgreement.tariff_code: Validate electricity tariff exists',
    when: 'an electricity agreement names a tariff the platform does not have',
    change: (account) => {
      account.supply_addresses[0].meter_points[0].agreements[1].tariff_code = 'E-NO-SUCH-TARIFF';
    },
    answers: [[`${ELECTRICITY}.agreements.1.tariff_code`, 'tariff_code_not_found']],
  },
  {
    rule: 'GasAgreement.tariff_code: Validate gas tariff exists',
    when: 'a gas agreement names an electricity tariff',
    change: (account) => {
      account.supply_addresses[0].meter_points[1].agreements[0].tariff_code = VARIABLE;
    },
    answers: [[`${GAS}.agreements.0.tariff_code`, 'tariff_code_not_found']],
  },
  {
    rule: 'EnergyAccount: Validate that the tariff type and meter point type match',
    when: 'a single-rate tariff is on a meter point whose meter has two registers',
    data: (data) => {
      tariff(data, VARIABLE).rates = 1;
    },
    answers: [[`${ELECTRICITY}.agreements.1.tariff_code`, 'tariff_type_does_not_match_meter_point_type']],
  },
  {
    rule: 'EnergyAccount: Validate that prepay meters are matched to agreements of the correct type',
    when: 'the meter in place is prepay and the agreement in force is on a credit tariff (the ended one is not judged)',
    change: (account) => {
      account.supply_addresses[0].meter_points[0].meters[0].is_prepay = true;
    },
    answers: [[`${ELECTRICITY}.agreements.1.tariff_code`, 'tariff_type_does_not_match_meter_type']],
  },
  {
    rule: 'EnergyAccount: Validate each agreement is not effective before the product is available',
    when: 'an agreement on a variable product starts before the product is available',
    data: (data) => {
      product(data, VARIABLE).available_from = '2024-05-01';
    },
    answers: [
      [
        `${ELECTRICITY}.agreements.1.effective_from`,
        'agreement_effective_from_before_product_available_from',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate each agreement is not effective before the product is available',
    when: 'an agreement on a fixed product starts before the product is available',
    data: (data) => {
      product(data, FIXED).available_from = '2023-05-01';
    },
    answers: [],
  },
  {
    rule: 'EnergyAccount: Validate that all variable products on a contract have start dates after the product start date',
    when: "a contract's agreement on a variable product starts before the product is available (which every agreement breaks too)",
    change: (account) => {
      account.supply_addresses[0].meter_points[0].agreements[1].business_contract_identifier = 'CC-1';
    },
    data: (data) => {
      product(data, VARIABLE).available_from = '2024-05-01';
    },
    answers: [
      [
        `${ELECTRICITY}.agreements.1.effective_from`,
        'agreement_effective_from_before_product_available_from',
      ],
      [`${ELECTRICITY}.agreements.1.effective_from`, 'agreement_cannot_start_before_product_available'],
    ],
  },
  {
    rule: 'ElectricityAgreement: Validate effective to provided for end dated electricity product',
    when: 'an open-ended agreement is on an end-dated product',
    data: (data) => {
      product(data, VARIABLE).available_to = '2025-03-31';
    },
    answers: [[`${ELECTRICITY}.agreements.1.effective_to`, 'open_ended_agreement_for_end_dated_product']],
  },
  {
    rule: 'GasAgreement: Validate effective to provided for end dated gas product',
    when: 'an open-ended agreement is on an end-dated product',
    data: (data) => {
      product(data, GAS_TARIFF).available_to = '2025-03-31';
    },
    answers: [[`${GAS}.agreements.0.effective_to`, 'open_ended_agreement_for_end_dated_product']],
  },
  {
    rule: 'ElectricityAgreement: Validate that the rate bands given in the rate overrides are valid for the product code',
    when: "a rate override names a band the agreement's product does not have",
    change: (account) => {
      account.supply_addresses[0].meter_points[0].agreements[1].rate_overrides = [
        { rate_band: 'PEAK', unit_price: '0.30' },
      ];
    },
    answers: [[`${ELECTRICITY}.agreements.1.rate_overrides.0.rate_band`, 'rate_band_does_not_exist']],
  },
  {
    rule: 'GasAgreement: Validate that the rate bands given in the rate overrides are valid for the product code',
    when: "a rate override names a band the agreement's product does not have",
    change: (account) => {
      account.supply_addresses[0].meter_points[1].agreements[0].rate_overrides = [
        { rate_band: 'DAY', unit_price: '0.07' },
      ];
    },
    answers: [[`${GAS}.agreements.0.rate_overrides.0.rate_band`, 'rate_band_does_not_exist']],
  },
  {
    rule: 'EnergySupplyCharge.product_code: Validate product code exists',
    when: 'a supply charge names a product the platform does not have',
    data: (data) => {
      data.products = data.products!.filter((entry) => entry.code !== FIXED);
    },
    answers: [['historical_statement_transactions.0.product_code', 'product_code_does_not_exist']],
  },
  {
    rule: 'EnergyAccount: Validate supply charge line items covered by a single agreement',
    when: "a supply charge's line items run past the end of the only agreement on its product",
    change: (account) => {
      account.historical_statement_transactions[0].line_items[0].end_date = '2024-05-01';
    },
    answers: [
      ['historical_statement_transactions.0', 'supply_charge_line_items_not_covered_by_single_agreement'],
    ],
  },
  {
    rule: 'EnergyAccount: Validate supply charge line items covered by a single agreement',
    when: 'a supply charge names another meter point of the account than the agreement on its product',
    change: (account) => {
      account.historical_statement_transactions[0].supply_point_identifier = '3104892304';
    },
    answers: [
      ['historical_statement_transactions.0', 'supply_charge_line_items_not_covered_by_single_agreement'],
    ],
  },
  {
    rule: 'EnergyAccount: Validate supply charge line items covered by a single agreement',
    when: 'a supply charge names a meter point the account does not carry (not this rule’s to judge)',
    change: (account) => {
      account.historical_statement_transactions[0].supply_point_identifier = '1900000000008';
    },
    answers: [],
  },
];
