import { balanceOf, type Json, payment, supplyCharge } from './amounts.js';
import { agreements, electricityPoint, gasPoint, supplyAddress } from './meter-points.js';

/**
 * The other domestic account kinds: a flat empty between tenancies (billed to its landlord), a
 * house whose occupier is not yet known, and a student house billed to its letting agent.
 */

const standingOnly = (id: string, mpxn: string, product: string, from: string, to: string, days: string) =>
  supplyCharge({
    id,
    date: to,
    product,
    meterPoint: mpxn,
    vat: '0.05',
    lines: [
      { from, to, units: '0', price: '0.2451', band: 'STANDARD' },
      { from, to, units: days, price: '0.5412', band: 'STANDING_CHARGE' },
    ],
  });

/** A Leeds flat between tenancies: the landlord pays the standing charge until a tenant moves in. */
export function domesticVacant(): Json {
  const mpan = '2360913909967';
  const bill = standingOnly('SC-E-250131', mpan, 'E-1R-VACANT-24-10-01-M', '2024-11-01', '2025-01-31', '92');
  const paid = { payment_type: 'BACS_DEPOSIT', reason: 'ACCOUNT_CHARGE_PAYMENT' };
  const before = [bill, payment('BACS-250131', '2025-01-31', String(bill.amount), paid)];
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-D-101502',
    account_type: 'DOMESTIC_VACANT',
    communication_preference: 'ONLINE',
    billing_name: 'Mrs Helen Ashworth',
    billing_address: {
      country: 'GB',
      street_address: '8 Moor Crescent',
      locality: 'Harrogate',
      administrative_area: 'North Yorkshire',
      postal_code: 'HG2 0DN',
    },
    billing_email: 'h.ashworth@example.org.uk',
    last_billed_to_date: '2025-01-31',
    transfer_balance: balanceOf(before),
    customers: [
      {
        title: 'Mrs',
        given_name: 'Helen',
        family_name: 'Ashworth',
        email: 'h.ashworth@example.org.uk',
        landline: '+441134960777',
        account_roles: ['ADMIN'],
      },
    ],
    supply_addresses: [
      supplyAddress(
        ['Flat 12, Granary Wharf', '1 Canal Wharf', 'Leeds'],
        'LS11 5PS',
        '2024-11-01',
        [
          electricityPoint({
            mpan,
            mpid: 'YELG',
            start: '2024-10-01',
            billedTo: '2025-01-31',
            earlierRead: '2024-11-01',
            registers: [{ id: '1', tpr: '00001', eac: '1900', read: '044108', earlier: '044108' }],
            meter: { serial: 'K05A118420', installed: '2012-07-19', smart: 'NONE', readingType: 'ROUTINE' },
            agreements: agreements('2024-10-01', [['E-1R-VACANT-24-10-01-M']]),
            extra: {
              profile_class: 1,
              ssc: '0393',
              smart_refusal_interest: { date: '2024-11-04', type: 'NOT_AT_THE_MOMENT', source: 'EMAIL' },
            },
          }),
        ],
        {
          is_landlord: true,
          label: 'Granary Wharf 12',
          property_administrators: [
            {
              role: 'LANDLORD',
              title: 'Mrs',
              given_name: 'Helen',
              family_name: 'Ashworth',
              email: 'h.ashworth@example.org.uk',
              landline: '+441134960777',
              effective_from: '2024-11-01T00:00:00Z',
              effective_to: null,
            },
          ],
        },
      ),
    ],
    historical_statement_transactions: before,
  };
}

/** A Cardiff terrace taken over with its meters: nobody has yet told the supplier their name. */
export function domesticOccupier(): Json {
  const mpan = '2162527601892';
  const mprn = '6620184731';
  const before = [
    standingOnly('SC-E-250228', mpan, 'E-1R-DEEMED-24-12-01-K', '2024-12-01', '2025-02-28', '90'),
    standingOnly('SC-G-250228', mprn, 'G-1R-DEEMED-24-12-01-K', '2024-12-01', '2025-02-28', '90'),
  ];
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-D-102044',
    account_type: 'DOMESTIC_OCCUPIER',
    unknown_occupier: true,
    communication_preference: 'PRINT',
    billing_name: 'The Occupier',
    last_billed_to_date: '2025-02-28',
    transfer_balance: balanceOf(before),
    supply_addresses: [
      supplyAddress(['41 Inverness Place', 'Roath', 'Cardiff'], 'CF24 4RU', '2024-12-01', [
        electricityPoint({
          mpan,
          mpid: 'SWAE',
          start: '2024-12-01',
          billedTo: '2025-02-28',
          earlierRead: '2024-12-01',
          registers: [{ id: '1', tpr: '00001', eac: '3100', read: '072215', earlier: '071478' }],
          meter: { serial: 'D13A029915', installed: '2009-04-22', smart: 'NONE', readingType: 'ESTIMATE' },
          agreements: agreements('2024-12-01', [['E-1R-DEEMED-24-12-01-K']]),
          extra: { profile_class: 1, ssc: '0393' },
        }),
        gasPoint({
          mprn,
          start: '2024-12-01',
          billedTo: '2025-02-28',
          earlierRead: '2024-12-01',
          ldz: 'WS',
          aq: '12400',
          meter: {
            serial: 'M016A0451928',
            installed: '2004-10-05',
            smart: 'NONE',
            read: '61420',
            earlier: '60977',
            imperial: true,
          },
          agreements: agreements('2024-12-01', [['G-1R-DEEMED-24-12-01-K']]),
        }),
      ]),
    ],
    historical_statement_transactions: before,
    notes: [{ body: 'Occupier letter sent twice; no reply.', created_at: '2025-01-15T10:00:00Z' }],
  };
}

