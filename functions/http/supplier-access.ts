import { NotFoundError, PermissionDeniedError, SupplierNotOngoingError, ValidationError } from '../errors.js';
import { acceptsMigrations, type ImportSupplier, SUPPLIER_CODE_PATTERN } from '../rules/supplier.js';
import { getSupplier } from '../store/supplier-store.js';
import type { AuthContext } from './auth-context.js';

/**
 * How a handler finds its import supplier and what an unknown one gives:
 * - `validation_error`: 400 `import_supplier_does_not_exist` on `import_supplier` (account POSTs);
 * - `account_not_found`: 404 `account_not_found` (post-import POSTs, endpoint 5);
 * - `supplier_not_found`: 404 `import_supplier_not_found` (lists).
 */
export interface SupplierRule {
  /** `payload`: the v2 account routes, whose body carries the account under `payload`. */
  from: 'body' | 'path' | 'payload';
  whenUnknown: 'validation_error' | 'account_not_found' | 'supplier_not_found';
  /** POSTs refuse a Paused or Complete supplier with 409. */
  requireOngoing: boolean;
  /** Top-level code of the `validation_error` 400 (default `invalid_request`). */
  summaryCode?: string;
}

/** Scope is enforced here and only here: a handler never sees a supplier outside the token's scope. */
export async function authorizeSupplier(
  rule: SupplierRule,
  request: { auth: AuthContext; body: unknown; path: Readonly<Record<string, string>> },
): Promise<ImportSupplier> {
  const holder = rule.from === 'payload' ? (request.body as { payload?: unknown }).payload : request.body;
  const code =
    rule.from === 'path'
      ? (request.path.import_supplier ?? '')
      : String((holder as { import_supplier?: unknown } | undefined)?.import_supplier ?? '');
  // A code no operator could have created names no supplier: no lookup (an over-long code
  // would exceed DynamoDB's key size and fail the read with a 500).
  const supplier = SUPPLIER_CODE_PATTERN.test(code) ? await getSupplier(code) : undefined;
  if (supplier && !request.auth.suppliers.includes(supplier.code)) throw new PermissionDeniedError();
  if (!supplier) throw unknownSupplier(rule);
  if (rule.requireOngoing && !acceptsMigrations(supplier.status))
    throw new SupplierNotOngoingError(supplier.status);
  return supplier;
}

function unknownSupplier(rule: SupplierRule): Error {
  switch (rule.whenUnknown) {
    case 'validation_error':
      return new ValidationError(
        [
          {
            attr: rule.from === 'payload' ? 'payload.import_supplier' : 'import_supplier',
            code: 'import_supplier_does_not_exist',
            detail: 'No import supplier has this code.',
          },
        ],
        rule.summaryCode ?? 'invalid_request',
        'The request could not be validated.',
      );
    case 'account_not_found':
      return new NotFoundError(
        'account_not_found',
        'No imported account matches this import supplier and external account number.',
      );
    case 'supplier_not_found':
      return new NotFoundError('import_supplier_not_found', 'No import supplier has this code.');
  }
}
