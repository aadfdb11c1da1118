import type { ImportSupplier, SupplierStatus } from '../supplier.js';
import { type SupplierSettings, supplierSettings } from '../supplier-settings.js';

export interface SupplierSummary {
  code: string;
  status: SupplierStatus;
  root_location: string;
  /** Every import setting, the operator's where set, else the default. */
  settings: SupplierSettings;
  accounts: { pending: number; imported: number; scheduled: number };
}

/** The supplier summary: its status, its documents' root, its import settings and its accounts' counts. */
export function supplierSummary(
  supplier: ImportSupplier,
  counts: { pending: number; imported: number; scheduled: number },
): SupplierSummary {
  return {
    code: supplier.code,
    status: supplier.status,
    root_location: supplier.root_location,
    settings: supplierSettings(supplier.settings),
    accounts: { pending: counts.pending, imported: counts.imported, scheduled: counts.scheduled },
  };
}
