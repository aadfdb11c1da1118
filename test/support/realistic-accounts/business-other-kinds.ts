import { balanceOf, type Json, payment, supplyCharge } from './amounts.js';
import { agreements, electricityPoint, gasPoint, supplyAddress } from './meter-points.js';

/**
 * The other business account kinds: an empty shop unit its landlord pays for, a shop whose
 * occupier is unknown, and a franchise kitchen billed to its franchisor's head office.
 */

const standingAndUnits = (id: string, mpxn: string, product: string, to: string, units: string) =>
  supplyCharge({
    id,
    date: to,
    product,
    meterPoint: mpxn,
    vat: '0.20',
    cclPerKwh: '0.00775',
    lines: [
      { from: '2025-04-01', to, units, price: '0.2291', band: 'STANDARD' },
      { from: '2025-04-01', to, units: '91', price: '0.6350', band: 'STANDING_CHARGE' },
    ],
  });

const shopElectricity = (mpan: string, mpid: string, serial: string, tariff: string, read: string) =>
  electricityPoint({
    mpan,
    mpid,
    start: '2024-04-01',
    billedTo: '2025-06-30',
    earlierRead: '2025-03-31',
    registers: [{ id: '1', tpr: '00001', eac: '9800', read, earlier: read }],
    meter: { serial, installed: '2015-01-20', smart: 'NONE', readingType: 'ROUTINE' },
    agreements: agreements('2024-04-01', [[tariff]]),
    extra: { profile_class: 3, ssc: '0393' },
  });

/** A Newcastle quayside unit between commercial tenants: its landlord company pays the standing charge. */
export function businessVacant(): Json {
  const mpan = '1575291703420';
  const before = [standingAndUnits('SC-E-250630', mpan, 'B-1R-VACANT-24-04-01-F', '2025-06-30', '0')];
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-B-300511',
    account_type: 'BUSINESS_VACANT',
    billing_name: 'Tyne Quay Estates Ltd',
    billing_address: {
      country: 'GB',
      street_address: '2 Broad Chare',
      locality: 'Newcastle upon Tyne',
      postal_code: 'NE1 3DQ',
    },
    last_billed_to_date: '2025-06-30',
    transfer_balance: balanceOf(before),
    business: {
      business_type: 'LTD',
      company_name: 'Tyne Quay Estates Ltd',
      company_number: '11823047',
      details: [{ key: 'vat_number', value: 'GB402881736' }],
    },
    customers: [
      {
        given_name: 'Graham',
        family_name: 'Robson',
        email: 'graham.robson@tynequay.example.co.uk',
        landline: '+441914980337',
        account_roles: ['ADMIN'],
      },
    ],
    supply_addresses: [
      supplyAddress(
        ['Unit 3, Quayside Arches', 'Newcastle upon Tyne'],
        'NE1 3UF',
        '2024-04-01',
        [shopElectricity(mpan, 'NEEB', 'F92A004471', 'B-1R-VACANT-24-04-01-F', '035560')],
        {
          is_landlord: true,
          property_administrators: [
            {
              role: 'LANDLORD',
              billing_name: 'Tyne Quay Estates Ltd',
              email: 'lettings@tynequay.example.co.uk',
              effective_from: '2024-04-01T00:00:00Z',
            },
          ],
        },
      ),
    ],
    historical_statement_transactions: before,
    account_billing_options: { use_industry_billing: true },
  };
}

/**
 * A Birmingham shop taken over with its supply by a trader who has not yet identified themself.
 * Refused today: an unknown-occupier account has no customers, and a business account needs one.
 */
export function businessOccupier(): Json {
  const mpan = '1481909378656';
  const before = [standingAndUnits('SC-E-250630', mpan, 'B-1R-DEEMED-24-04-01-E', '2025-06-30', '1862')];
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-B-300688',
    account_type: 'BUSINESS_OCCUPIER',
    unknown_occupier: true,
    communication_preference: 'PRINT',
    billing_name: 'The Occupier',
    last_billed_to_date: '2025-06-30',
    transfer_balance: balanceOf(before),
    supply_addresses: [
      supplyAddress(['118 Soho Road', 'Handsworth', 'Birmingham'], 'B21 9DP', '2024-04-01', [
        shopElectricity(mpan, 'MIDE', 'H07B118320', 'B-1R-DEEMED-24-04-01-E', '118034'),
      ]),
    ],
    historical_statement_transactions: before,
  };
}

/** A Nottingham franchise kitchen (gas only) whose invoices go to the franchisor's head office. */
export function businessThirdPartyBilled(): Json {
  const mprn = '2209471185';
  const invoice = supplyCharge({
    id: 'SC-G-250531',
    date: '2025-05-31',
    product: 'BG-1R-FIX-12M-24-06-01-B',
    meterPoint: mprn,
    vat: '0.20',
    cclPerKwh: '0.00672',
    bill: 'INV-2025-05-4471',
    lines: [
      { from: '2025-05-01', to: '2025-05-31', units: '6340.5', price: '0.0611', band: 'STANDARD' },
      { from: '2025-05-01', to: '2025-05-31', units: '31', price: '0.9200', band: 'STANDING_CHARGE' },
    ],
  });
  const since = [
    payment('BACS-250620', '2025-06-20', String(invoice.amount), {
      payment_type: 'BACS_DEPOSIT',
      reason: 'BILL_ISSUED',
    }),
  ];
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-B-300790',
    account_type: 'BUSINESS_THIRD_PARTY_BILLED',
    billing_name: 'Bao House Franchising Ltd',
    billing_attention_of: 'Accounts payable',
    billing_sub_name: 'Bao House Nottingham (Hockley)',
    billing_address: {
      country: 'GB',
      street_address: '40 Clerkenwell Road',
      locality: 'London',
      postal_code: 'EC1M 5PS',
    },
    billing_email: 'ap@baohouse.example.co.uk',
    last_billed_to_date: '2025-05-31',
    transfer_balance: balanceOf([invoice], since),
    account_billing_options: { period_start_day: 1, period_length: 'MONTHLY' },
    business: {
      business_type: 'PARTNERSHIP',
      company_name: 'Chen & Hollis (trading as Bao House Nottingham)',
      segment_name: 'SME',
      users: [{ given_name: 'Li', family_name: 'Chen', mobile: '+447412558203', business_roles: ['ADMIN'] }],
    },
    customers: [{ given_name: 'Li', family_name: 'Chen', mobile: '+447412558203', account_roles: ['ADMIN'] }],
    supply_addresses: [
      supplyAddress(['12 Goose Gate', 'Hockley', 'Nottingham'], 'NG1 1FF', '2024-06-01', [
        gasPoint({
          mprn,
          start: '2024-06-01',
          billedTo: '2025-05-31',
          earlierRead: '2025-04-30',
          ldz: 'EM',
          aq: '74000',
          meter: {
            serial: 'G4P02281937714',
            installed: '2021-03-03',
            smart: 'SMETS2',
            deviceId: '00-1A-22-FF-FE-05-61-7C',
            read: '30577',
            earlier: '29992',
          },
          agreements: agreements('2024-06-01', [['BG-1R-FIX-12M-24-06-01-B']]),
        }),
      ]),
    ],
    historical_statement_transactions: [invoice],
    current_statement_transactions: since,
  };
}
