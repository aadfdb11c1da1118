import { randomMpan, randomMprn } from '../support/meter-points.js';
import {
  balanceOf,
  charge,
  credit,
  type Json,
  payment,
  repayment,
  supplyCharge,
  totalPence,
} from '../support/realistic-accounts/amounts.js';
import {
  agreements,
  electricityPoint,
  gasPoint,
  supplyAddress,
} from '../support/realistic-accounts/meter-points.js';

/**
 * A full account, as a supplier migrating a two-year-old dual-fuel household sends it: everything
 * creation takes from one staged `EnergyAccount`. Two meter points (electricity and gas), each with
 * a smart meter, its register(s), agreements one after another and a year of monthly readings; two
 * account holders, each with priority services register records and consents; 24 monthly bills
 * (statements) with 192 transactions billed on them and 8 since the last bill (200 in all); 10 notes
 * (body only); a Direct Debit instruction with a Bottomline vendor (no vendor call) and its payment
 * schedule. Statements name their PDF by path (the schema asks for one): `fullAccountDocuments`
 * lists the paths, which must exist under the supplier's root location before the account is created.
 */
export const FULL_ACCOUNT = {
  meterPoints: 2,
  customers: 2,
  statements: 24,
  transactions: 200,
  notes: 10,
  readingsPerRegister: 12,
  paymentInstructions: 1,
  paymentSchedules: 1,
} as const;

/** The last bill's end: 24 monthly bills from January 2024 to December 2025. */
const BILLED_TO = '2025-12-31';
const FIRST_BILL_YEAR = 2024;

const pad = (n: number) => String(n).padStart(2, '0');
/** Last day of month `m` (1-12) of `year`. */
const monthEnd = (year: number, m: number) =>
  `${year}-${pad(m)}-${pad(new Date(Date.UTC(year, m, 0)).getUTCDate())}`;
const monthOf = (index: number) => ({ year: FIRST_BILL_YEAR + Math.floor(index / 12), m: (index % 12) + 1 });
const billId = (index: number) => {
  const { year, m } = monthOf(index);
  return `BILL-${year}-${pad(m)}`;
};

interface Points {
  mpan: string;
  mprn: string;
}

/** Eight transactions of one monthly bill: the Direct Debit, both supply charges and five others. */
function billTransactions(index: number, points: Points): Json[] {
  const { year, m } = monthOf(index);
  const from = `${year}-${pad(m)}-01`;
  const to = monthEnd(year, m);
  const days = String(Number(to.slice(8)));
  const tag = `${year}${pad(m)}`;
  // Only the last bill's transactions name it: the historical ones all carry the same identifier.
  const bill = index === FULL_ACCOUNT.statements - 1 ? { bill: billId(index) } : {};
  const winter = m <= 3 || m >= 10;
  return [
    payment(`DD-${tag}`, `${year}-${pad(m)}-01`, '142.00'),
    supplyCharge({
      id: `SC-E-${tag}`,
      date: to,
      product: 'E-1R-SVT-23-09-01-C',
      meterPoint: points.mpan,
      vat: '0.05',
      ...bill,
      lines: [
        { from, to, units: winter ? '284.0' : '196.5', price: '0.2473', band: 'STANDARD' },
        { from, to, units: days, price: '0.6097', band: 'STANDING_CHARGE' },
      ],
    }),
    supplyCharge({
      id: `SC-G-${tag}`,
      date: to,
      product: 'G-1R-SVT-23-09-01-C',
      meterPoint: points.mprn,
      vat: '0.05',
      ...bill,
      lines: [
        { from, to, units: winter ? '1420.7' : '412.3', price: '0.0632', band: 'STANDARD' },
        { from, to, units: days, price: '0.3165', band: 'STANDING_CHARGE' },
      ],
    }),
    credit(`CR-DD-${tag}`, `${year}-${pad(m)}-02`, '2.50', 'DIRECT_DEBIT_DISCOUNT'),
    charge(`CH-PB-${tag}`, `${year}-${pad(m)}-05`, '1.50', 'PAPER_BILL_FEE'),
    credit(`CR-GS-${tag}`, `${year}-${pad(m)}-12`, '5.00', 'CUSTOMER_SERVICE_GESTURE', {
      note: 'Call back missed',
    }),
    charge(`CH-IM-${tag}`, `${year}-${pad(m)}-18`, '3.00', 'IMPORTED_CHARGE', { note: 'Legacy fee' }),
    repayment(`RF-${tag}`, `${year}-${pad(m)}-25`, '4.00', 'PARTIAL_CREDIT_REFUND'),
  ];
}

