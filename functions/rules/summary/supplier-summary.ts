import type { ImportSupplier, SupplierStatus } from '../supplier.js';

export interface SupplierSummary {
  code: string;
  status: SupplierStatus;
  root_location: string;
  accounts: { pending: number; imported: number; scheduled: number };
}

/** The supplier summary: its status, its documents' root and its accounts' counts. */
export function supplierSummary(
  supplier: ImportSupplier,
  counts: { pending: number; imported: number; scheduled: number },
): SupplierSummary {
  return {
    code: supplier.code,
    status: supplier.status,
    root_location: supplier.root_location,
    accounts: { pending: counts.pending, imported: counts.imported, scheduled: counts.scheduled },
  };
}
