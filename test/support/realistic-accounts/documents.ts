import { resolveDocumentKey } from '../../../functions/adapters/documents/document-path.js';
import { putDocument } from '../../post-import/support/documents.js';
import type { Json } from './amounts.js';
import { realisticAccounts } from './index.js';

/** The root location of the realistic accounts' supplier (`ACME`) in the local seed. */
const ACME_ROOT = 'migrations/acme';

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
 * Places every document the realistic accounts name in the local file store under ACME's root,
 * as the migration team places them before it creates the accounts (creation checks each one).
 */
export async function putRealisticDocuments(root = ACME_ROOT): Promise<void> {
  const paths = new Set(realisticAccounts().flatMap(({ account }) => documentPathsOf(account)));
  for (const path of paths) {
    const resolved = resolveDocumentKey(root, path);
    if (!resolved.ok) throw new Error(`A realistic account names a bad document path: ${path}`);
    await putDocument(resolved.key);
  }
}
