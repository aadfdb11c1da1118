import type { Payload as TransactionPayload } from '../../../schemas/api/transaction.schema.js';
import { formatMinorUnits } from './amount.js';
import type { TransactionType } from './transaction-types.js';

export type { TransactionPayload };

/** A validated transaction, as it is stored (amount in minor units, date possibly moved). */
export interface TransactionToStore {
  /** Position in the request. */
  index: number;
  transaction_id: string;
  transaction_date: string;
  /** Set when the date was moved into the open statement period (forcing). */
  original_transaction_date?: string;
  description?: string;
  amount_minor: number;
  type: TransactionType;
  reason?: string;
  display_note?: string;
  note?: string;
  reference?: string;
  payment_type?: string;
  product_code?: string;
  line_items?: TransactionPayload['line_items'];
  tax_items?: TransactionPayload['tax_items'];
  billing_document_identifier?: string;
}

export type TransactionStatus = 'TRANSACTION_ADDED_TO_ACCOUNT' | 'TRANSACTION_ALREADY_EXISTS';

export interface TransactionResult {
  status: TransactionStatus;
  transaction_data: Record<string, unknown>;
}

const ECHOED = ['reason', 'reference', 'payment_type', 'description', 'billing_document_identifier'] as const;
const DETAILS = ['display_note', 'note', 'product_code', 'line_items', 'tax_items'] as const;

/**
 * The transaction as responses show it: the spec's echoed fields (amount as a two-decimal
 * string, the moved date and its description after forcing); `full` adds every other field
 * (the TRANSACTION_IMPORT_ERROR body shows the whole failing transaction).
 */
export function transactionData(transaction: TransactionToStore, full = false): Record<string, unknown> {
  const data: Record<string, unknown> = {
    transaction_id: transaction.transaction_id,
    transaction_date: transaction.transaction_date,
    amount: formatMinorUnits(transaction.amount_minor),
    type: transaction.type,
  };
  for (const field of full ? [...ECHOED, ...DETAILS] : ECHOED) {
    if (transaction[field] !== undefined) data[field] = transaction[field];
  }
  return data;
}

export function transactionResult(
  transaction: TransactionToStore,
  status: TransactionStatus,
): TransactionResult {
  const data = transactionData(transaction);
  if (status === 'TRANSACTION_ADDED_TO_ACCOUNT') data.status = 'TRANSACTION_IMPORT_SUCCESS';
  return { status, transaction_data: data };
}
