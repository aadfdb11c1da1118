import { balanceOf, type Json, payment, repayment, supplyCharge } from './amounts.js';
import { agreements, electricityPoint, gasPoint, supplyAddress } from './meter-points.js';

/**
 * A Glasgow community centre run by a charity, supplied under a framework contract the supplier
 * already holds (its agreements name the contract), paying by an existing card mandate. Its roof
 * has solar panels on the feed-in tariff, paid by BACS; it pays into a community energy fund and
 * is named on a smart meter campaign; an energy adviser is its partner organisation.
 */

const MPAN = '1848757491183';
const MPRN = '9014263958';
const BILLED_TO = '2025-08-31';
const CONTRACT = 'CC-2024-0091';

const electricity = (): Json =>
  electricityPoint({
    mpan: MPAN,
    mpid: 'SPOW',
    start: '2024-04-01',
    billedTo: BILLED_TO,
    earlierRead: '2025-05-31',
    registers: [{ id: '1', tpr: '00001', eac: '18200', read: '207713', earlier: '203160' }],
    meter: {
      serial: '18P0377291',
      installed: '2018-11-30',
      smart: 'SMETS1',
      deviceId: '00-12-4B-00-14-B5-90-3D',
    },
    agreements: agreements('2024-04-01', [['B-1R-FRAMEWORK-24-04-01-N']], {
      business_contract_identifier: CONTRACT,
      characteristics: [
        { code: 'gbr-electricity.payment-method', value: 'NON_DIRECT_DEBIT' },
        { code: 'gbr-electricity.meter-rate-profile', value: 'flat_rate' },
        { code: 'sales_channel', value: 'PARTNERSHIPS' },
      ],
    }),
    extra: { profile_class: 3, ssc: '0393', regular_reading_cycle: 'Q' },
  });

const gas = (): Json =>
  gasPoint({
    mprn: MPRN,
    start: '2024-04-01',
    billedTo: BILLED_TO,
    earlierRead: '2025-05-31',
    ldz: 'SC',
    aq: '96000',
    meter: {
      serial: 'U6W00421877301',
      installed: '2011-08-16',
      smart: 'NONE',
      read: '77841',
      earlier: '76220',
    },
    agreements: agreements('2024-04-01', [['BG-1R-FRAMEWORK-24-04-01-N']], {
      business_contract_identifier: CONTRACT,
      characteristics: [
        { code: 'gbr-gas.payment-method', value: 'NON_DIRECT_DEBIT' },
        { code: 'gbr-gas.meter-point-grid-supply-point-equivalent', value: '_N' },
      ],
    }),
    extra: { regular_reading_cycle: 'CYQS' },
  });

const bill = (): Json[] => [
  supplyCharge({
    id: 'SC-9120-E',
    date: BILLED_TO,
    product: 'B-1R-FRAMEWORK-24-04-01-N',
    meterPoint: MPAN,
    vat: '0.20',
    bill: 'INV-2025-08-9120',
    lines: [
      { from: '2025-06-01', to: BILLED_TO, units: '4553', price: '0.2237', band: 'STANDARD' },
      { from: '2025-06-01', to: BILLED_TO, units: '92', price: '0.7140', band: 'STANDING_CHARGE' },
    ],
  }),
  supplyCharge({
    id: 'SC-9120-G',
    date: BILLED_TO,
    product: 'BG-1R-FRAMEWORK-24-04-01-N',
    meterPoint: MPRN,
    vat: '0.20',
    bill: 'INV-2025-08-9120',
    lines: [
      { from: '2025-06-01', to: BILLED_TO, units: '18034.2', price: '0.0584', band: 'STANDARD' },
      { from: '2025-06-01', to: BILLED_TO, units: '92', price: '0.5500', band: 'STANDING_CHARGE' },
    ],
  }),
];

