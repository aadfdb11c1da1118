import { type FieldError, TransactionImportError } from '../../errors.js';
import { pointerToAttr, toFieldErrors } from '../../validation/field-errors.js';
import { validate as validateShape } from '../../validation/generated/transaction.js';
import { numberSourceText } from '../../validation/number-source-text.js';
import { allowedChoices, type ChoiceField, isAllowedChoice } from '../post-import/choices.js';
import { firstUnstorableNumber, UNSTORABLE_NUMBER_DETAIL } from '../post-import/storable-number.js';
import { estimatedBytes, MAX_RECORD_BYTES } from '../record-size.js';
import { isAfterToday } from '../values/dates.js';
import { toMinorUnits } from './amount.js';
import type { TransactionPayload, TransactionToStore } from './transaction.js';
import { transactionData } from './transaction.js';
import { FIELDS_BY_TYPE, isTransactionType, TRANSACTION_TYPES } from './transaction-types.js';

export interface TransactionRules {
  now: Date;
  /** First day of the account's open statement period. */
  openPeriodStart: string;
  forceAddToCurrentStatement: boolean;
}

/** Keys and ledger fields the stored item adds to the transaction's own fields. */
const STORED_OVERHEAD_BYTES = 1_000;

const fail = (attr: string, code: string, detail: string, data: unknown): never => {
  throw new TransactionImportError([{ attr, code, detail }], data);
};

function checkChoice(field: ChoiceField, value: string | undefined, attr: string, data: unknown): void {
  if (value !== undefined && !isAllowedChoice(field, value)) {
    fail(attr, 'invalid_choice', `must be one of ${allowedChoices(field).join(', ')}.`, data);
  }
}

/** The description a forced transaction carries. */
export function forcedDescription(originalDate: string, periodStart: string): string {
  return `Originally dated ${originalDate}; moved to ${periodStart}, the first day of the open statement period.`;
}

/**
 * Validates one transaction (its shape, the fields of its type, enumerations, amount, dates)
 * and returns it as it would be stored. Throws TransactionImportError (the spec's 400 body)
 * for the first problem; `transaction_data` echoes the transaction as far as it is valid.
 */
export function validateTransaction(
  raw: unknown,
  index: number,
  rules: TransactionRules,
): TransactionToStore {
  const prefix = `transactions.${index}`;
  if (!validateShape(raw)) {
    // Every problem of the shape, as the standard body lists them: a misspelt field is both
    // an unknown field and, when it was a required one, a missing one.
    const errors = toFieldErrors(validateShape.errors ?? []).map((error) => ({
      ...error,
      attr: error.attr ? `${prefix}.${error.attr}` : prefix,
    }));
    const [first, ...more] =
      errors.length > 0 ? errors : [{ attr: prefix, code: 'invalid', detail: 'Invalid transaction.' }];
    throw new TransactionImportError([first as FieldError, ...more], raw);
  }
  const input: TransactionPayload = raw;
  if (!isTransactionType(input.type)) {
    return fail(`${prefix}.type`, 'invalid_choice', `must be one of ${TRANSACTION_TYPES.join(', ')}.`, raw);
  }
  const allowed = FIELDS_BY_TYPE[input.type];
  const foreign = Object.keys(input).find((field) => !allowed.has(field));
  if (foreign) {
    return fail(`${prefix}.${foreign}`, 'unknown_field', `not a field of a ${input.type} transaction.`, raw);
  }
  checkChoice('reason', input.reason, `${prefix}.reason`, raw);
  checkChoice('payment_type', input.payment_type, `${prefix}.payment_type`, raw);
  input.line_items?.forEach((item, i) => {
    checkChoice('rate_band', item.rate_band, `${prefix}.line_items.${i}.rate_band`, raw);
  });
  input.tax_items?.forEach((item, i) => {
    checkChoice('tax_type', item.tax_type, `${prefix}.tax_items.${i}.tax_type`, raw);
    checkChoice('unit_type', item.unit_type, `${prefix}.tax_items.${i}.unit_type`, raw);
  });
  const amount = toMinorUnits(input.amount, numberSourceText(input, 'amount'));
  if (!amount.ok) return fail(`${prefix}.amount`, amount.code, `${amount.detail}`, raw);
  const unstorable = firstUnstorableNumber(
    { line_items: input.line_items, tax_items: input.tax_items },
    prefix,
  );
  if (unstorable) return fail(unstorable, 'out_of_range', `${UNSTORABLE_NUMBER_DETAIL}`, raw);

  const { amount: _amount, ...fields } = input;
  const transaction: TransactionToStore = { ...fields, index, amount_minor: amount.minor, type: input.type };
  if (isAfterToday(input.transaction_date, rules.now)) {
    fail(
      `${prefix}.transaction_date`,
      'transaction_in_future',
      `the date is after today.`,
      transactionData(transaction, true),
    );
  }
  if (input.transaction_date < rules.openPeriodStart) {
    if (!rules.forceAddToCurrentStatement) {
      fail(
        `${prefix}.transaction_date`,
        'not_within_open_statement_period',
        `the transaction is not within the open statement period, which starts on ${rules.openPeriodStart}.`,
        transactionData(transaction, true),
      );
    }
    transaction.original_transaction_date = input.transaction_date;
    transaction.transaction_date = rules.openPeriodStart;
    transaction.description = forcedDescription(input.transaction_date, rules.openPeriodStart);
    // A moved date meets every rule a posted date meets: an open period that starts after
    // today would otherwise store a transaction in the future.
    if (isAfterToday(transaction.transaction_date, rules.now)) {
      fail(
        `${prefix}.transaction_date`,
        'transaction_in_future',
        `the open statement period starts on ${rules.openPeriodStart}, after today, so the transaction cannot be moved into it.`,
        transactionData(transaction, true),
      );
    }
  }
  const bytes = estimatedBytes(transaction) + STORED_OVERHEAD_BYTES;
  if (bytes > MAX_RECORD_BYTES) {
    fail(
      `${prefix}`,
      'too_large',
      `the transaction is too large to store (${bytes} bytes; at most ${MAX_RECORD_BYTES}).`,
      transactionData(transaction, true),
    );
  }
  return transaction;
}

/** Request-level check: the `transaction_id`s sent more than once (later occurrences' attrs). */
export function duplicateTransactionIds(raw: readonly unknown[]): { attr: string; id: string }[] {
  const seen = new Set<string>();
  const duplicates: { attr: string; id: string }[] = [];
  raw.forEach((item, index) => {
    const id = (item as { transaction_id?: unknown } | null)?.transaction_id;
    if (typeof id !== 'string') return;
    if (seen.has(id)) duplicates.push({ attr: pointerToAttr(`/transactions/${index}/transaction_id`), id });
    seen.add(id);
  });
  return duplicates;
}
