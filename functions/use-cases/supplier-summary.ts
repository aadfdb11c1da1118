import { type SupplierSummary, supplierSummary } from '../rules/summary/supplier-summary.js';
import type { ImportSupplier } from '../rules/supplier.js';
import { readSupplierCounts } from '../store/supplier-counter-store.js';

/** The supplier summary: the supplier as read, and its counters added up with one Query. */
export async function getSupplierSummary(supplier: ImportSupplier): Promise<SupplierSummary> {
  return supplierSummary(supplier, await readSupplierCounts(supplier.code));
}
