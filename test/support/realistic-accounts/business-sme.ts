import { balanceOf, charge, credit, type Json, payment, supplyCharge, totalPence } from './amounts.js';
import {
  BAKERY_MPAN,
  BILLED_TO,
  bakeryElectricity,
  CAFE_MPAN,
  CAFE_MPRN,
  cafeElectricity,
  cafeGas,
} from './business-sme-sites.js';
import { supplyAddress } from './meter-points.js';

/**
 * A Brighton café and bakery company with two sites: the café on a day/night meter and gas,
 * the bakery unit half-hourly metered with its agents, capacity and configuration. Bespoke rates
 * through a broker (with commission), climate change levy, a reduced-VAT exemption on the café's
 * gas, monthly billing from the 1st, a deposit returned with interest, and a complaint.
 */

const BILL = 'INV-2025-06-7713';

const historical = (): Json[] => [
  supplyCharge({
    id: 'SC-7713-CAFE-E',
    date: BILLED_TO,
    product: 'B-2R-FIX-24M-23-07-01-J',
    meterPoint: CAFE_MPAN,
    vat: '0.20',
    cclPerKwh: '0.00775',
    bill: BILL,
    lines: [
      { from: '2025-06-01', to: BILLED_TO, units: '1778', price: '0.2614', band: 'DAY' },
      { from: '2025-06-01', to: BILLED_TO, units: '507', price: '0.1872', band: 'NIGHT' },
      { from: '2025-06-01', to: BILLED_TO, units: '30', price: '0.8840', band: 'STANDING_CHARGE' },
    ],
  }),
  supplyCharge({
    id: 'SC-7713-BAKERY-E',
    date: BILLED_TO,
    product: 'B-HH-FIX-24M-23-07-01-J',
    meterPoint: BAKERY_MPAN,
    vat: '0.20',
    cclPerKwh: '0.00775',
    bill: BILL,
    lines: [
      { from: '2025-06-01', to: BILLED_TO, units: '20246', price: '0.2208', band: 'ALL_UNITS' },
      { from: '2025-06-01', to: BILLED_TO, units: '2400', price: '0.0412', band: 'CAPACITY' },
      { from: '2025-06-01', to: BILLED_TO, units: '30', price: '2.1500', band: 'STANDING_CHARGE' },
    ],
  }),
  payment('DD-250615', '2025-06-15', '6120.00', {
    payment_type: 'DD_REGULAR_COLLECTION',
    reason: 'BILL_ISSUED',
  }),
  charge('CH-250620', '2025-06-20', '35.00', 'LATE_PAYMENT_SME'),
];

/** The June invoice collected by Direct Debit ten working days after it was issued. */
const current = (june: readonly Json[]): Json[] => [
  credit('CR-250703', '2025-07-03', '35.00', 'MANAGEMENT_WAIVED_FEES'),
  payment(
    'DD-250715',
    '2025-07-15',
    (totalPence(june.filter((item) => item.type === 'SUPPLY_CHARGE')) / 100).toFixed(2),
    {
      payment_type: 'DD_REGULAR_COLLECTION',
      reason: 'BILL_ISSUED',
    },
  ),
];

