import { RetryableError } from '../errors.js';
import type { Account } from '../rules/account/account.js';
import { stagingTarget } from '../rules/account/import-process-rules.js';
import { type StoredImportProcess, writeStaging } from '../store/import-process-store.js';
import { backoff, isConflictOnly } from '../store/transact-write.js';

const MAX_ATTEMPTS = 8;

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
  let existing: StoredImportProcess | undefined;
  let target: 'create' | 'replace' = 'create';
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const result = await writeStaging({
      supplier,
      externalAccountNumber: account.external_account_number,
      account,
      now,
      target,
      ...(existing ? { existing } : {}),
    });
    if (result.ok) return target === 'create' ? 'created' : 'replaced';
    if (isConflictOnly(result.reasons)) {
      await backoff(attempt);
      continue;
    }
    existing = result.existing;
    target = stagingTarget(existing);
  }
  throw new RetryableError(
    'staging_conflict',
    'The account is being staged by concurrent requests; retry the request as it is.',
    503,
  );
}
