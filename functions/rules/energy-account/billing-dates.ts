import { ELECTRICITY_METERS, GAS_METERS, METER_POINTS } from './payload-places.js';
import type { Item } from './payload-rule.js';
import { itemsAt, text } from './payload-rule.js';
import { earliest, latest, units } from './payload-values.js';

/**
 * The dates billing is judged by: how far the old supplier billed (`last_billed_to_date` on the
 * account, a meter point, a gas meter or an electricity register), when the last statement
 * closed, and the signed amount of a transaction. Pure.
 */

/** Every last billed to date the payload gives, at any level. */
export function lastBilledDates(account: Item): string[] {
  const places = [
    [account],
    itemsAt(account, METER_POINTS).map(({ item }) => item),
    itemsAt(account, GAS_METERS).map(({ item }) => item),
    itemsAt(account, `${ELECTRICITY_METERS}.registers[]`).map(({ item }) => item),
  ].flat();
  return places
    .map((item) => text(item, 'last_billed_to_date'))
    .filter((date): date is string => date !== undefined);
}

/** When the last statement closed: as given, or the earliest last billed to date. */
export const lastStatementClosingDate = (account: Item): string | undefined =>
  text(account, 'last_statement_closing_date') ?? earliest(lastBilledDates(account));

/** The latest last billed to date of the account or anything in it. */
export const latestLastBilledDate = (account: Item): string | undefined => latest(lastBilledDates(account));

/** A prepay vend: a transaction credited to a prepay meter, judged apart from the account's balance. */
export const isPrepayTransaction = (transaction: Item): boolean =>
  typeof transaction.to_prepay_meter_serial_number === 'string';

const RAISES_BALANCE = new Set(['PAYMENT', 'CREDIT']);

/** A transaction's effect on the balance: payments and credits add, charges and repayments take away. */
export function signedAmount(transaction: Item): bigint {
  const amount = units(text(transaction, 'amount')) ?? 0n;
  return RAISES_BALANCE.has(text(transaction, 'type') ?? '') ? amount : -amount;
}

/** The balance effect of the transactions of a list, prepay vends aside. */
export const balanceOf = (transactions: readonly Item[]): bigint =>
  transactions
    .filter((transaction) => !isPrepayTransaction(transaction))
    .reduce((sum, t) => sum + signedAmount(t), 0n);
