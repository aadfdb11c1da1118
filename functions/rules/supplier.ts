import type { SetSupplierSettings } from './supplier-settings.js';

/** Import supplier: groups migrated accounts; its status gates every POST. */

export const SUPPLIER_STATUSES = ['Ongoing', 'Paused', 'Complete'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

export const DEFAULT_EXPIRY_WINDOW_DAYS = 30;

export interface ImportSupplier {
  code: string;
  status: SupplierStatus;
  /** Root location inside the documents bucket that document paths resolve against. */
  root_location: string;
  /** Days a staged, unprocessed import process is kept before it is cancelled. */
  expiry_window_days: number;
  /** The import settings the operator set (functions/rules/supplier-settings.ts); the rest have their defaults. */
  settings?: SetSupplierSettings;
}

/**
 * Only an `Ongoing` supplier takes account imports: v1 POSTs naming a `Paused` or `Complete` one
 * answer 409 `import_supplier_migration_not_ongoing`, and a v2 task does not run for one.
 */
export function acceptsMigrations(status: SupplierStatus): status is 'Ongoing' {
  return status === 'Ongoing';
}

/**
 * `Paused` refuses imports for now but expects more accounts later, so work already accepted
 * (a scheduled v2 task) waits for it within its window; `Complete` refuses them for good.
 */
export function mayResumeMigrations(status: SupplierStatus): status is 'Paused' {
  return status === 'Paused';
}

export function isSupplierStatus(value: string): value is SupplierStatus {
  return (SUPPLIER_STATUSES as readonly string[]).includes(value);
}

/** Supplier codes: what an operator may create (kept URL- and key-safe). */
export const SUPPLIER_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
