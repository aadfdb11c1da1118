/** A payment instruction verified with its vendor, as stored. */
export interface PaymentInstructionRecord {
  account_number: string;
  vendor: string;
  reference: string;
  type: string;
  /** What the vendor told us (no secrets). */
  details: Record<string, unknown>;
  verified_at: string;
}

export interface PaymentInstructionResult {
  service_account_number: string;
  reference: string;
}

export function paymentInstructionResult(record: PaymentInstructionRecord): PaymentInstructionResult {
  return { service_account_number: record.account_number, reference: record.reference };
}
