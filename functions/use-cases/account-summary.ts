import type { ImportedAccount } from '../rules/import-process.js';
import { type AccountSummary, accountSummary } from '../rules/summary/account-summary.js';
import { readAccountAggregates } from '../store/account-summary-store.js';

/**
 * The reconciliation summary of an imported account (found by the handler: one read of its
 * import process): one Query of the account's summary aggregates, whatever the number of
 * items the account has.
 */
export async function getAccountSummary(account: ImportedAccount): Promise<AccountSummary> {
  return accountSummary(account, await readAccountAggregates(account.service_account_number));
}
