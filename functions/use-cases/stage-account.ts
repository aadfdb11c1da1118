import { RetryableError } from '../errors.js';
import type { Account } from '../rules/account/account.js';
import { stagingTarget } from '../rules/account/import-process-rules.js';
import { storeAccountBody } from '../store/account-body-store.js';
import { type StoredImportProcess, stagingItems, stagingRefusedBy } from '../store/import-process-store.js';
import { transactWriteWithRetry } from '../store/transact-write-retry.js';

/**
 * Stages (creates or replaces) the import process of a validated account. `created` for a
 * first staging (also after an expired, cancelled one), `replaced` when staged data is
 * replaced; 409 when the account is imported or being created. Concurrent first stagings:
 * one creates, the others replace.
 */
export async function stageAccount(
  supplier: string,
  account: Account,
  now: Date,
): Promise<'created' | 'replaced'> {
  // The body's parts (when it has any) before the transaction that refers to them.
  const body = await storeAccountBody(account);
  let existing: StoredImportProcess | undefined;
  let target: 'create' | 'replace' = 'create';
  await transactWriteWithRetry(
    {
      items: () =>
        stagingItems({
          supplier,
          externalAccountNumber: account.external_account_number,
          account,
          body,
          now,
          target,
          ...(existing ? { existing } : {}),
        }),
      // Someone staged (or imported) it first: decide again from what is stored now.
      resolve: (reasons) => {
        existing = stagingRefusedBy(reasons);
        target = stagingTarget(existing, now);
        return 'retry-now';
      },
      outcome: () => (target === 'create' ? 'created' : 'replaced'),
    },
    { exhausted: stagingConflict },
  );
  return target === 'create' ? 'created' : 'replaced';
}

function stagingConflict(): RetryableError {
  return new RetryableError(
    'staging_conflict',
    'The account is being staged by concurrent requests; retry the request as it is.',
    503,
  );
}
