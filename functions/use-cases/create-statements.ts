import { resolveDocuments } from '../adapters/documents/document-check.js';
import { documentUri } from '../adapters/documents/document-path.js';
import { DOCUMENTS_BUCKET } from '../adapters/documents/s3.js';
import { type FieldError, ValidationError } from '../errors.js';
import type { ImportedAccount } from '../rules/import-process.js';
import { postImportCompleted } from '../rules/post-import/post-import-events.js';
import {
  type StatementPayload,
  type StatementToStore,
  statementContentHash,
  statementRuleErrors,
} from '../rules/statements/statement.js';
import type { ImportSupplier } from '../rules/supplier.js';
import { checkAgainstStoredStatements } from '../store/existing-statements.js';
import { storeNewStatements } from '../store/statement-store.js';
import type { DryRunOption } from './dry-run.js';

/**
 * Endpoint 3: records historical statements of an imported account, unique per
 * `statement_id`: a repeat with the same content is accepted and not stored twice; with
 * different content the request is a 409 `historical_statement_already_exists` and nothing of
 * it is written. Each statement created emits `post_import.completed`. A dry run makes the same
 * checks (documents, stored statements) and writes nothing.
 */
export async function createHistoricalStatements(
  supplier: ImportSupplier,
  account: ImportedAccount,
  statements: readonly StatementPayload[],
  { dryRun = false }: DryRunOption = {},
): Promise<void> {
  const errors: FieldError[] = statements.flatMap(statementRuleErrors);
  if (errors.length > 0) throw new ValidationError(errors);

  const candidates = await statementsToStore(supplier, statements);

  if (dryRun) {
    await checkAgainstStoredStatements(account, candidates);
    return;
  }
  await storeNewStatements(account, candidates, (created) =>
    created.map((statement) => postImportCompleted(account, 'HISTORICAL_STATEMENT', statement.statement_id)),
  );
}

/**
 * The statements as they would be stored, their paths resolved against the supplier's file
 * store (400 for a path with no document), one per `statement_id` (a repeat with the same
 * content is one statement; with other content, 400 `duplicate_statement_ids`). Errors are at
 * `statements.<n>…`, which is also their path inside an account that carries them.
 */
export async function statementsToStore(
  supplier: ImportSupplier,
  statements: readonly StatementPayload[],
): Promise<StatementToStore[]> {
  const withPath = statements
    .map((statement, index) => ({ statement, index }))
    .filter(({ statement }) => statement.statement_path !== undefined);
  const resolved = await resolveDocuments(
    supplier.root_location,
    withPath.map(({ statement, index }) => ({
      attr: `statements.${index}.statement_path`,
      path: statement.statement_path!,
    })),
  );
  const keyOf = new Map(withPath.map(({ index }, position) => [index, resolved[position]!]));

  const byId = new Map<string, StatementToStore>();
  const conflicts: FieldError[] = [];
  statements.forEach((statement, index) => {
    const key = keyOf.get(index);
    const candidate: StatementToStore = {
      ...statement,
      index,
      ...(key !== undefined ? { statement_uri: documentUri(DOCUMENTS_BUCKET, key) } : {}),
      content_hash: statementContentHash(statement, key),
    };
    const earlier = byId.get(statement.statement_id);
    if (!earlier) byId.set(statement.statement_id, candidate);
    else if (earlier.content_hash !== candidate.content_hash) {
      conflicts.push({
        attr: `statements.${index}.statement_id`,
        code: 'duplicate_statement_ids',
        detail: 'This statement_id appears earlier in the request with different content.',
      });
    }
  });
  if (conflicts.length > 0) throw new ValidationError(conflicts);
  return [...byId.values()];
}
