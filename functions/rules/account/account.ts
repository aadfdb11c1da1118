import type { EnergyAccountPayload } from '../../account-validation/energy-account-payload.js';

/** The account payload as it passed the whole-account schema (`EnergyAccount`). */
export type AccountPayload = EnergyAccountPayload;

/** A meter point as the service reads it (the rest of the published meter point rides along). */
export interface AccountMeterPoint {
  supply_type: 'ELECTRICITY' | 'GAS';
  identifier: string;
  agreements?: { effective_from: string; [field: string]: unknown }[];
  [field: string]: unknown;
}

/**
 * The validated, normalised account: what `validate-account/` returns and what staging stores.
 * Normalised: a `null` field is dropped (null means absent). The fields the service itself reads
 * are typed; the rest of the published account is kept as sent.
 */
export interface Account extends EnergyAccountPayload {
  account_type?: string;
  last_billed_to_date?: string;
  customers?: { email?: string; [field: string]: unknown }[];
  supply_addresses?: { meter_points: AccountMeterPoint[]; [field: string]: unknown }[];
  statements?: {
    statement_id: string;
    bill_period_from_date: string;
    bill_period_to_date: string;
    [field: string]: unknown;
  }[];
  current_statement_transactions?: AccountTransaction[];
  historical_statement_transactions?: AccountTransaction[];
  notes?: { [field: string]: unknown }[];
  payment_instructions?: { vendor: string; reference: string; type: string; [field: string]: unknown }[];
}

/** A transaction the account carries (either list). */
export interface AccountTransaction {
  type: string;
  transaction_id: string;
  transaction_date: string;
  amount: string | number;
  [field: string]: unknown;
}

/** The customers' e-mails in payload order, customers without one skipped (account.created). */
export function accountUserEmails(account: Pick<Account, 'customers'>): string[] {
  return (account.customers ?? []).flatMap((customer) => (customer.email ? [customer.email] : []));
}

/** A copy of a JSON value with every object field that holds `null` left out (null means absent). */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [field, child] of Object.entries(value)) if (child !== null) copy[field] = withoutNulls(child);
  return copy as T;
}
