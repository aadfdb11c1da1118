import { resolveDocumentKey } from '../../../functions/adapters/documents/document-path.js';
import { domesticDualFuelAccount } from '../../account-schema/energy-account-fixture.js';
import { type DocumentStore, putDocument } from '../../post-import/support/documents.js';
import type { Json } from './amounts.js';
import { realisticAccounts } from './index.js';

/** The root locations of the local seed's suppliers (infra/local/seed.json). */
const SEED_ROOTS = ['migrations/acme', 'migrations/globex', 'migrations/paused-co', 'migrations/done-co'];

/** The document paths an account's statements and notes name. */
export function documentPathsOf(account: Json): string[] {
  const statements = (account.statements ?? []) as { statement_path?: string }[];
  const notes = (account.notes ?? []) as { document_paths?: { document_path: string }[] }[];
  return [
    ...statements.flatMap((statement) => (statement.statement_path ? [statement.statement_path] : [])),
    ...notes.flatMap((note) => (note.document_paths ?? []).map((entry) => entry.document_path)),
  ];
}

/**
 * Places every document the test accounts name (the realistic accounts and the fixture of
 * `accountPayload`) in the local file store under `roots`, as the migration team places them
 * before it creates the accounts: creation checks each one.
 */
export async function putAccountDocuments(
  roots: readonly string[] = SEED_ROOTS,
  store?: DocumentStore,
): Promise<void> {
  const accounts = [...realisticAccounts().map(({ account }) => account), domesticDualFuelAccount() as Json];
  const paths = new Set(accounts.flatMap((account) => documentPathsOf(account)));
  for (const root of roots) {
    for (const path of paths) {
      const resolved = resolveDocumentKey(root, path);
      if (!resolved.ok) throw new Error(`A test account names a bad document path: ${path}`);
      await putDocument(resolved.key, store);
    }
  }
}
