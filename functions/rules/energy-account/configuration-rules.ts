import type { FieldError } from '../../errors.js';
import type { ReferenceData } from '../reference-data/reference-kinds.js';
import type { SupplierSettings } from '../supplier-settings.js';
import { businessSettingsRules } from './business-settings-rules.js';
import { configuredChoiceRules } from './configured-choice-rules.js';
import { detailRules } from './detail-rules.js';
import type { Item } from './payload-rule.js';
import { paymentSettingsRules } from './payment-settings-rules.js';
import { productRules } from './product-rules.js';
import { psrRules } from './psr-rules.js';
import { consentTypeRule, referenceDataRules } from './reference-data-rules.js';
import { type ReferenceDataWarning, type ReferenceRule, referenceRuleOutcome } from './reference-rule.js';
import { type SettingsRule, supplierSettingsRules } from './supplier-settings-rules.js';

/**
 * The rules of the account payload that need the platform's configuration: reference data
 * (by the file each lives in; docs/api/account-rules.md names it) and the supplier's settings.
 */
export const referenceRuleFiles: readonly { file: string; rules: readonly ReferenceRule[] }[] = [
  { file: 'reference-data-rules.ts', rules: referenceDataRules },
  { file: 'product-rules.ts', rules: productRules },
  { file: 'psr-rules.ts', rules: psrRules },
  { file: 'detail-rules.ts', rules: detailRules },
  { file: 'configured-choice-rules.ts', rules: configuredChoiceRules },
];

/** The supplier-settings rules, by the file each lives in. */
export const settingsRuleFiles: readonly { file: string; rules: readonly SettingsRule[] }[] = [
  { file: 'supplier-settings-rules.ts', rules: supplierSettingsRules },
  { file: 'payment-settings-rules.ts', rules: paymentSettingsRules },
  { file: 'business-settings-rules.ts', rules: businessSettingsRules },
];
const allSettingsRules = settingsRuleFiles.flatMap(({ rules }) => rules);

/** Every reference-data rule, the service's own consent-type rule included. */
export const allReferenceRules: readonly ReferenceRule[] = [
  ...referenceRuleFiles.flatMap(({ rules }) => rules),
  consentTypeRule,
];

/**
 * The errors of the reference-data and supplier-settings rules, and a `reference_data_not_loaded`
 * warning per kind a skipped rule needed. Pure: data, settings and `today` (`YYYY-MM-DD`) are given.
 */
export function configurationRuleOutcome(
  account: Item,
  data: ReferenceData,
  settings: SupplierSettings,
  today: string,
): { errors: FieldError[]; warnings: ReferenceDataWarning[] } {
  const { errors, warnings } = referenceRuleOutcome(allReferenceRules, account, data, today);
  const settingsErrors = allSettingsRules.flatMap((rule) => rule.check(account, settings));
  return { errors: [...errors, ...settingsErrors], warnings };
}
