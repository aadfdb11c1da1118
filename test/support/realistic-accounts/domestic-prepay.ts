import { balanceOf, charge, credit, type Json, payment } from './amounts.js';
import { agreements, electricityPoint, gasPoint, supplyAddress } from './meter-points.js';

/**
 * A tenant in Salford on prepayment for both fuels (Economy 7 smart electricity, a token gas
 * meter), repaying an old debt through Fuel Direct: prepay balances transferred on the last
 * billed date, top-ups credited to the meters, a passive payment preference, a repayment plan and
 * a promise, an aged debt, the Warm Home Discount and a refused smart gas meter.
 */

const MPAN = '1679754323195';
const MPRN = '4189023377';
const BILLED_TO = '2025-05-31';
const ELECTRICITY_METER = '21K0083514';
const GAS_METER = 'G4K00731120518';

const electricity = (): Json =>
  electricityPoint({
    mpan: MPAN,
    mpid: 'NORW',
    start: '2021-11-15',
    billedTo: BILLED_TO,
    earlierRead: '2025-02-28',
    registers: [
      { id: '1', tpr: '00206', eac: '1650', read: '031774', earlier: '031402' },
      { id: '2', tpr: '00210', eac: '1420', read: '022108', earlier: '021791' },
    ],
    meter: {
      serial: ELECTRICITY_METER,
      installed: '2021-12-02',
      smart: 'SMETS1_ENROLLED',
      deviceId: '00-0D-6F-00-0A-B7-31-9C',
      commissioned: '2021-12-02',
      extra: {
        is_prepay: true,
        prepay_customer_reference_number: '9826 0012 3456 7890',
        prepay_details: { credit_balance: '12.40', debt_balance: '0.00', transfer_vend_read_date: BILLED_TO },
      },
    },
    agreements: agreements('2021-11-15', [['E-2R-PREPAY-VAR-21-11-15-G']], {
      characteristics: [
        { code: 'gbr-electricity.payment-method', value: 'PREPAYMENT' },
        { code: 'gbr-electricity.meter-rate-profile', value: 'multi_rate' },
      ],
    }),
    extra: { profile_class: 2, ssc: '0151', measurement_class: 'A', is_deenergised: false },
  });

const gas = (): Json =>
  gasPoint({
    mprn: MPRN,
    start: '2021-11-15',
    billedTo: BILLED_TO,
    earlierRead: '2025-02-28',
    ldz: 'NW',
    aq: '9350',
    meter: {
      serial: GAS_METER,
      installed: '2016-03-09',
      smart: 'NONE',
      read: '28815',
      earlier: '28377',
      extra: {
        is_prepay: true,
        prepay_details: {
          credit_balance: '4.75',
          debt_balance: '31.60',
          transfer_vend_read_date: BILLED_TO,
          gas_debt_repayment_options: { weekly_min: '2.00', weekly_max: '7.50' },
        },
      },
    },
    agreements: agreements('2021-11-15', [['G-1R-PREPAY-VAR-21-11-15-G']], {
      characteristics: [
        { code: 'gbr-gas.payment-method', value: 'PREPAYMENT' },
        { code: 'gbr-gas.meter-point-grid-supply-point-equivalent', value: '_G' },
      ],
    }),
    extra: {
      smart_refusal_interest: {
        date: '2024-06-18',
        type: 'NOT_INTERESTED',
        refusal_reason: 'DO_NOT_OWN_HOME',
        source: 'OTHER',
      },
    },
  });

const historical = (): Json[] => [
  charge('CH-241120', '2024-11-20', '310.00', 'IMPORTED_CHARGE', {
    note: 'Arrears from the credit meter period',
  }),
  payment('FD-250106', '2025-01-06', '15.40', { payment_type: 'FUEL_DIRECT', reason: 'DEBT_REPAYMENT' }),
  payment('FD-250203', '2025-02-03', '15.40', { payment_type: 'FUEL_DIRECT', reason: 'DEBT_REPAYMENT' }),
  payment('FD-250303', '2025-03-03', '15.40', { payment_type: 'FUEL_DIRECT', reason: 'DEBT_REPAYMENT' }),
  payment('FD-250407', '2025-04-07', '15.40', { payment_type: 'FUEL_DIRECT', reason: 'DEBT_REPAYMENT' }),
  payment('FD-250505', '2025-05-05', '15.40', { payment_type: 'FUEL_DIRECT', reason: 'DEBT_REPAYMENT' }),
];

