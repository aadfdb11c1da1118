import { accountRuleErrors } from '../../../functions/rules/energy-account/account-rule-errors.js';

/** The date the rules' tests judge against: after every date of the fixture. */
export const TODAY = '2024-06-01';

/** The fixture as a plain JSON tree, to change for one case. */
// biome-ignore lint/suspicious/noExplicitAny: a case reaches into the payload at any depth
export type Json = Record<string, any>;

export const ELECTRICITY = 'supply_addresses.0.meter_points.0';
export const GAS = 'supply_addresses.0.meter_points.1';

/**
 * One breach of one rule: `change` breaks the rule on the dual-fuel fixture (which passes every
 * rule), and the account then answers exactly `answers` (attr, code), in the rules' order.
 */
export interface RuleCase {
  /** The rule's key in schemas/account/rule-classes.ts. */
  rule: string;
  when: string;
  change: (account: Json) => void;
  answers: readonly (readonly [attr: string, code: string])[];
}

/** The account's rule errors as [attr, code] pairs. */
export const judged = (account: Json, today = TODAY) =>
  accountRuleErrors(account, today).map(({ attr, code }) => [attr, code] as const);
