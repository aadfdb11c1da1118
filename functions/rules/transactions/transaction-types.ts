/**
 * The five transaction types, the fields each takes (spec: Transaction, "Appears for") and the
 * ledger flags each posts.
 */
export const TRANSACTION_TYPES = ['CHARGE', 'CREDIT', 'PAYMENT', 'REPAYMENT', 'SUPPLY_CHARGE'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

const COMMON = [
  'transaction_id',
  'transaction_date',
  'amount',
  'type',
  'billing_document_identifier',
] as const;

export const FIELDS_BY_TYPE: Record<TransactionType, ReadonlySet<string>> = {
  CHARGE: new Set([...COMMON, 'reason', 'display_note', 'note']),
  CREDIT: new Set([...COMMON, 'reason', 'display_note', 'note']),
  PAYMENT: new Set([...COMMON, 'reason', 'note', 'reference', 'payment_type']),
  REPAYMENT: new Set([...COMMON, 'reason', 'note', 'reference', 'payment_type']),
  SUPPLY_CHARGE: new Set([...COMMON, 'display_note', 'product_code', 'line_items', 'tax_items']),
};

export function isTransactionType(value: string): value is TransactionType {
  return (TRANSACTION_TYPES as readonly string[]).includes(value);
}

export interface LedgerFlags {
  is_charge: boolean;
  is_credit: boolean;
  is_payment: boolean;
  is_repayment: boolean;
  is_reversal: boolean;
  is_reversed: boolean;
}

export function ledgerFlags(type: TransactionType): LedgerFlags {
  return {
    is_charge: type === 'CHARGE' || type === 'SUPPLY_CHARGE',
    is_credit: type === 'CREDIT',
    is_payment: type === 'PAYMENT',
    is_repayment: type === 'REPAYMENT',
    is_reversal: false,
    is_reversed: false,
  };
}
