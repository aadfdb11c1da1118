import {
  balanceOf,
  charge,
  credit,
  type Json,
  payment,
  repayment,
  supplyCharge,
  totalPence,
} from './amounts.js';
import { agreements, electricityPoint, gasPoint, supplyAddress } from './meter-points.js';

/**
 * A household in south-east London on smart dual fuel, paying by monthly Direct Debit: billed to
 * 14 March 2025, with the last bill's transactions (every kind: supply charges, payments, a
 * credit, a charge, a refund) and the weeks since (every kind again), two account holders (one
 * on the priority services register), consents, a payment adequacy review and a smart install.
 */

const MPAN = '1252601815904';
const MPRN = '7104839215';
const BILLED_TO = '2025-03-14';
const BILL = 'BILL-2025-03-0419';

const electricity = (): Json =>
  electricityPoint({
    mpan: MPAN,
    mpid: 'LOND',
    start: '2022-09-01',
    billedTo: BILLED_TO,
    earlierRead: '2024-12-14',
    registers: [{ id: '1', tpr: '00001', eac: '2870', read: '018342', earlier: '017630' }],
    meter: {
      serial: '19L3067421',
      installed: '2022-10-12',
      smart: 'SMETS2',
      deviceId: '00-1C-8B-FF-FE-21-4A-07',
    },
    agreements: agreements(
      '2022-09-01',
      [['E-1R-FIX-12M-22-09-01-C', '2023-09-01'], ['E-1R-SVT-23-09-01-C']],
      {
        agreed_at: '2022-08-11T14:02:00Z',
        characteristics: [
          { code: 'sales_channel', value: 'PRICE_COMPARISON' },
          { code: 'gbr-electricity.payment-method', value: 'DIRECT_DEBIT' },
          { code: 'gbr-electricity.meter-rate-profile', value: 'flat_rate' },
        ],
      },
    ),
    extra: {
      profile_class: 1,
      ssc: '0393',
      measurement_class: 'A',
      regular_reading_cycle: 'M',
      smart_site_visit: [
        {
          date: '2022-10-12',
          metering_agent: 'SMS',
          reference_number: 'SMS-22-7781034',
          status: 'SUCCESSFUL',
          work_category: 'EXCHANGE',
        },
      ],
    },
  });

const gas = (): Json =>
  gasPoint({
    mprn: MPRN,
    start: '2022-09-01',
    billedTo: BILLED_TO,
    earlierRead: '2024-12-14',
    ldz: 'SE',
    aq: '11800',
    meter: {
      serial: 'E6S12839502161',
      installed: '2022-10-12',
      smart: 'SMETS2',
      deviceId: '00-1C-8B-FF-FE-21-4A-0B',
      read: '04127',
      earlier: '03868',
    },
    agreements: agreements(
      '2022-09-01',
      [['G-1R-FIX-12M-22-09-01-C', '2023-09-01'], ['G-1R-SVT-23-09-01-C']],
      {
        characteristics: [
          { code: 'gbr-gas.payment-method', value: 'DIRECT_DEBIT' },
          { code: 'gbr-gas.meter-point-grid-supply-point-equivalent', value: '_C' },
        ],
      },
    ),
    extra: { regular_reading_cycle: 'CYSM' },
  });

const historical = (): Json[] => [
  repayment('RF-250115', '2025-01-15', '60.00', 'PARTIAL_CREDIT_REFUND', { reference: 'RF-0419-01' }),
  payment('DD-250101', '2025-01-01', '142.00'),
  charge('CH-250120', '2025-01-20', '2.50', 'PAPER_BILL_FEE'),
  payment('DD-250201', '2025-02-01', '142.00'),
  credit('CR-250210', '2025-02-10', '25.00', 'CUSTOMER_SERVICE_GESTURE', { note: 'Missed appointment' }),
  payment('DD-250301', '2025-03-01', '142.00'),
  supplyCharge({
    id: 'SC-E-250314',
    date: BILLED_TO,
    product: 'E-1R-SVT-23-09-01-C',
    meterPoint: MPAN,
    vat: '0.05',
    bill: BILL,
    lines: [
      { from: '2024-12-15', to: BILLED_TO, units: '712.0', price: '0.2473', band: 'STANDARD' },
      { from: '2024-12-15', to: BILLED_TO, units: '90', price: '0.6097', band: 'STANDING_CHARGE' },
    ],
  }),
  supplyCharge({
    id: 'SC-G-250314',
    date: BILLED_TO,
    product: 'G-1R-SVT-23-09-01-C',
    meterPoint: MPRN,
    vat: '0.05',
    bill: BILL,
    lines: [
      { from: '2024-12-15', to: BILLED_TO, units: '2902.4', price: '0.0632', band: 'STANDARD' },
      { from: '2024-12-15', to: BILLED_TO, units: '90', price: '0.3165', band: 'STANDING_CHARGE' },
    ],
  }),
];

const current = (): Json[] => [
  credit('CR-250320', '2025-03-20', '10.00', 'DIRECT_DEBIT_DISCOUNT'),
  charge('CH-250325', '2025-03-25', '5.00', 'IMPORTED_CHARGE', { note: 'Returned Direct Debit fee' }),
  payment('DD-250401', '2025-04-01', '142.00'),
  repayment('RF-250403', '2025-04-03', '40.00', 'PARTIAL_CREDIT_REFUND'),
  supplyCharge({
    id: 'SC-E-250414',
    date: '2025-04-14',
    product: 'E-1R-SVT-23-09-01-C',
    meterPoint: MPAN,
    vat: '0.05',
    lines: [
      { from: '2025-03-15', to: '2025-04-14', units: '231.5', price: '0.2473', band: 'STANDARD' },
      { from: '2025-03-15', to: '2025-04-14', units: '31', price: '0.6097', band: 'STANDING_CHARGE' },
    ],
  }),
];

