import type { FieldError } from '../../errors.js';
import { nextDay } from '../values/dates.js';
import {
  balanceOf,
  isPrepayTransaction,
  lastBilledDates,
  lastStatementClosingDate,
  latestLastBilledDate,
} from './billing-dates.js';
import {
  CURRENT_TRANSACTIONS,
  HISTORICAL_TRANSACTIONS,
  METERS,
  transactionsOf,
  transactionsOfType,
} from './payload-places.js';
import type { Item, PayloadRule } from './payload-rule.js';
import { fieldError, given, itemsAt, list, text } from './payload-rule.js';
import { decimalText, latest, units } from './payload-values.js';
import { itemRule, notFutureRule } from './rule-builders.js';

const ACCOUNT = [''];
const dateOf = (transaction: Item) => text(transaction, 'transaction_date') ?? '';

/** Each transaction of a list dated outside what `allowed` says, at its transaction_date. */
const datedOutside = (
  account: Item,
  pattern: string,
  allowed: (date: string, transaction: Item) => boolean,
  code: string,
  detail: string,
): FieldError[] =>
  itemsAt(account, pattern)
    .filter(({ item }) => !allowed(dateOf(item), item))
    .map(({ attr }) => fieldError(`${attr}.transaction_date`, code, detail));

function duplicateTransactionIds(account: Item): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const { item, attr } of transactionsOf(account)) {
    const id = text(item, 'transaction_id');
    if (id === undefined) continue;
    if (seen.has(id)) {
      errors.push(
        fieldError(
          `${attr}.transaction_id`,
          'duplicate_transaction_ids',
          'This transaction_id appears earlier in the payload.',
        ),
      );
    }
    seen.add(id);
  }
  return errors;
}

function transferBalanceMismatch(account: Item): FieldError[] {
  const transfer = units(text(account, 'transfer_balance'));
  if (transfer === undefined) return [];
  const last =
    units(text(account, 'last_statement_balance')) ??
    balanceOf(list(account, 'historical_statement_transactions'));
  const expected = last + balanceOf(list(account, 'current_statement_transactions'));
  if (expected === transfer) return [];
  const detail = `The last statement balance and the current transactions come to ${decimalText(expected)}, not the transfer balance.`;
  return [fieldError('transfer_balance', 'balance_mismatch_on_transfer_balance', detail)];
}

function historicalBalanceMismatch(account: Item): FieldError[] {
  const last = units(text(account, 'last_statement_balance'));
  const historical = list(account, 'historical_statement_transactions');
  if (last === undefined || historical.length === 0) return [];
  const sum = balanceOf(historical);
  if (sum === last) return [];
  const detail = `The historical transactions come to ${decimalText(sum)}, not the last statement balance.`;
  return [fieldError('last_statement_balance', 'historical_statement_transactions_balance_mismatch', detail)];
}

const prepayMeterSerials = (account: Item): Set<string> =>
  new Set(
    itemsAt(account, METERS)
      .filter(({ item }) => given(item, 'prepay_details'))
      .map(({ item }) => text(item, 'meter_serial_number') ?? ''),
  );