/** The eight transactions since the last bill (January 2026), billed on none. */
function currentTransactions(points: Points): Json[] {
  return billTransactions(24, points).map((transaction) => {
    const { billing_document_identifier: _bill, ...rest } = transaction;
    return rest;
  });
}

/** Monthly readings over the year to the last billed date, rising by `perMonth`, the last one `last`. */
function yearOfReadings(type: string, last: number, perMonth: number, digits: number, extra: Json): Json[] {
  return Array.from({ length: FULL_ACCOUNT.readingsPerRegister }, (_, i) => {
    const monthsBefore = FULL_ACCOUNT.readingsPerRegister - 1 - i;
    return {
      ...extra,
      reading_date: monthEnd(2025, 12 - monthsBefore),
      reading_type: type,
      reading_value: String(last - monthsBefore * perMonth).padStart(digits, '0'),
      billed: true,
    };
  });
}

function meterPoints(points: Points): Json[] {
  const electricity = electricityPoint({
    mpan: points.mpan,
    mpid: 'LOND',
    start: '2023-12-01',
    billedTo: BILLED_TO,
    earlierRead: '2025-09-30',
    registers: [{ id: '1', tpr: '00001', eac: '2870', read: '021460', earlier: '020700' }],
    meter: {
      serial: '21L4406612',
      installed: '2024-01-15',
      smart: 'SMETS2',
      deviceId: '00-1C-8B-FF-FE-33-10-A2',
    },
    agreements: agreements(
      '2023-12-01',
      [['E-1R-FIX-12M-23-12-01-C', '2024-12-01'], ['E-1R-SVT-23-09-01-C']],
      {
        agreed_at: '2023-11-02T10:15:00Z',
        characteristics: [
          { code: 'sales_channel', value: 'DIRECT' },
          { code: 'gbr-electricity.payment-method', value: 'DIRECT_DEBIT' },
          { code: 'gbr-electricity.meter-rate-profile', value: 'flat_rate' },
        ],
      },
    ),
    extra: { profile_class: 1, ssc: '0393', measurement_class: 'A', regular_reading_cycle: 'M' },
  });
  const gas = gasPoint({
    mprn: points.mprn,
    start: '2023-12-01',
    billedTo: BILLED_TO,
    earlierRead: '2025-09-30',
    ldz: 'SE',
    aq: '11800',
    meter: {
      serial: 'E6S20931775124',
      installed: '2024-01-15',
      smart: 'SMETS2',
      deviceId: '00-1C-8B-FF-FE-33-10-A7',
      read: '06210',
      earlier: '05890',
    },
    agreements: agreements(
      '2023-12-01',
      [['G-1R-FIX-12M-23-12-01-C', '2024-12-01'], ['G-1R-SVT-23-09-01-C']],
      {
        characteristics: [
          { code: 'gbr-gas.payment-method', value: 'DIRECT_DEBIT' },
          { code: 'gbr-gas.meter-point-grid-supply-point-equivalent', value: '_C' },
        ],
      },
    ),
    extra: { regular_reading_cycle: 'CYSM' },
  });
  const [elecMeter] = electricity.meters as Json[];
  elecMeter!.reading_history = yearOfReadings('SMART', 21460, 230, 6, {
    register_id: '1',
    validation_status: 'VALIDATED',
  });
  const [gasMeter] = gas.meters as Json[];
  gasMeter!.reading_history = yearOfReadings('SMART', 6210, 95, 5, {});
  return [electricity, gas];
}

function customers(email: (who: string) => string): Json[] {
  const psr = (code: string, description: string, from: string) => ({
    elec_industry_code: code,
    gas_industry_code: code,
    description,
    effective_from: from,
    effective_to: null,
  });
  return [
    {
      title: 'Ms',
      given_name: 'Grace',
      family_name: 'Okafor',
      email: email('grace'),
      mobile: '+447911204418',
      date_of_birth: '1979-07-09',
      account_roles: ['ADMIN'],
      psr: [psr('20', 'Hearing impaired', '2024-02-01T00:00:00Z')],
      consents: [
        { type: 'MARKETING_EMAIL', value: 'ACCEPTED', signed_at: '2023-11-02T10:10:00Z' },
        { type: 'SMART_METER_DATA_HALF_HOURLY', value: 'REJECTED', signed_at: '2024-01-15T09:30:00Z' },
      ],
      user_details: [{ namespace: 'external_user_id', value: 'CRM-U-70001' }],
    },
    {
      title: 'Mr',
      given_name: 'Samuel',
      family_name: 'Okafor',
      email: email('samuel'),
      landline: '+442079460319',
      date_of_birth: '1948-03-22',
      account_roles: ['FRIEND_FAMILY_MEMBER'],
      psr: [
        psr('14', 'Pensionable age', '2023-12-01T00:00:00Z'),
        { ...psr('19', 'Partially sighted', '2024-03-14T00:00:00Z'), additional_information: 'Large print' },
      ],
      consents: [{ type: 'MARKETING_EMAIL', value: 'REJECTED', signed_at: '2023-11-02T10:12:00Z' }],
      user_details: [{ namespace: 'external_user_id', value: 'CRM-U-70002' }],
    },
  ];
}

