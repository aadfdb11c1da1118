import { balanceOf, type Json, totalPence } from './amounts.js';
import { BILL, BILLED_TO, current, electricity, gas, historical } from './domestic-dual-fuel-supply.js';
import { supplyAddress } from './meter-points.js';

/**
 * A household in south-east London on smart dual fuel, paying by monthly Direct Debit: billed to
 * 14 March 2025, with the last bill's transactions (every kind: supply charges, payments, a
 * credit, a charge, a refund) and the weeks since (every kind again), two account holders (one
 * on the priority services register), consents, a payment adequacy review and a smart install.
 */

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
