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
import { supplyAddress } from '../support/realistic-accounts/meter-points.js';
import { fullAccountCustomers, fullAccountMeterPoints, READINGS_PER_REGISTER } from './full-account-parts.js';

/**
 * A full account, as a supplier migrating a two-year-old dual-fuel household sends it: everything
 * creation takes from one staged `EnergyAccount`. Two meter points (electricity and gas), each with
 * a smart meter, its register(s), agreements one after another and a year of monthly readings; two
 * account holders, each with priority services register records and consents; 24 monthly bills
 * (statements), the 192 transactions of their months as historical statement transactions (only the
 * last bill's name it: the rules let them carry one bill's identifier) and 8 since (200 in all);
 * 10 notes (body only); a Direct Debit instruction with a Bottomline vendor (no vendor call) and its payment
 * schedule. Statements name their PDF by path (the schema asks for one): `fullAccountDocuments`
 * lists the paths, which must exist under the supplier's root location before the account is created.
 */
export const FULL_ACCOUNT = {
  meterPoints: 2,
  customers: 2,
  statements: 24,
  transactions: 200,
  notes: 10,
  readingsPerRegister: READINGS_PER_REGISTER,
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

/** The day the fixed tariffs end and the variable ones start (./full-account-parts.ts's agreements). */
const FIXED_UNTIL = '2024-12-01';

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
      product: from < FIXED_UNTIL ? 'E-1R-FIX-12M-22-09-01-C' : 'E-1R-SVT-23-09-01-C',
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
      product: from < FIXED_UNTIL ? 'G-1R-FIX-12M-22-09-01-C' : 'G-1R-SVT-23-09-01-C',
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

/** The path of each bill's PDF, relative to the supplier's root location. */
const statementPath = (external: string, index: number) => `statements/${external}/${billId(index)}.pdf`;

/** Every document path the account names (its statements' PDFs). */
export function fullAccountDocuments(external: string): string[] {
  return Array.from({ length: FULL_ACCOUNT.statements }, (_, i) => statementPath(external, i));
}

/** The 24 monthly bills, each naming its PDF by path; its gross amount is its supply charges'. */
function statementsOf(bills: readonly Json[][], external: string): Json[] {
  return bills.map((transactions, i) => {
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
  });
}

/** The Direct Debit instruction (a Bottomline vendor: no vendor call), its preference and schedule. */
function payments(mailbox: string): Json {
  return {
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
  };
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
    customers: fullAccountCustomers((who) => `${who}.${mailbox}@example.co.uk`),
    consents: [{ type: 'SMART_METER_DATA_DAILY', value: 'ACCEPTED', signed_at: '2024-01-15T09:30:00Z' }],
    supply_addresses: [
      supplyAddress(
        ['14 Dartmouth Row', 'London'],
        'SE10 8AW',
        '2023-12-01',
        fullAccountMeterPoints(points, BILLED_TO),
        {
          property_external_identifier: `PROP-${external}`,
          primary_place_of_residence_since: '2015-06-01',
        },
      ),
    ],
    historical_statement_transactions: historical,
    current_statement_transactions: since,
    statements: statementsOf(bills, external),
    ...payments(mailbox),
    notes: Array.from({ length: FULL_ACCOUNT.notes }, (_, i) => ({
      body: `Call ${i + 1}: customer asked about their bill; explained the standing charge and the Direct Debit amount.`,
      created_at: `${FIRST_BILL_YEAR + Math.floor(i / 6)}-${pad((i % 6) * 2 + 1)}-14T11:20:00Z`,
      ...(i === 0 ? { is_pinned: true, unpin_at: '2025-02-14T11:20:00Z' } : {}),
    })),
    references: [{ namespace: 'legacy-crm', value: `CRM-${external}` }],
    metadata: [{ key: 'legacy_segment', value: { band: 'B', since: 2023 } }],
  };
}