/** The path of each bill's PDF, relative to the supplier's root location. */
const statementPath = (external: string, index: number) => `statements/${external}/${billId(index)}.pdf`;

/** Every document path the account names (its statements' PDFs). */
export function fullAccountDocuments(external: string): string[] {
  return Array.from({ length: FULL_ACCOUNT.statements }, (_, i) => statementPath(external, i));
}

/** A full account for `supplier`, with fresh meter point identifiers (creatable on a shared table). */
export function fullAccount(supplier: string, external: string): Json {
  const points = { mpan: randomMpan(), mprn: randomMprn() };
  const bills = Array.from({ length: FULL_ACCOUNT.statements }, (_, i) => billTransactions(i, points));
  const historical = bills.flat();
  const since = currentTransactions(points);
  const mailbox = external.toLowerCase();
  return {
    import_supplier: supplier,
    external_account_number: external,
    account_type: 'DOMESTIC',
    communication_preference: 'ONLINE',
    language_preference: 'en-gb',
    sales_channel: 'DIRECT',
    date_of_sale: '2023-11-02',
    billing_name: 'Grace Okafor',
    billing_address: {
      country: 'GB',
      street_address: '14 Dartmouth Row',
      locality: 'London',
      postal_code: 'SE10 8AW',
    },
    billing_email: `${mailbox}@example.co.uk`,
    last_billed_to_date: BILLED_TO,
    next_bill_due_date: '2026-01-31',
    transfer_balance: balanceOf(historical, since),
    customers: customers((who) => `${who}.${mailbox}@example.co.uk`),
    consents: [{ type: 'SMART_METER_DATA_DAILY', value: 'ACCEPTED', signed_at: '2024-01-15T09:30:00Z' }],
    supply_addresses: [
      supplyAddress(['14 Dartmouth Row', 'London'], 'SE10 8AW', '2023-12-01', meterPoints(points), {
        property_external_identifier: `PROP-${external}`,
        primary_place_of_residence_since: '2015-06-01',
      }),
    ],
    historical_statement_transactions: historical,
    current_statement_transactions: since,
    statements: bills.map((transactions, i) => {
      const { year, m } = monthOf(i);
      return {
        statement_id: billId(i),
        number: String(1000 + i),
        bill_period_from_date: `${year}-${pad(m)}-01`,
        bill_period_to_date: monthEnd(year, m),
        issued_date: m === 12 ? `${year + 1}-01-03` : `${year}-${pad(m + 1)}-03`,
        gross_amount: totalPence(transactions.filter((t) => t.type === 'SUPPLY_CHARGE')),
        statement_path: statementPath(external, i),
      };
    }),
    payment_instructions: [
      {
        type: 'DIRECT_DEBIT',
        vendor: 'BOTTOMLINE_PTX',
        reference: `FULL${mailbox
          .replace(/[^a-z0-9]/g, '')
          .slice(-14)
          .toUpperCase()}`,
        instruction_identifier: `dd-mandate-${mailbox}`,
        valid_from: '2023-12-05',
        use_for_scheduled_payments: true,
      },
    ],
    payment_preferences: [
      {
        type: 'ACTIVE_NEW',
        ledger_identifier: 'MAIN',
        instruction_reference_params: { instruction_identifier: `dd-mandate-${mailbox}` },
      },
    ],
    payment_schedules: [
      {
        means: 'DD',
        trigger: 'REGULAR',
        frequency: 'MONTHLY',
        day_of_month: 1,
        amount: '142.00',
        start_date: '2024-01-01',
        end_date: null,
      },
    ],
    notes: Array.from({ length: FULL_ACCOUNT.notes }, (_, i) => ({
      body: `Call ${i + 1}: customer asked about their bill; explained the standing charge and the Direct Debit amount.`,
      created_at: `${FIRST_BILL_YEAR + Math.floor(i / 6)}-${pad((i % 6) * 2 + 1)}-14T11:20:00Z`,
      ...(i === 0 ? { is_pinned: true, unpin_at: '2025-02-14T11:20:00Z' } : {}),
    })),
    references: [{ namespace: 'legacy-crm', value: `CRM-${external}` }],
    metadata: [{ key: 'legacy_segment', value: { band: 'B', since: 2023 } }],
  };
}
