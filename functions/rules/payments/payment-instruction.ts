/** A payment instruction verified with its vendor, as stored. */
export interface PaymentInstructionRecord {
  account_number: string;
  vendor: string;
  reference: string;
  type: string;
  /** What the vendor told us (no secrets); absent for a vendor the service cannot ask. */
  details?: Record<string, unknown>;
  verified_at: string;
  /** False for an instruction kept as given (a vendor the service cannot ask: the Bottomline bureaus). */
  vendor_verified?: boolean;
  /** Optional details the client sent, kept as sent. */
  instruction_reference?: string;
  ledger_code?: string;
  use_for_scheduled_payments?: boolean;
  valid_from?: string;
}

/** The optional fields of the request that are kept on the instruction. */
export const OPTIONAL_INSTRUCTION_FIELDS = [
  'instruction_reference',
  'ledger_code',
  'use_for_scheduled_payments',
  'valid_from',
] as const;

export interface PaymentInstructionResult {
  service_account_number: string;
  reference: string;
}

export function paymentInstructionResult(record: PaymentInstructionRecord): PaymentInstructionResult {
  return { service_account_number: record.account_number, reference: record.reference };
}
