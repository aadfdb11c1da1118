import type { Account } from '../../../functions/rules/account/account.js';
import { encodeAccountBody } from '../../../functions/store/account-body-store.js';

/** A minimal normalised account, for writing through the stores directly. */
export function stagedAccount(supplier: string, external: string, overrides: Partial<Account> = {}): Account {
  return {
    import_supplier: supplier,
    external_account_number: external,
    account_type: 'DOMESTIC',
    customers: [
      { given_name: 'Grace', family_name: 'Hopper', email: 'grace@example.com', account_roles: ['ADMIN'] },
    ],
    billing_address: {
      country: 'GB',
      street_address: '1 Navy Way',
      locality: 'London',
      postal_code: 'SW1A 1AA',
    },
    last_billed_to_date: '2024-01-31',
    ...overrides,
  };
}

/** The account and its body as a staging write takes them (a small account's body is inline: no parts to write). */
export function stagedWith(account: Account): {
  account: Account;
  body: ReturnType<typeof encodeAccountBody>['attributes'];
} {
  return { account, body: encodeAccountBody(account).attributes };
}