/** A Bristol student house whose bills go to the letting agent; the tenants are named on it. */
export function domesticThirdPartyBilled(): Json {
  const mpan = '2255597971147';
  const bill = supplyCharge({
    id: 'SC-E-250430',
    date: '2025-04-30',
    product: 'E-1R-FIX-12M-24-09-01-L',
    meterPoint: mpan,
    vat: '0.05',
    bill: 'BILL-2025-04-2201',
    lines: [
      { from: '2025-02-01', to: '2025-04-30', units: '1406', price: '0.2398', band: 'STANDARD' },
      { from: '2025-02-01', to: '2025-04-30', units: '89', price: '0.5588', band: 'STANDING_CHARGE' },
    ],
  });
  const paid = { payment_type: 'CREDIT_CARD', reason: 'BILL_ISSUED' };
  const before = [bill, payment('CARD-250430', '2025-04-30', String(bill.amount), paid)];
  const tenant = (given: string, family: string, mobile: string) => ({
    given_name: given,
    family_name: family,
    mobile,
    account_roles: ['STUDENT_HOUSE'],
  });
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-D-102210',
    account_type: 'DOMESTIC_THIRD_PARTY_BILLED',
    communication_preference: 'ONLINE',
    billing_name: 'Harbourside Lettings Ltd',
    billing_attention_of: 'Utilities team',
    billing_sub_name: '19 Cotham Vale tenants',
    billing_customer_reference: 'HL-CV19',
    billing_address: {
      country: 'GB',
      street_address: 'Unit 4, Wapping Wharf\nGaol Ferry Steps',
      locality: 'Bristol',
      postal_code: 'BS1 6WP',
      delivery_point_identifier: '1A2B3C4D',
    },
    billing_email: 'utilities@harbourside-lettings.example.co.uk',
    last_billed_to_date: '2025-04-30',
    transfer_balance: balanceOf(before),
    customers: [
      tenant('Aisha', 'Okafor', '+447402123456'),
      tenant('Tom', 'Brennan', '+447584123789'),
      tenant('Mei', 'Lin', '+447123456789'),
    ],
    supply_addresses: [
      supplyAddress(['19 Cotham Vale', 'Bristol'], 'BS6 6HR', '2024-09-01', [
        electricityPoint({
          mpan,
          mpid: 'SWEB',
          start: '2024-09-01',
          billedTo: '2025-04-30',
          earlierRead: '2025-01-31',
          registers: [{ id: '1', tpr: '00001', eac: '5600', read: '009877', earlier: '008471' }],
          meter: {
            serial: 'E16UP04183',
            installed: '2018-02-11',
            smart: 'SMETS2',
            deviceId: '00-0D-6F-00-0C-41-18-2E',
          },
          agreements: agreements('2024-09-01', [['E-1R-FIX-12M-24-09-01-L']]),
          extra: { profile_class: 1, ssc: '0393' },
        }),
      ]),
    ],
    historical_statement_transactions: before,
    statements: [
      {
        statement_id: 'BILL-2025-04-2201',
        bill_period_from_date: '2025-02-01',
        bill_period_to_date: '2025-04-30',
        issued_date: '2025-05-01',
        statement_path: 'statements/ACME-D-102210/BILL-2025-04-2201.pdf',
      },
    ],
    payment_instructions: [
      {
        type: 'CARD',
        vendor: 'STRIPE',
        reference: 'pm_1QxK2LHarbour0931',
        instruction_identifier: 'card-102210',
      },
    ],
    payment_preferences: [
      {
        type: 'ACTIVE_EXISTING',
        ledger_identifier: 'MAIN',
        instruction_reference_params: { vendor_name: 'STRIPE', vendor_reference: 'pm_1QxK2LHarbour0931' },
      },
    ],
  };
}
