import { type FieldError, NotFoundError, ValidationError } from '../errors.js';
import type { Account, AccountPayload } from '../rules/account/account.js';
import {
  ACCOUNT_FAILED_VALIDATION,
  ACCOUNT_FAILED_VALIDATION_DETAIL,
  type AccountWarning,
  checkAccount,
} from '../rules/account/validate-account.js';
import { configurationRuleOutcome } from '../rules/energy-account/configuration-rules.js';
import type { ImportSupplier } from '../rules/supplier.js';
import { supplierSettings } from '../rules/supplier-settings.js';
import { isoDate } from '../rules/values/dates.js';
import { readReferenceData } from '../store/reference-data-store.js';
import { getSupplier } from '../store/supplier-store.js';

export interface SupplierAccountCheck {
  errors: FieldError[];
  /** `deprecated_field` and `reference_data_not_loaded` warnings. */
  warnings: AccountWarning[];
  /** The normalised account; meaningful only when `errors` is empty. */
  account: Account;
}

async function supplierOf(supplier: string | ImportSupplier): Promise<ImportSupplier> {
  if (typeof supplier !== 'string') return supplier;
  const found = await getSupplier(supplier);
  if (!found) throw new NotFoundError('import_supplier_does_not_exist', `No import supplier ${supplier}.`);
  return found;
}

/**
 * checkAccount plus the reference-data and supplier-settings rules, for a supplier: reads
 * reference data (cached at most a minute, functions/store/reference-data-store.ts) and the
 * supplier's settings (the supplier as given, or read by its code). A kind of reference data
 * not loaded skips its rules and adds a `reference_data_not_loaded` warning naming it.
 * `account` is a payload that passed the whole-account schema (or an account it normalised).
 */
export async function checkAccountForSupplier(
  account: unknown | Account,
  supplier: string | ImportSupplier,
  now: Date,
): Promise<SupplierAccountCheck> {
  const checked = checkAccount(account as AccountPayload, now);
  const [data, importSupplier] = await Promise.all([readReferenceData(), supplierOf(supplier)]);
  const outcome = configurationRuleOutcome(
    checked.account,
    data,
    supplierSettings(importSupplier.settings),
    isoDate(now),
  );
  return {
    errors: [...checked.errors, ...outcome.errors],
    account: checked.account,
    warnings: [...checked.warnings, ...outcome.warnings],
  };
}

/** The normalised account and its warnings, or a 400 `account_failed_validation` with every error. */
export async function requireValidAccountForSupplier(
  account: unknown | Account,
  supplier: string | ImportSupplier,
  now: Date,
): Promise<Omit<SupplierAccountCheck, 'errors'>> {
  const { errors, ...valid } = await checkAccountForSupplier(account, supplier, now);
  if (errors.length > 0) {
    throw new ValidationError(errors, ACCOUNT_FAILED_VALIDATION, ACCOUNT_FAILED_VALIDATION_DETAIL);
  }
  return valid;
}