export function businessExistingContracts(): Json {
  const before = bill();
  const since = [
    payment('CARD-250910', '2025-09-10', '1500.00', { payment_type: 'DEBIT_CARD', reason: 'BILL_ISSUED' }),
    repayment('RF-250918', '2025-09-18', '4.20', 'PAYMENT_CORRECTION', { payment_type: 'CARD_REFUND' }),
  ];
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-B-300342',
    account_type: 'BUSINESS',
    communication_preference: 'ONLINE',
    sales_channel: 'PARTNERSHIPS',
    billing_name: 'Garnethill Community Trust',
    billing_address: {
      country: 'GB',
      street_address: '21 Rose Street',
      locality: 'Glasgow',
      postal_code: 'G3 6RE',
    },
    billing_email: 'finance@garnethilltrust.example.org.uk',
    last_billed_to_date: BILLED_TO,
    transfer_balance: balanceOf(before, since),
    account_billing_options: { period_start_day: 1, period_start_month: 3, period_length: 'QUARTERLY' },
    next_bill_due_date: '2025-11-30',
    business: {
      business_type: 'CHARITY',
      company_name: 'Garnethill Community Trust',
      company_number: 'SC301245',
      business_contract_identifiers: [CONTRACT],
      details: [
        { key: 'registered_charity_number', value: 'SC012345' },
        { key: 'sic_codes', value: ['88990', '94990'] },
      ],
      users: [
        {
          title: 'Ms',
          given_name: 'Fiona',
          family_name: 'MacLeod',
          email: 'fiona.macleod@garnethilltrust.example.org.uk',
          landline: '+441412345678',
          business_roles: ['ADMIN'],
          user_details: [{ namespace: 'external_user_id', value: 'CRM-U-71004' }],
        },
      ],
    },
    customers: [
      {
        title: 'Ms',
        given_name: 'Fiona',
        family_name: 'MacLeod',
        email: 'fiona.macleod@garnethilltrust.example.org.uk',
        landline: '+441412345678',
        account_roles: ['ADMIN'],
      },
    ],
    supply_addresses: [
      supplyAddress(['Garnethill Community Centre', '21 Rose Street', 'Glasgow'], 'G3 6RE', '2024-04-01', [
        electricity(),
        gas(),
      ]),
    ],
    historical_statement_transactions: before,
    current_statement_transactions: since,
    payment_instructions: [{ type: 'CARD', vendor: 'STRIPE', reference: 'pm_1PGarnethill0342' }],
    payment_preferences: [
      {
        type: 'ACTIVE_EXISTING',
        ledger_identifier: 'MAIN',
        instruction_reference_params: { vendor_name: 'STRIPE', vendor_reference: 'pm_1PGarnethill0342' },
      },
    ],
    fit: {
      payment_method: 'BACS',
      vendor_name: 'BOTTOMLINE_PTX',
      instruction_reference: 'FIT-GCT-0342',
      installations: [
        {
          fit_id: 'FIT00071244-1',
          address: { line1: '21 Rose Street', town: 'Glasgow', postcode: 'G3 6RE' },
          non_eligible_extensions: [{ reference_number: 2, installed_capacity: '4.0' }],
        },
      ],
      meters: [
        {
          serial_number: 'GEN2013A0581',
          type: 'GENERATION',
          make: 'Elster',
          model: 'A100C',
          mpan: MPAN,
          extensions: ['1'],
          last_billed_to_date: '2025-06-30',
          transfer_reading: { reading_date: '2025-06-30', reading_value: '38120' },
        },
      ],
    },
    contribution_agreements: [
      {
        scheme: 'COMMUNITY_ENERGY_FUND',
        amount: '25.00',
        interval: 'QUARTERLY',
        active_period_start_date: '2024-04-01',
        active_period_end_date: null,
        periods: [
          { start_date: '2024-04-01', end_date: '2024-06-30', fulfilled_at: '2024-07-02T09:00:00Z' },
          { start_date: '2024-07-01', end_date: '2024-09-30', fulfilled_at: '2024-10-01T09:00:00Z' },
        ],
      },
    ],
    partner_organisations: [
      {
        organisation_number: 'SC045521',
        role: 'ENERGY_ADVISER',
        valid_from: '2024-04-01T00:00:00Z',
        valid_to: '2025-03-31T23:59:59Z',
      },
    ],
    account_campaigns: [
      {
        slug: 'smart_incentive',
        start_date: '2024-05-01',
        expiry_date: '2024-11-01',
        campaign_note: 'SMETS1 upgrade offer',
      },
    ],
  };
}
