import { accountWarnings, type DeprecationWarning } from '../../account-validation/account-warnings.js';
import { type FieldError, ValidationError } from '../../errors.js';
import { accountRuleErrors } from '../energy-account/account-rule-errors.js';
import type { ReferenceDataWarning } from '../energy-account/reference-rule.js';
import { isAfterToday, isBeforeToday, isoDate } from '../values/dates.js';
import { type Account, type AccountPayload, withoutNulls } from './account.js';
import { creationLimitErrors } from './creation-limits.js';
import { embeddedItemErrors } from './embedded-item-rules.js';
import { MAX_METER_POINTS_PER_ACCOUNT } from './meter-point-identifier.js';

/** Top-level code and detail of every 400 about an account payload. */
export const ACCOUNT_FAILED_VALIDATION = 'account_failed_validation';
export const ACCOUNT_FAILED_VALIDATION_DETAIL = 'The account data could not be validated.';

/**
 * Most customers an account may carry: `account.created` names every customer's e-mail, and one
 * event must fit in one PutEvents entry (256 KB) with each e-mail at its longest (254 characters).
 */
export const MAX_CUSTOMERS = 1000;

export interface AccountCheck {
  errors: FieldError[];
  /** The normalised account; meaningful only when `errors` is empty. */
  account: Account;
  /** Deprecated fields the payload carries (accepted; the answer names them). */
  warnings: DeprecationWarning[];
}

/**
 * The service's own rule on the account's billing date: the open statement period starts the
 * day after `last_billed_to_date`, so that date must be before today (billed to today, the
 * period would start tomorrow and nothing dated today could be posted into it).
 */
function lastBilledErrors(account: Account, now: Date): FieldError[] {
  const lastBilled = account.last_billed_to_date;
  if (lastBilled === undefined) return [];
  if (isAfterToday(lastBilled, now)) {
    return [
      {
        attr: 'last_billed_to_date',
        code: 'date_in_future',
        detail: 'The last billed date may not be in the future.',
      },
    ];
  }
  if (!isBeforeToday(lastBilled, now)) {
    return [
      {
        attr: 'last_billed_to_date',
        code: 'date_not_before_today',
        detail:
          'The last billed date must be before today: the first statement period starts the day after it.',
      },
    ];
  }
  return [];
}

function meterPointCountErrors(account: Account): FieldError[] {
  const count = (account.supply_addresses ?? []).reduce(
    (sum, address) => sum + address.meter_points.length,
    0,
  );
  return count > MAX_METER_POINTS_PER_ACCOUNT
    ? [
        {
          attr: 'supply_addresses',
          code: 'too_many_items',
          detail: `An account may have at most ${MAX_METER_POINTS_PER_ACCOUNT} meter points in all (it has ${count}).`,
        },
      ]
    : [];
}

function customerCountErrors(account: Account): FieldError[] {
  return (account.customers ?? []).length > MAX_CUSTOMERS
    ? [
        {
          attr: 'customers',
          code: 'too_many_items',
          detail: `At most ${MAX_CUSTOMERS} customers: account.created names each one's e-mail in one event.`,
        },
      ]
    : [];
}

/**
 * Every rule the account payload decides, on a payload that passed the whole-account schema:
 * the published rules (functions/rules/energy-account/), the post-import rules of the items it
 * embeds (./embedded-item-rules.ts) and the open statement period's start. Pure: `now` is given.
 */
export function checkAccount(payload: AccountPayload, now: Date): AccountCheck {
  const account = withoutNulls(payload) as Account;
  const errors = [
    ...accountRuleErrors(account, isoDate(now)),
    ...embeddedItemErrors(account),
    ...lastBilledErrors(account, now),
    ...customerCountErrors(account),
    ...meterPointCountErrors(account),
    ...creationLimitErrors(account),
  ];
  return { errors, account, warnings: accountWarnings(payload) };
}

/** The normalised account and its warnings, or a 400 `account_failed_validation` with every error. */
export function requireValidAccount(payload: AccountPayload, now: Date): Omit<AccountCheck, 'errors'> {
  const { errors, account, warnings } = checkAccount(payload, now);
  if (errors.length > 0) {
    throw new ValidationError(errors, ACCOUNT_FAILED_VALIDATION, ACCOUNT_FAILED_VALIDATION_DETAIL);
  }
  return { account, warnings };
}

/**
 * A warning in an answer about a whole account: a deprecated field it carries, or a kind of
 * reference data its rules needed that is not loaded.
 */
export type AccountWarning = DeprecationWarning | ReferenceDataWarning;

/** `warnings` for an answer body: present only when there are some. */
export function warningsField<W extends AccountWarning>(warnings: readonly W[]): { warnings?: W[] } {
  return warnings.length > 0 ? { warnings: [...warnings] } : {};
}
