import {
  type ImportedAccount,
  isPossibleExternalAccountNumber,
  requireImported,
} from '../rules/import-process.js';
import { getImportProcess } from '../store/import-process-store.js';

/**
 * Where a post-import handler's account is named: `external_account_number` of the body
 * (the post-import POSTs) or of the path (the account GETs and the registration flows).
 */
export interface ImportedAccountRule {
  from: 'body' | 'path';
}

/**
 * The imported account a request names, in the supplier already authorized: 404
 * `account_not_found` when it is not imported (never staged, only staged, expired) or when
 * the number could name no account (no lookup then).
 */
export async function findImportedAccount(
  rule: ImportedAccountRule,
  request: { supplier: string; body: unknown; path: Readonly<Record<string, string>> },
): Promise<ImportedAccount> {
  const external =
    rule.from === 'path'
      ? (request.path.external_account_number ?? '')
      : String((request.body as { external_account_number?: unknown }).external_account_number ?? '');
  const process = isPossibleExternalAccountNumber(external)
    ? await getImportProcess(request.supplier, external)
    : undefined;
  return requireImported(process);
}