const current = (): Json[] => [
  payment('TU-250602-E', '2025-06-02', '20.00', {
    payment_type: 'PAYPOINT_CASH',
    reason: 'PREPAY_RECORD',
    to_prepay_meter_serial_number: ELECTRICITY_METER,
  }),
  payment('TU-250602-G', '2025-06-02', '15.00', {
    payment_type: 'PAYPOINT_CASH',
    reason: 'PREPAY_RECORD',
    to_prepay_meter_serial_number: GAS_METER,
  }),
  payment('FD-250602', '2025-06-02', '15.40', { payment_type: 'FUEL_DIRECT', reason: 'DEBT_REPAYMENT' }),
  credit('WHD-250610', '2025-06-10', '150.00', 'WARM_HOME_DISCOUNT_CORE_GROUP_1', {
    to_prepay_meter_serial_number: ELECTRICITY_METER,
  }),
  credit('CR-250612', '2025-06-12', '30.00', 'GOODWILL', { note: 'Emergency credit left unrecovered' }),
];

export function domesticPrepay(): Json {
  const before = historical();
  const since = current();
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-D-100877',
    account_type: 'DOMESTIC',
    communication_preference: 'PRINT',
    document_accessibility: 'LARGE_PRINT',
    language_preference: 'en-gb',
    sales_channel: 'TELESALES',
    billing_name: 'Mr Darren Kelly',
    billing_address1: '14 Cromwell Road',
    billing_address2: 'Salford',
    billing_postcode: 'M6 6DE',
    last_billed_to_date: BILLED_TO,
    transfer_balance: balanceOf(before, since),
    customers: [
      {
        title: 'Mr',
        given_name: 'Darren',
        family_name: 'Kelly',
        mobile: '+447817654321',
        alternative_phone_numbers: [{ phone_number: '0161 496 0123' }],
        date_of_birth: '1979-12-08',
        account_roles: ['ADMIN'],
        unable_to_read_meters: true,
        psr: [
          {
            elec_industry_code: '22',
            gas_industry_code: '22',
            description: 'Dialysis, feeding pump and automated medication',
            additional_information: 'Needs 24h notice of any supply interruption.',
            effective_from: '2022-03-01T00:00:00Z',
          },
        ],
        consents: [{ type: 'PSR_DATA_SHARING', value: 'ACCEPTED', signed_at: '2022-03-01T10:00:00Z' }],
      },
    ],
    supply_addresses: [
      supplyAddress(['14 Cromwell Road', 'Salford'], 'M6 6DE', '2021-11-15', [electricity(), gas()]),
    ],
    historical_statement_transactions: before,
    current_statement_transactions: since,
    payment_preferences: [{ type: 'PASSIVE', ledger_identifier: 'MAIN' }],
    payment_plans: [
      {
        accepted_at: '2024-12-02T15:10:00Z',
        schedule_means: 'MANUAL',
        strategy_name: 'FUEL_DIRECT_DEBT_REPAYMENT',
        payments: ['2025-07-07', '2025-08-04', '2025-09-01'].map((date) => ({
          payment_date: date,
          total_amount: 1540,
          amount_components: [
            { component_type: 'DEBT', amount: 1040 },
            { component_type: 'CONSUMPTION', amount: 500 },
          ],
        })),
      },
    ],
    payment_promises: [{ amount: '40.00', payment_date: '2025-06-30' }],
    debts: [
      {
        is_insolvent: false,
        cais_reference: 'CAIS-100877',
        notes: 'Arrears agreed with DWP for Fuel Direct deductions.',
        aged_debt: [
          { debt_amount: '190.00', due_date: '2024-08-20' },
          { debt_amount: '120.00', due_date: '2024-11-20' },
        ],
      },
    ],
    dunning_path: { path_name: 'DOMESTIC_VULNERABLE_NO_ACTION' },
    warm_home_discount: [
      { tax_year: '2023/24', group: 'CORE', account_type: 'PREPAY' },
      { tax_year: '2024/25', group: 'CORE', account_type: 'PREPAY' },
    ],
    last_payment_review_date: '2025-03-01',
  };
}
