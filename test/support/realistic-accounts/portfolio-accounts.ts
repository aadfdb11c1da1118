import { balanceOf, credit, type Json, payment, supplyCharge } from './amounts.js';
import { agreements, electricityPoint, supplyAddress } from './meter-points.js';

/**
 * Accounts that are not one household or one business: a housing association's portfolio lead
 * (billing collectively, no supply of its own), one of its managed flats, and the supplier's own
 * system account that holds payments not yet matched to a customer.
 */

const PORTFOLIO = [
  { namespace: 'external-portfolio-reference-id', value: 'PF-AHA-0012' },
  { namespace: 'portfolio-label', value: 'Aire Housing Association' },
];

export function portfolioLead(): Json {
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-P-500012',
    account_type: 'PORTFOLIO_LEAD',
    billing_name: 'Aire Housing Association',
    billing_address: {
      country: 'GB',
      street_address: '1 Wellington Place',
      locality: 'Leeds',
      postal_code: 'LS1 4AP',
    },
    billing_email: 'energy@airehousing.example.org.uk',
    last_billed_to_date: '2025-03-31',
    customers: [
      {
        given_name: 'Samira',
        family_name: 'Haddad',
        email: 'samira.haddad@airehousing.example.org.uk',
        landline: '+441134960777',
        portfolio_roles: ['ADMIN'],
      },
    ],
    portfolio: {
      billing_name: 'Aire Housing Association',
      portfolio_references: PORTFOLIO,
      portfolio_settings: {
        collective_billing: true,
        collective_payments: true,
        delegate_billing_schedule_to_children: false,
        send_collective_bill_constituent_messages: true,
      },
      notes: [
        { body: 'Quarterly collective statement to the finance team.', created_at: '2023-01-09T09:00:00Z' },
      ],
    },
    business: {
      business_type: 'NON_PROFIT',
      company_name: 'Aire Housing Association Ltd',
      company_number: 'RS007731',
      portfolios: [{ billing_name: 'Aire Housing Association', portfolio_references: PORTFOLIO }],
    },
    payment_instructions: [
      {
        type: 'DIRECT_DEBIT',
        vendor: 'BOTTOMLINE_GLOBAL_PAYMENTS_HUB',
        reference: 'ACME0500012',
        instruction_identifier: 'dd-500012',
      },
    ],
    payment_preferences: [
      {
        type: 'ACTIVE_NEW',
        ledger_identifier: 'MAIN',
        instruction_reference_params: { instruction_identifier: 'dd-500012' },
      },
    ],
  };
}

/** A flat of the association, let to a tenant, billed with the portfolio. */
export function managedFlat(): Json {
  const mpan = '2390786666179';
  const before = [
    supplyCharge({
      id: 'SC-E-250331',
      date: '2025-03-31',
      product: 'E-1R-SOCIAL-24-01-01-M',
      meterPoint: mpan,
      vat: '0.05',
      lines: [
        { from: '2025-01-01', to: '2025-03-31', units: '688', price: '0.2302', band: 'STANDARD' },
        { from: '2025-01-01', to: '2025-03-31', units: '90', price: '0.4870', band: 'STANDING_CHARGE' },
      ],
    }),
    payment('DD-250315', '2025-03-15', '55.00', { payment_type: 'DD_REGULAR_COLLECTION' }),
  ];
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-P-500013',
    account_type: 'MANAGED',
    billing_name: 'Mr Kwame Mensah',
    billing_address: {
      country: 'GB',
      street_address: 'Flat 6, Beckett House\n14 Burley Road',
      locality: 'Leeds',
      postal_code: 'LS3 1JB',
    },
    last_billed_to_date: '2025-03-31',
    transfer_balance: balanceOf(before),
    customers: [
      {
        title: 'Mr',
        given_name: 'Kwame',
        family_name: 'Mensah',
        mobile: '+447830227614',
        account_roles: ['ADMIN'],
      },
    ],
    portfolio: { portfolio_references: PORTFOLIO },
    supply_addresses: [
      supplyAddress(
        ['Flat 6, Beckett House', '14 Burley Road', 'Leeds'],
        'LS3 1JB',
        '2024-01-01',
        [
          electricityPoint({
            mpan,
            mpid: 'YELG',
            start: '2024-01-01',
            billedTo: '2025-03-31',
            earlierRead: '2024-12-31',
            registers: [{ id: '1', tpr: '00001', eac: '2750', read: '012904', earlier: '012216' }],
            meter: {
              serial: 'Z22E019934',
              installed: '2022-06-08',
              smart: 'SMETS2',
              deviceId: '00-0D-6F-00-0E-98-11-02',
            },
            agreements: agreements('2024-01-01', [['E-1R-SOCIAL-24-01-01-M']]),
            extra: { profile_class: 1, ssc: '0393' },
          }),
        ],
        {
          property_administrators: [
            {
              role: 'LANDLORD',
              billing_name: 'Aire Housing Association',
              email: 'repairs@airehousing.example.org.uk',
              landline: '+441134960777',
              effective_from: '2024-01-01T00:00:00Z',
            },
          ],
        },
      ),
    ],
    historical_statement_transactions: before,
    payment_instructions: [
      {
        type: 'DIRECT_DEBIT',
        vendor: 'BOTTOMLINE_PTX',
        reference: 'ACME0500013',
        instruction_identifier: 'dd-500013',
      },
    ],
    payment_preferences: [
      {
        type: 'ACTIVE_NEW',
        ledger_identifier: 'MAIN',
        instruction_reference_params: { instruction_identifier: 'dd-500013' },
      },
    ],
    payment_schedules: [
      {
        means: 'DD',
        trigger: 'BALANCE',
        balance_threshold: '-60.00',
        amount: '55.00',
        start_date: '2024-02-01',
      },
    ],
  };
}

/** The supplier's suspense account: bank receipts with no account reference, waiting to be matched. */
export function systemSuspense(): Json {
  const since = [
    payment('BANK-250402-0017', '2025-04-02', '84.50', {
      payment_type: 'BACS_DEPOSIT',
      reason: 'GENERAL_CREDIT',
      reference: 'ELEC BILL FLAT 2',
    }),
    payment('BANK-250409-0031', '2025-04-09', '120.00', {
      payment_type: 'CHEQUE',
      reason: 'GENERAL_CREDIT',
      reference: 'CHQ 000482',
    }),
    credit('ADJ-250411', '2025-04-11', '0.01', 'BALANCE_ADJUSTMENT', {
      note: 'Rounding on a returned cheque',
    }),
  ];
  return {
    import_supplier: 'ACME',
    external_account_number: 'ACME-S-900001',
    account_type: 'SYSTEM',
    billing_name: 'ACME Energy suspense',
    billing_address: {
      country: 'GB',
      street_address: 'ACME Energy, PO Box 4410',
      locality: 'Reading',
      postal_code: 'RG1 1AA',
    },
    last_billed_to_date: '2025-03-31',
    transfer_balance: balanceOf(since),
    current_statement_transactions: since,
    operations_team_name: 'Cash allocation',
  };
}
