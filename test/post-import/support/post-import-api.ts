import { randomUUID } from 'node:crypto';
import { api } from '../../support/http.js';

/** A fresh payment vendor reference: `prefix` (the fake vendor answers by it) and a random tail. */
export const paymentReference = (prefix = 'pm_card_') => `${prefix}${randomUUID().replaceAll('-', '')}`;

export const paths = {
  notes: '/v1/data-import/notes/create/',
  transactions: '/v1/data-import/transactions/create/',
  statements: '/v1/data-import/historical-statements/create/',
  paymentInstruction: '/v1/data-import/payment-instruction/create/',
};

export interface AccountRef {
  import_supplier: string;
  external_account_number: string;
}

export function ref(account: AccountRef): AccountRef {
  return {
    import_supplier: account.import_supplier,
    external_account_number: account.external_account_number,
  };
}

export function postNotes(token: string, account: AccountRef, notes: unknown[]) {
  return api('POST', paths.notes, { token, body: { ...ref(account), notes } });
}

export function postTransactions(
  token: string,
  account: AccountRef,
  transactions: unknown[],
  query?: Record<string, string>,
) {
  return api('POST', paths.transactions, { token, body: { ...ref(account), transactions }, query });
}

export function postStatements(token: string, account: AccountRef, statements: unknown[]) {
  return api('POST', paths.statements, { token, body: { ...ref(account), statements } });
}

export function postPaymentInstruction(
  token: string,
  account: AccountRef,
  instruction: Record<string, unknown>,
) {
  return api('POST', paths.paymentInstruction, { token, body: { ...ref(account), ...instruction } });
}

/** The spec's example-like transaction of each type. */
/** A historical statement with every required field (`overrides` replaces or adds fields). */
export const exampleStatement = (id: string, overrides: Record<string, unknown> = {}) => ({
  statement_id: id,
  bill_period_from_date: '2025-11-01',
  bill_period_to_date: '2025-11-30',
  issued_date: '2025-12-02',
  number: `S-${id}`,
  gross_amount: 54.21,
  ...overrides,
});

export const exampleTransactions = {
  charge: (id: string, date = '2026-03-01') => ({
    transaction_id: id,
    transaction_date: date,
    amount: 45.5,
    type: 'CHARGE',
    reason: 'IMPORTED_CHARGE',
    display_note: 'Imported charge',
    note: 'Balance brought over from the legacy system',
  }),
  credit: (id: string, date = '2026-03-02') => ({
    transaction_id: id,
    transaction_date: date,
    amount: 10,
    type: 'CREDIT',
    reason: 'GENERAL_CREDIT',
    display_note: 'Goodwill credit',
    note: 'Imported credit',
  }),
  payment: (id: string, date = '2026-03-03') => ({
    transaction_id: id,
    transaction_date: date,
    amount: 30.25,
    type: 'PAYMENT',
    reason: 'ACCOUNT_CHARGE_PAYMENT',
    note: 'Imported payment',
    reference: 'DD-REF-1',
    payment_type: 'DD_REGULAR_COLLECTION',
  }),
  repayment: (id: string, date = '2026-03-04') => ({
    transaction_id: id,
    transaction_date: date,
    amount: 5.01,
    type: 'REPAYMENT',
    reason: 'FULL_CREDIT_REFUND',
    note: 'Imported refund',
    reference: 'REFUND-1',
    payment_type: 'DIRECT_CREDIT',
  }),
  supplyCharge: (id: string, date = '2026-03-05') => ({
    transaction_id: id,
    transaction_date: date,
    amount: 63.0,
    type: 'SUPPLY_CHARGE',
    display_note: 'Electricity',
    product_code: 'VAR-22-11-01',
    line_items: [
      {
        rate_band: 'CONSUMPTION_STANDARD',
        start_date: '2026-02-01',
        end_date: '2026-02-28',
        number_of_units: 200,
        net_amount: 60,
        price_per_unit: 0.3,
        units: [100, 100],
      },
    ],
    tax_items: [{ amount: 3, tax_type: 'VAT', value_taxed: 60, rate: 0.05, unit_type: 'PROPORTION' }],
  }),
};
