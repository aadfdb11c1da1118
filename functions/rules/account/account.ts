import type { Payload } from '../../../schemas/api/account.schema.js';

/** The account payload as it passed the schema (schemas/api/account.schema.ts). */
export type AccountPayload = Payload;

/**
 * The validated, normalised account: what `validate-account/` returns and what staging
 * stores. Differences from the payload: `billing_address.country` is always present (upper
 * case, default GB), postcodes and phone numbers are in canonical form, `transfer_balance`
 * is a string with exactly two decimal places.
 */
export type Account = Omit<AccountPayload, 'billing_address' | 'transfer_balance'> & {
  billing_address: AccountPayload['billing_address'] & { country: string };
  transfer_balance?: string;
};

/** The customers' e-mails in payload order, customers without one skipped (account.created). */
export function accountUserEmails(account: Pick<Account, 'customers'>): string[] {
  return account.customers.flatMap((customer) => (customer.email ? [customer.email] : []));
}
