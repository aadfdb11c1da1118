import { isPossibleExternalAccountNumber, requireImported } from '../rules/import-process.js';
import { type AccountSummary, accountSummary } from '../rules/summary/account-summary.js';
import { readAccountAggregates } from '../store/account-summary-store.js';
import { getImportProcess } from '../store/import-process-store.js';

/**
 * The reconciliation summary of an imported account: two reads (the import process, then one
 * Query of the account's summary aggregates), whatever the number of items the account has.
 * An account that is not imported (no live process, or only staged) is a 404 `account_not_found`.
 */
export async function getAccountSummary(
  supplier: string,
  externalAccountNumber: string,
): Promise<AccountSummary> {
  const process = isPossibleExternalAccountNumber(externalAccountNumber)
    ? await getImportProcess(supplier, externalAccountNumber)
    : undefined;
  const account = requireImported(process);
  return accountSummary(account, await readAccountAggregates(account.service_account_number));
}
