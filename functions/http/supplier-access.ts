import { NotFoundError, PermissionDeniedError, SupplierNotOngoingError, ValidationError } from '../errors.js';
import { NO_IMPORTED_ACCOUNT_DETAIL } from '../rules/import-process.js';
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
  /**
   * `payload`: the v2 account routes, whose body carries the account under `payload`;
   * `query`: the query parameter `import_supplier`; `resource`: the supplier of the resource the
   * path names (a bulk job).
   */
  from: 'body' | 'path' | 'payload' | 'query' | 'resource';
  whenUnknown: 'validation_error' | 'account_not_found' | 'supplier_not_found';
  /** POSTs refuse a Paused or Complete supplier with 409. */
  requireOngoing: boolean;
  /** Top-level code of the `validation_error` 400 (default `invalid_request`). */
  summaryCode?: string;
}

/** Scope is enforced here and only here: a handler never sees a supplier outside the token's scope. */
export async function authorizeSupplier(
  rule: SupplierRule,
  request: {
    auth: AuthContext;
    body: unknown;
    path: Readonly<Record<string, string>>;
    query?: Readonly<Record<string, string>>;
    resource?: { import_supplier: string };
  },
): Promise<ImportSupplier> {
  const code = supplierCode(rule, request);
  // A code no operator could have created names no supplier: no lookup (an over-long code
  // would exceed DynamoDB's key size and fail the read with a 500).
  const supplier = SUPPLIER_CODE_PATTERN.test(code) ? await getSupplier(code) : undefined;
  if (supplier && !request.auth.suppliers.includes(supplier.code)) throw new PermissionDeniedError();
  if (!supplier) throw unknownSupplier(rule);
  if (rule.requireOngoing && !acceptsMigrations(supplier.status))
    throw new SupplierNotOngoingError(supplier.status);
  return supplier;
}

function supplierCode(rule: SupplierRule, request: Parameters<typeof authorizeSupplier>[1]): string {
  switch (rule.from) {
    case 'path':
      return request.path.import_supplier ?? '';
    case 'query':
      if (request.query?.import_supplier === undefined) {
        throw new ValidationError(
          [
            {
              attr: 'import_supplier',
              code: 'required',
              detail: 'The query parameter import_supplier is required.',
            },
          ],
          'invalid_request',
          'The request could not be validated.',
        );
      }
      return request.query.import_supplier;
    case 'resource':
      return request.resource?.import_supplier ?? '';
    case 'payload':
      return String(
        (request.body as { payload?: { import_supplier?: unknown } }).payload?.import_supplier ?? '',
      );
    case 'body':
      return String((request.body as { import_supplier?: unknown } | undefined)?.import_supplier ?? '');
  }
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
      return new NotFoundError('account_not_found', NO_IMPORTED_ACCOUNT_DETAIL);
    case 'supplier_not_found':
      return new NotFoundError('import_supplier_not_found', 'No import supplier has this code.');
  }
}