export function domesticDualFuelSmart(): Json {
  const before = historical();
  const since = current();
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-D-100231',
    account_type: 'DOMESTIC',
    communication_preference: 'ONLINE',
    language_preference: 'en-gb',
    sales_channel: 'PRICE_COMPARISON',
    date_of_sale: '2022-08-11',
    billing_name: 'Priya Sharma',
    billing_address: {
      country: 'GB',
      street_address: 'Flat 3\n27 Lewisham Way',
      locality: 'London',
      postal_code: 'SE14 6PP',
    },
    billing_email: 'priya.sharma@example.co.uk',
    last_billed_to_date: BILLED_TO,
    next_bill_due_date: '2025-04-14',
    transfer_balance: balanceOf(before, since),
    customers: [
      {
        title: 'Dr',
        given_name: 'Priya',
        family_name: 'Sharma',
        pronouns: 'SHE_HER_HERS',
        email: 'priya.sharma@example.co.uk',
        mobile: '+447911204417',
        date_of_birth: '1986-05-21',
        account_roles: ['ADMIN'],
        consents: [
          { type: 'MARKETING_EMAIL', value: 'ACCEPTED', signed_at: '2022-08-11T14:05:00Z' },
          { type: 'SMART_METER_DATA_HALF_HOURLY', value: 'REJECTED', signed_at: '2022-10-12T09:30:00Z' },
        ],
        user_details: [{ namespace: 'external_user_id', value: 'CRM-U-55102' }],
      },
      {
        title: 'Mr',
        given_name: 'Rohan',
        family_name: 'Sharma',
        landline: '+442079460318',
        date_of_birth: '1951-02-03',
        account_roles: ['FRIEND_FAMILY_MEMBER'],
        psr: [
          {
            elec_industry_code: '14',
            gas_industry_code: '14',
            description: 'Pensionable age',
            effective_from: '2022-09-01T00:00:00Z',
            effective_to: null,
          },
          {
            elec_industry_code: '19',
            gas_industry_code: '19',
            description: 'Partially sighted',
            additional_information: 'Large print bills, please',
            effective_from: '2023-02-14T00:00:00Z',
          },
        ],
        user_details: [{ namespace: 'external_user_id', value: 'CRM-U-55103' }],
      },
    ],
    consents: [{ type: 'SMART_METER_DATA_DAILY', value: 'ACCEPTED', signed_at: '2022-10-12T09:30:00Z' }],
    supply_addresses: [
      supplyAddress(
        ['Flat 3', '27 Lewisham Way', 'London'],
        'SE14 6PP',
        '2022-09-01',
        [electricity(), gas()],
        {
          property_external_identifier: 'PROP-SE146PP-3',
          primary_place_of_residence_since: '2019-04-26',
        },
      ),
    ],
    historical_statement_transactions: before,
    current_statement_transactions: since,
    statements: [
      {
        statement_id: BILL,
        number: '0419',
        bill_period_from_date: '2024-12-15',
        bill_period_to_date: BILLED_TO,
        issued_date: '2025-03-17',
        gross_amount: totalPence(before.filter((item) => item.billing_document_identifier === BILL)),
        statement_path: 'statements/ACME-D-100231/BILL-2025-03-0419.pdf',
      },
    ],
    payment_instructions: [
      {
        type: 'DIRECT_DEBIT',
        vendor: 'BOTTOMLINE_PTX',
        reference: 'ACME0100231',
        instruction_identifier: 'dd-mandate-100231',
        valid_from: '2022-09-05',
        use_for_scheduled_payments: true,
      },
    ],
    payment_preferences: [
      {
        type: 'ACTIVE_NEW',
        ledger_identifier: 'MAIN',
        instruction_reference_params: { instruction_identifier: 'dd-mandate-100231' },
      },
    ],
    payment_schedules: [
      {
        means: 'DD',
        trigger: 'REGULAR',
        frequency: 'MONTHLY',
        day_of_month: 1,
        amount: '130.00',
        start_date: '2022-10-01',
        end_date: '2024-09-30',
      },
      {
        means: 'DD',
        trigger: 'REGULAR',
        frequency: 'MONTHLY',
        day_of_month: 1,
        amount: '142.00',
        start_date: '2024-10-01',
        end_date: null,
      },
    ],
    payment_adequacy_changes: [
      {
        created_at: '2024-09-02T06:00:00Z',
        applied_at: '2024-09-03T06:00:00Z',
        average_monthly_charge: 14200,
        average_monthly_elec_charge: 7400,
        average_monthly_gas_charge: 6800,
        balance_adjustment: 0,
        current_balance: -3500,
        target_balance: 0,
        existing_direct_debit_payment: 13000,
        new_direct_debit: 14200,
      },
    ],
    notes: [
      {
        body: 'Customer prefers contact by e-mail; father lives with her and is on the PSR.',
        created_at: '2023-02-14T11:20:00Z',
        is_pinned: true,
        unpin_at: '2024-02-14T11:20:00Z',
      },
    ],
    references: [{ namespace: 'legacy-crm', value: 'CRM-88412' }],
    metadata: [{ key: 'legacy_segment', value: { band: 'B', since: 2022 } }],
  };
}