export function businessSme(): Json {
  const before = historical();
  const since = current(before);
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-B-300118',
    account_type: 'BUSINESS',
    communication_preference: 'ONLINE',
    sales_channel: 'BROKER',
    sales_subchannel: 'South Coast Energy Brokers',
    billing_name: 'Seven Dials Bakehouse Ltd',
    billing_address: {
      country: 'GB',
      street_address: '3 Dyke Road',
      locality: 'Brighton',
      postal_code: 'BN1 3FE',
    },
    billing_email: 'accounts@sevendialsbakehouse.example.co.uk',
    last_billed_to_date: BILLED_TO,
    next_bill_due_date: '2025-07-31',
    transfer_balance: balanceOf(before, since),
    account_billing_options: { period_start_day: 1, period_length: 'MONTHLY', period_length_multiplier: 1 },
    business: {
      business_type: 'LTD',
      company_name: 'Seven Dials Bakehouse Ltd',
      company_number: '09446231',
      segment_name: 'SME',
      details: [
        { key: 'sic_codes', value: ['10710', '56102'] },
        { key: 'vat_number', value: 'GB318402771' },
      ],
      users: [
        {
          given_name: 'Marco',
          family_name: 'Bellini',
          email: 'marco@sevendialsbakehouse.example.co.uk',
          mobile: '+447968331045',
          business_roles: ['ADMIN'],
        },
      ],
    },
    customers: [
      {
        given_name: 'Marco',
        family_name: 'Bellini',
        email: 'marco@sevendialsbakehouse.example.co.uk',
        mobile: '+447968331045',
        account_roles: ['ADMIN'],
      },
      {
        given_name: 'Joanne',
        family_name: 'Pike',
        email: 'jo.pike@pikeandco-accountants.example.co.uk',
        landline: '01273 496045',
        account_roles: ['LOA_LEVEL_2'],
      },
    ],
    supply_addresses: [
      supplyAddress(['3 Dyke Road', 'Brighton'], 'BN1 3FE', '2023-07-01', [cafeElectricity(), cafeGas()], {
        label: 'Café',
      }),
      supplyAddress(
        ['Unit 7, Hollingbury Industrial Estate', 'Crowhurst Road', 'Brighton'],
        'BN1 8AF',
        '2023-07-01',
        [bakeryElectricity()],
        {
          label: 'Bakery',
        },
      ),
    ],
    historical_statement_transactions: before,
    current_statement_transactions: since,
    commission_contracts: [CAFE_MPAN, CAFE_MPRN, BAKERY_MPAN].map((mpxn) => ({
      affiliate_organisation_name: 'South Coast Energy Brokers Ltd',
      mpxn,
      effective_from: '2023-07-01',
      effective_to: '2025-07-01',
      status: 'PAID',
      unit_rate_uplift: '1.000',
      standing_charge_uplift: '5.000',
    })),
    payment_instructions: [
      {
        type: 'DIRECT_DEBIT',
        vendor: 'BOTTOMLINE_PTX',
        reference: 'ACME0300118',
        instruction_identifier: 'dd-300118',
        valid_from: '2023-06-20',
      },
    ],
    payment_preferences: [
      {
        type: 'ACTIVE_NEW',
        ledger_identifier: 'MAIN',
        instruction_reference_params: { instruction_identifier: 'dd-300118' },
      },
    ],
    payment_schedules: [
      {
        means: 'DD',
        trigger: 'BILL',
        start_date: '2023-07-01',
        delay_strategy: 'WORKING_DAYS',
        delay_days: 10,
      },
    ],
    deposit_agreements: [
      {
        deposit_amount: '1500.00',
        reason: 'Credit check at sign-up',
        accepted_at: '2023-06-20T09:00:00Z',
        fulfilled_at: '2023-06-28T11:12:00Z',
        last_interest_date: '2024-06-28',
      },
    ],
    complaints: [
      {
        complainant_name: 'Marco Bellini',
        complainant_email: 'marco@sevendialsbakehouse.example.co.uk',
        created_at: '2024-02-06T10:31:00Z',
        type_of_complaint: 'BILLING',
        subtype_of_complaint: 'ESTIMATED_BILL',
        has_eight_week_letter_been_sent: true,
        has_chsr_letter_been_sent: true,
        official_reference_number: 'EO-24-031877',
        official_entity: 'ENERGY_OMBUDSMAN',
        official_status: 'RESOLVED',
        complaint_contacts: [
          {
            body: 'Bakery bill estimated for three months although half-hourly data was available.',
            communication_method: 'EMAIL',
            communication_source: 'CUSTOMER',
            created_at: '2024-02-06T10:31:00Z',
            status: 'OPEN',
          },
          {
            body: 'Re-billed on actual half-hourly data; £120 goodwill credited.',
            communication_method: 'EMAIL',
            communication_source: 'AGENT',
            created_at: '2024-04-18T15:02:00Z',
            status: 'RESOLVED',
          },
        ],
      },
    ],
    operations_team_name: 'SME South',
  };
}
