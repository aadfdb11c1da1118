import type { ImportSupplier } from '../../rules/supplier.js';
import { getSupplier } from '../../store/supplier-store.js';

/** The supplier of a staged account (its root location, its settings): it exists, staging checked it. */
export async function requireSupplier(code: string): Promise<ImportSupplier> {
  const supplier = await getSupplier(code);
  if (!supplier) throw new Error(`The import supplier ${code} is not registered`);
  return supplier;
}
