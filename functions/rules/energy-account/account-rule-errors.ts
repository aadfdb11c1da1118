import type { FieldError } from '../../errors.js';
import { accountKindRules } from './account-kind-rules.js';
import { addressRules } from './address-rules.js';
import { agreementRules } from './agreement-rules.js';
import { businessRules } from './business-rules.js';
import { consumptionRules } from './consumption-rules.js';
import { contactRules } from './contact-rules.js';
import { customerRules } from './customer-rules.js';
import { meterExchangeRules } from './meter-exchange-rules.js';
import { meterPointRules } from './meter-point-rules.js';
import { meterRulesAll } from './meter-rules.js';
import { noteStatementRules } from './note-statement-rules.js';
import type { Item, PayloadRule } from './payload-rule.js';
import { paymentRules } from './payment-rules.js';
import { paymentScheduleRules } from './payment-schedule-rules.js';
import { periodRules } from './period-rules.js';
import { readingRules } from './reading-rules.js';
import { statementTransactionRules } from './statement-transaction-rules.js';
import { supplyChargeRules } from './supply-charge-rules.js';

/**
 * Every rule the account payload alone decides, by the file it lives in (relative to this
 * folder; docs/api/account-rules.md is generated from this list and schemas/account/rule-classes.ts).
 */
export const payloadRuleFiles: readonly { file: string; rules: readonly PayloadRule[] }[] = [
  { file: 'account-kind-rules.ts', rules: accountKindRules },
  { file: 'address-rules.ts', rules: addressRules },
  { file: 'contact-rules.ts', rules: contactRules },
  { file: 'customer-rules.ts', rules: customerRules },
  { file: 'statement-transaction-rules.ts', rules: statementTransactionRules },
  { file: 'supply-charge-rules.ts', rules: supplyChargeRules },
  { file: 'note-statement-rules.ts', rules: noteStatementRules },
  { file: 'meter-point-rules.ts', rules: meterPointRules },
  { file: 'agreement-rules.ts', rules: agreementRules },
  { file: 'meter-rules.ts', rules: meterRulesAll },
  { file: 'reading-rules.ts', rules: readingRules },
  { file: 'meter-exchange-rules.ts', rules: meterExchangeRules },
  { file: 'consumption-rules.ts', rules: consumptionRules },
  { file: 'period-rules.ts', rules: periodRules },
  { file: 'payment-schedule-rules.ts', rules: paymentScheduleRules },
  { file: 'payment-rules.ts', rules: paymentRules },
  { file: 'business-rules.ts', rules: businessRules },
];

const allRules = payloadRuleFiles.flatMap(({ rules }) => rules);

/**
 * The field errors of every payload-only rule on an account that passed the schema
 * (functions/account-validation/), each with its published code at the offending field's path.
 * `today` is the date (`YYYY-MM-DD`, UTC) the dates are judged against. Pure.
 */
export function accountRuleErrors(account: Item, today: string): FieldError[] {
  return allRules.flatMap((rule) => rule.check(account, today));
}
