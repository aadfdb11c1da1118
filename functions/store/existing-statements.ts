import type { ImportedAccount } from '../rules/import-process.js';
import type { StatementToStore } from '../rules/statements/statement.js';
import { judgeAgainstStored } from '../rules/statements/statement-identity.js';
import { batchGetItems, itemKey } from './batch-get.js';
import { keys } from './keys.js';

/**
 * Read only (dry runs): the same check `storeNewStatements` makes before it writes. Throws the
 * same 409 when the account holds a statement with one of these ids and different content;
 * returns the ids it already holds with the same content (they would not be written again).
 */
export async function checkAgainstStoredStatements(
  account: ImportedAccount,
  statements: readonly StatementToStore[],
): Promise<Set<string>> {
  const keyOf = (statement: StatementToStore) =>
    keys.historicalStatement(account.service_account_number, statement.statement_id);
  const found = await batchGetItems(statements.map(keyOf), ['pk', 'sk', 'content_hash']);
  const same = new Set<string>();
  for (const statement of statements) {
    const stored = found.get(itemKey(keyOf(statement)));
    if (judgeAgainstStored(statement, stored) === 'already-stored') same.add(statement.statement_id);
  }
  return same;
}
