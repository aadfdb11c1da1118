import type { FieldError } from '../../errors.js';
import { type Item, list, text } from '../energy-account/payload-rule.js';
import { checkDecimal } from '../values/decimal.js';

/**
 * The post-import endpoints' own rules (notes/, transactions/, historical-statements/,
 * payment-instruction/) that the payload alone decides, applied to the items an account
 * carries, at their paths inside the account. The published rules of the same items live in
 * functions/rules/energy-account/; what needs the service's data (a document's existence, the
 * payment vendor, the open statement period) is judged when the items are created. Pure.
 */

/** The two lists of transactions an account carries (a repeated `transaction_id` is a published rule's). */
const TRANSACTION_LISTS = ['current_statement_transactions', 'historical_statement_transactions'] as const;

/** Amounts in minor units: at most two decimal places, as transactions/create/ takes them. */
const AMOUNT_PLACES = 2;

/** A payment instruction's reference appears in URLs: no blanks, slashes, `?`, `#` or `%`. */
const INSTRUCTION_REFERENCE = /^[^\s/\\?#%]+$/;

function transactionAmounts(account: Item): FieldError[] {
  return TRANSACTION_LISTS.flatMap((field) =>
    list(account, field).flatMap((transaction, index) => {
      const amount = text(transaction, 'amount');
      if (amount === undefined) return [];
      const checked = checkDecimal(amount, AMOUNT_PLACES);
      return checked.ok
        ? []
        : [{ attr: `${field}.${index}.amount`, code: checked.code, detail: checked.detail }];
    }),
  );
}

/** A statement_id repeated with other content (the same statement twice is one statement). */
function conflictingStatementIds(account: Item): FieldError[] {
  const byId = new Map<string, string>();
  const errors: FieldError[] = [];
  list(account, 'statements').forEach((statement, index) => {
    const id = text(statement, 'statement_id');
    if (id === undefined) return;
    const content = JSON.stringify(statement);
    const earlier = byId.get(id);
    if (earlier === undefined) byId.set(id, content);
    else if (earlier !== content) {
      errors.push({
        attr: `statements.${index}.statement_id`,
        code: 'duplicate_statement_ids',
        detail: 'This statement_id appears earlier in the account with different content.',
      });
    }
  });
  return errors;
}

function statementPeriods(account: Item): FieldError[] {
  return list(account, 'statements').flatMap((statement, index) => {
    const from = text(statement, 'bill_period_from_date');
    const to = text(statement, 'bill_period_to_date');
    return from !== undefined && to !== undefined && from > to
      ? [
          {
            attr: `statements.${index}.bill_period_to_date`,
            code: 'invalid_bill_period',
            detail: '`bill_period_to_date` must not be before `bill_period_from_date`.',
          },
        ]
      : [];
  });
}

function unpinnedNotes(account: Item): FieldError[] {
  return list(account, 'notes').flatMap((note, index) =>
    note.unpin_at !== undefined && note.unpin_at !== null && note.is_pinned !== true
      ? [
          {
            attr: `notes.${index}.unpin_at`,
            code: 'unpin_at_requires_is_pinned',
            detail: '`unpin_at` is only allowed with `is_pinned: true`.',
          },
        ]
      : [],
  );
}

function instructionReferences(account: Item): FieldError[] {
  return list(account, 'payment_instructions').flatMap((instruction, index) => {
    const reference = text(instruction, 'reference');
    return reference !== undefined && !INSTRUCTION_REFERENCE.test(reference)
      ? [
          {
            attr: `payment_instructions.${index}.reference`,
            code: 'invalid_format',
            detail: 'A reference has no blanks, slashes, `?`, `#` or `%`.',
          },
        ]
      : [];
  });
}

/** Every post-import rule the account's embedded items break, at their paths. */
export function embeddedItemErrors(account: Item): FieldError[] {
  return [
    ...unpinnedNotes(account),
    ...conflictingStatementIds(account),
    ...statementPeriods(account),
    ...transactionAmounts(account),
    ...instructionReferences(account),
  ];
}

/** The post-import rules above, by name and code (docs/api/account-rules.md lists them). */
export const EMBEDDED_ITEM_RULES = [
  { rule: 'A note unpins only if pinned', code: 'unpin_at_requires_is_pinned', at: 'notes[].unpin_at' },
  {
    rule: 'A statement_id names one statement',
    code: 'duplicate_statement_ids',
    at: 'statements[].statement_id',
  },
  {
    rule: 'A statement period ends on or after its start',
    code: 'invalid_bill_period',
    at: 'statements[].bill_period_to_date',
  },
  {
    rule: 'A transaction amount has at most two decimal places',
    code: 'too_many_decimal_places',
    at: '*_statement_transactions[].amount',
  },
  {
    rule: 'A payment instruction reference fits in a URL',
    code: 'invalid_format',
    at: 'payment_instructions[].reference',
  },
] as const;