/** Statements, transactions and balances: dates in order, each identifier once, sums that add up. */
export const statementTransactionRules: PayloadRule[] = [
  {
    rule: 'EnergyAccount: Validate historical statement period end must not be in the future',
    codes: ['historical_statement_period_end_in_future'],
    check: (account, today) => {
      const given = text(account, 'last_statement_closing_date');
      const end = given ?? latest(list(account, 'historical_statement_transactions').map(dateOf));
      if (end === undefined || end <= today) return [];
      const attr = given ? 'last_statement_closing_date' : 'historical_statement_transactions';
      return [
        fieldError(
          attr,
          'historical_statement_period_end_in_future',
          'The last statement period may not end after today.',
        ),
      ];
    },
  },
  {
    rule: 'EnergyAccount: Validate current statement transactions do not provide billing_document_identifier',
    codes: ['billing_document_identifier_not_allowed_for_current_statement_transactions'],
    check: (account) =>
      itemsAt(account, CURRENT_TRANSACTIONS)
        .filter(({ item }) => given(item, 'billing_document_identifier'))
        .map(({ attr }) =>
          fieldError(
            `${attr}.billing_document_identifier`,
            'billing_document_identifier_not_allowed_for_current_statement_transactions',
            'A current statement transaction is on no bill yet, so has no billing document identifier.',
          ),
        ),
  },
  {
    rule: 'EnergyAccount: Validate historical statement transaction billing document identifier',
    codes: ['historical_statement_billing_document_identifier_mismatch'],
    check: (account) => {
      const withIdentifier = itemsAt(account, HISTORICAL_TRANSACTIONS).filter(({ item }) =>
        given(item, 'billing_document_identifier'),
      );
      const first = withIdentifier[0] && text(withIdentifier[0].item, 'billing_document_identifier');
      return withIdentifier
        .filter(({ item }) => text(item, 'billing_document_identifier') !== first)
        .map(({ attr }) =>
          fieldError(
            `${attr}.billing_document_identifier`,
            'historical_statement_billing_document_identifier_mismatch',
            'Historical statement transactions all carry the same billing document identifier.',
          ),
        );
    },
  },
  itemRule({
    rule: 'EnergyAccount: Validate that service can calculate when to start billing the account',
    code: 'cannot_determine_responsible_for_billing_from_date',
    at: ACCOUNT,
    field: 'last_billed_to_date',
    detail:
      'Give last_billed_to_date, last_statement_closing_date or agreements, so that billing knows where to start.',
    breaks: (account) =>
      lastBilledDates(account).length === 0 &&
      !given(account, 'last_statement_closing_date') &&
      itemsAt(account, 'supply_addresses[].meter_points[].agreements[]').length === 0,
  }),
  itemRule({
    rule: 'EnergyAccount: Validate that if historical statement transaction are provided then so is a last statement closing date or last billed to date',
    code: 'historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date',
    at: ACCOUNT,
    field: 'historical_statement_transactions',
    detail: 'Historical statement transactions need last_statement_closing_date or a last billed to date.',
    breaks: (account) =>
      list(account, 'historical_statement_transactions').length > 0 &&
      lastStatementClosingDate(account) === undefined,
  }),
  {
    rule: 'EnergyAccount: Validate unique transaction IDs',
    codes: ['duplicate_transaction_ids'],
    check: duplicateTransactionIds,
  },
  {
    rule: 'EnergyAccount: Validate current statement transactions are after historical statement transactions',
    codes: ['historical_statement_transaction_after_current_statement_transaction'],
    check: (account) => {
      const firstCurrent = list(account, 'current_statement_transactions').map(dateOf).sort()[0];
      if (firstCurrent === undefined) return [];
      return datedOutside(
        account,
        HISTORICAL_TRANSACTIONS,
        (date) => date <= firstCurrent,
        'historical_statement_transaction_after_current_statement_transaction',
        'A historical statement transaction may not be dated after a current statement transaction.',
      );
    },
  },
  {
    rule: 'EnergyAccount: Validate that there are no historical statement transactions after the last statement closing date',
    codes: ['historical_statement_transaction_after_last_statement_closing_date'],
    check: (account) => {
      const closing = lastStatementClosingDate(account);
      if (closing === undefined) return [];
      return datedOutside(
        account,
        HISTORICAL_TRANSACTIONS,
        (date) => date <= closing,
        'historical_statement_transaction_after_last_statement_closing_date',
        'A historical statement transaction may not be dated after the last statement closed.',
      );
    },
  },
  itemRule({
    rule: 'EnergyAccount: Validate that the last statement issue date is on or after the last statement closing date',
    code: 'last_statement_issued_before_closing_date',
    at: ACCOUNT,
    field: 'last_statement_issue_date',
    detail: 'The last statement cannot be issued before it closed.',
    breaks: (account) => {
      const issued = text(account, 'last_statement_issue_date');
      const closing = lastStatementClosingDate(account);
      return issued !== undefined && closing !== undefined && issued < closing;
    },
  }),
  {
    rule: 'EnergyAccount: Validate that current statement transactions are not before the current statement opening date',
    codes: ['current_statement_transaction_before_current_statement_opening_date'],
    check: (account) => {
      const closing = lastStatementClosingDate(account);
      if (closing === undefined) return [];
      const opening = nextDay(closing);
      return datedOutside(
        account,
        CURRENT_TRANSACTIONS,
        (date, transaction) => isPrepayTransaction(transaction) || date >= opening,
        'current_statement_transaction_before_current_statement_opening_date',
        `A current statement transaction may not be dated before the current statement opens (${opening}).`,
      );
    },
  },
  {
    rule: 'EnergyAccount: Validate current statement transactions are not before last_billed_to_date',
    codes: ['current_statement_transaction_before_last_billed_to_date'],
    check: (account) => {
      const billedTo = latestLastBilledDate(account);
      if (billedTo === undefined) return [];
      return datedOutside(
        account,
        CURRENT_TRANSACTIONS,
        (date) => date >= billedTo,
        'current_statement_transaction_before_last_billed_to_date',
        `A current statement transaction may not be dated before the last billed to date (${billedTo}).`,
      );
    },
  },
  {
    rule: 'EnergyAccount: Validate last_statement_balance plus/minus current_statement_transactions equal transfer_balance',
    codes: ['balance_mismatch_on_transfer_balance'],
    check: transferBalanceMismatch,
  },
  {
    rule: 'EnergyAccount: Validate that the summed historical statement transactions match the last statement balance',
    codes: ['historical_statement_transactions_balance_mismatch'],
    check: historicalBalanceMismatch,
  },
  {
    rule: 'EnergyAccount: Validate that prepay transactions target initialised prepay meters',
    codes: ['transactions_target_non_initialised_prepay_meter'],
    check: (account) => {
      const prepay = prepayMeterSerials(account);
      return transactionsOf(account)
        .filter(
          ({ item }) =>
            isPrepayTransaction(item) && !prepay.has(text(item, 'to_prepay_meter_serial_number') ?? ''),
        )
        .map(({ attr }) =>
          fieldError(
            `${attr}.to_prepay_meter_serial_number`,
            'transactions_target_non_initialised_prepay_meter',
            'No meter of the payload with prepay details has this serial number.',
          ),
        );
    },
  },
  ...[
    ['EnergyCharge', 'CHARGE'],
    ['EnergyCredit', 'CREDIT'],
    ['EnergyPayment', 'PAYMENT'],
    ['EnergyRepayment', 'REPAYMENT'],
    ['EnergySupplyCharge', 'SUPPLY_CHARGE'],
  ].map(([schema, type]) =>
    notFutureRule({
      rule: `${schema}.transaction_date: Validate transaction date`,
      code: 'transaction_in_future',
      at: transactionsOfType(type ?? ''),
      field: 'transaction_date',
      detail: 'A transaction may not be dated after today.',
    }),
  ),
];
