import type { Item } from './payload-rule.js';
import { text } from './payload-rule.js';

/**
 * What kind of account a payload is: its `account_type`, or what the deprecated flags
 * `is_managed` / `is_portfolio_lead` and `unknown_occupier` say when it is absent (domestic by
 * default, as published).
 */
export function accountTypeOf(account: Item): string {
  const given = text(account, 'account_type');
  if (given) return given;
  if (account.is_managed === true) return 'MANAGED';
  if (account.is_portfolio_lead === true) return 'PORTFOLIO_LEAD';
  return 'DOMESTIC';
}

export const isDomestic = (account: Item): boolean => accountTypeOf(account).startsWith('DOMESTIC');

export const isBusiness = (account: Item): boolean => accountTypeOf(account).startsWith('BUSINESS');

export const isPortfolioLead = (account: Item): boolean => accountTypeOf(account) === 'PORTFOLIO_LEAD';

/** An account for whoever lives at the address, name unknown. */
export const isUnknownOccupier = (account: Item): boolean =>
  account.unknown_occupier === true || accountTypeOf(account).endsWith('_OCCUPIER');
