import type { Account } from '../../../functions/rules/account/account.js';

/** A minimal normalised account, for writing through the stores directly. */
export function stagedAccount(supplier: string, external: string, overrides: Partial<Account> = {}): Account {
  return {
    import_supplier: supplier,
    external_account_number: external,
    account_type: 'DOMESTIC',
    customers: [{ given_name: 'Grace', family_name: 'Hopper', email: 'grace@example.com' }],
    billing_address: { address1: '1 Navy Way', postcode: 'SW1A 1AA', country: 'GB' },
    ...overrides,
  };
}
