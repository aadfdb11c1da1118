import { CREATION_LIMITS } from '../../functions/rules/account/creation-limits.js';

/**
 * A realistic domestic dual-fuel account as the platform's published `EnergyAccount` shapes it:
 * one supply address with an electricity meter point (one meter, two registers, readings) and a
 * gas meter point (one meter, readings), two customers (one on the priority services register,
 * with consents), agreements, transactions of every kind but a repayment, statements, notes, a
 * payment instruction, a payment preference and a payment schedule. A new copy on every call.
 */

const electricityMeterPoint = () => ({
  supply_type: 'ELECTRICITY',
  identifier: '1200023305967',
  mpid: 'EELC',
  supply_start_date: '2023-04-01',
  profile_class: 2,
  measurement_class: 'A',
  ssc: '0151',
  is_deenergised: false,
  dc_to_appoint: null,
  eac_history: [
    { tpr: '00206', effective_from: '2023-04-01', consumption: '2400' },
    { tpr: '00210', effective_from: '2023-04-01', consumption: '1100' },
  ],
  agreements: [
    {
      tariff_code: 'E-2R-FIX-12M-23-04-01-A',
      effective_from: '2023-04-01',
      effective_to: '2024-04-01',
      agreed_at: '2023-03-02T10:15:00Z',
    },
    { tariff_code: 'E-2R-VAR-23-04-01-A', effective_from: '2024-04-01', effective_to: null },
  ],
  meters: [
    {
      meter_serial_number: 'S95A123456',
      installed_on: '2019-06-12',
      is_prepay: false,
      smart_type: 'SMETS2',
      smart_device_id: '00-0A-12-FF-FE-34-56-78',
      registers: [
        {
          register_id: '1',
          number_of_digits: 6,
          tpr: '00206',
          is_settlement: true,
          last_billed_to_date: '2024-01-15',
        },
        {
          register_id: '2',
          number_of_digits: 6,
          tpr: '00210',
          is_settlement: true,
          last_billed_to_date: '2024-01-15',
        },
      ],
      transfer_readings: [
        { register_id: '1', reading_date: '2024-01-15', reading_type: 'SMART', reading_value: '014002.5' },
        { register_id: '2', reading_date: '2024-01-15', reading_type: 'SMART', reading_value: '005010' },
      ],
      reading_history: [
        {
          register_id: '1',
          reading_date: '2024-01-15',
          reading_type: 'SMART',
          reading_value: '014002.5',
          billed: true,
          validation_status: 'VALIDATED',
        },
        {
          register_id: '2',
          reading_date: '2024-01-15',
          reading_type: 'SMART',
          reading_value: '005010',
          billed: true,
        },
      ],
    },
  ],
});

const gasMeterPoint = () => ({
  supply_type: 'GAS',
  identifier: '3104892304',
  mpid: 'BGAS',
  shipper_mpid: 'BGT',
  supply_start_date: '2023-04-01',
  ldz: 'SE',
  aq_history: [{ effective_from: '2023-04-01', effective_to: null, consumption: '11500' }],
  agreements: [{ tariff_code: 'G-1R-VAR-23-04-01-A', effective_from: '2023-04-01' }],
  meters: [
    {
      meter_serial_number: 'G4A00012345678',
      gas_number_of_digits: 5,
      units_of_measure: 'SCMH',
      smart_type: 'SMETS2',
      last_billed_to_date: '2024-01-15',
      transfer_readings: [{ reading_date: '2024-01-15', reading_type: 'SMART', reading_value: '03987' }],
      reading_history: [
        { reading_date: '2024-01-15', reading_type: 'SMART', reading_value: '03987', billed: true },
      ],
    },
  ],
});

const customers = () => [
  {
    title: 'Ms',
    given_name: 'Amelia',
    family_name: 'Hartley',
    email: 'amelia.hartley@example.com',
    mobile: '+447911123456',
    date_of_birth: '1948-09-30',
    account_roles: ['ADMIN'],
    psr: [
      {
        elec_industry_code: '14',
        gas_industry_code: '14',
        effective_from: '2023-04-01T00:00:00Z',
        effective_to: null,
        additional_information: 'Prefers a call before visits.',
      },
    ],
    consents: [
      { type: 'PSR_DATA_SHARING', value: 'ACCEPTED', signed_at: '2023-03-02T10:20:00Z' },
      { type: 'MARKETING_EMAIL', value: 'REJECTED' },
    ],
  },
  {
    given_name: 'Tom',
    family_name: 'Hartley',
    email: null,
    landline: '+441483123456',
    account_roles: ['POWER_OF_ATTORNEY'],
  },
];

export function domesticDualFuelAccount() {
  return {
    import_supplier: 'ACME',
    external_account_number: 'A-10004821',
    account_type: 'DOMESTIC',
    communication_preference: 'ONLINE',
    language_preference: 'en-gb',
    billing_name: 'Amelia Hartley',
    billing_address: {
      country: 'GB',
      street_address: '12 Orchard Lane',
      locality: 'Guildford',
      postal_code: 'GU1 3AA',
    },
    billing_email: 'amelia.hartley@example.com',
    last_billed_to_date: '2024-01-15',
    next_bill_due_date: null,
    transfer_balance: '-36.00',
    customers: customers(),
    consents: [{ type: 'SMART_METER_DATA', value: 'ACCEPTED', signed_at: '2023-03-02T10:20:00Z' }],
    supply_addresses: [
      {
        supply_address1: '12 Orchard Lane',
        supply_address2: 'Guildford',
        supply_postcode: 'GU1 3AA',
        customer_at_supply_address_from_date: '2023-04-01',
        meter_points: [electricityMeterPoint(), gasMeterPoint()],
      },
    ],
    current_statement_transactions: [
      {
        type: 'PAYMENT',
        transaction_id: 'P-2024-02-01',
        transaction_date: '2024-02-01',
        amount: '85.00',
        payment_type: 'DD_REGULAR_COLLECTION',
      },
      {
        type: 'CREDIT',
        transaction_id: 'C-2024-02-03',
        transaction_date: '2024-02-03',
        amount: '10.00',
        reason: 'CUSTOMER_SERVICE_GESTURE',
      },
    ],
    historical_statement_transactions: [
      {
        type: 'SUPPLY_CHARGE',
        transaction_id: 'S-2024-01-15',
        transaction_date: '2024-01-15',
        amount: '126.00',
        product_code: 'E-2R-FIX-12M-23-04-01-A',
        supply_point_identifier: '1200023305967',
        line_items: [
          {
            start_date: '2023-12-15',
            end_date: '2024-01-15',
            number_of_units: '400',
            net_amount: '120.00',
            price_per_unit: '0.30',
            rate_band: 'DAY',
          },
        ],
        tax_items: [
          { tax_type: 'VAT', rate: '0.05', unit_type: 'PROPORTION', value_taxed: '120.00', amount: '6.00' },
        ],
        billing_document_identifier: 'B-2024-01',
      },
      {
        type: 'CHARGE',
        transaction_id: 'H-2024-01-10',
        transaction_date: '2024-01-10',
        amount: '5.00',
        reason: 'DEFAULT',
        billing_document_identifier: 'B-2024-01',
      },
    ],
    statements: [
      {
        statement_id: 'B-2024-01',
        number: '2024-0001',
        bill_period_from_date: '2023-12-15',
        bill_period_to_date: '2024-01-15',
        issued_date: '2024-01-16',
        gross_amount: 13240,
        statement_path: 'statements/A-10004821/2024-01.pdf',
      },
    ],
    notes: [
      {
        body: 'Customer asked for large-print letters.',
        created_at: '2024-01-20T09:30:00Z',
        is_pinned: true,
        document_paths: [{ document_path: 'notes/A-10004821/request.pdf' }],
      },
    ],
    payment_instructions: [
      {
        type: 'DIRECT_DEBIT',
        vendor: 'BOTTOMLINE_PTX',
        reference: 'DD-000482',
        instruction_identifier: 'instr-1',
        valid_from: '2023-04-01',
      },
    ],
    payment_preferences: [
      {
        type: 'ACTIVE_NEW',
        ledger_identifier: 'MAIN',
        instruction_reference_params: { instruction_identifier: 'instr-1' },
      },
    ],
    payment_schedules: [
      {
        means: 'DD',
        start_date: '2023-05-01',
        frequency: 'MONTHLY',
        day_of_month: 1,
        amount: '85.00',
        trigger: 'REGULAR',
      },
    ],
    metadata: [{ key: 'legacy_segment', value: { band: 'B', since: 2019 } }],
  };
}

/**
 * The fixture grown to about `bytes` of JSON, still passing every rule: billed readings going back
 * day by day from the last billed date, and payments of zero on the days after it (so that the
 * transfer balance still adds up), none after today and no more than one creation writes.
 */
export function largeAccount(bytes: number) {
  const account = domesticDualFuelAccount();
  const electricity = account.supply_addresses[0]!.meter_points[0] as ReturnType<
    typeof electricityMeterPoint
  >;
  const meter = electricity.meters[0]!;
  const reading = meter.reading_history[0]!;
  const payment = account.current_statement_transactions[0]!;
  const day = (from: string, offset: number) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const lastBilled = account.last_billed_to_date;
  const today = new Date().toISOString().slice(0, 10);
  for (let n = 1; JSON.stringify(account).length < bytes; n += 1) {
    meter.reading_history.push({
      ...reading,
      reading_date: day(lastBilled, -n),
      reading_value: String(14_000 - n),
    });
    const date = day(lastBilled, 1 + (n % 300));
    const transactions =
      account.current_statement_transactions.length + account.historical_statement_transactions.length;
    // No more transactions than one creation writes (the rest of the bytes are readings).
    if (date <= today && transactions < CREATION_LIMITS.transactions.max) {
      account.current_statement_transactions.push({
        ...payment,
        transaction_id: `P-${n}`,
        transaction_date: date,
        amount: '0.00',
      });
    }
  }
  return account;
}
