import type { Account } from '../account.js';
import { agencyDebtsOf, agreementsOf, businessOf, consentsOf, customersOf } from './creation-items.js';

/**
 * The integer ids creation hands out. The catalogue types some identifiers as integers
 * (`user_id`, `agreement_id`, `id`); the service allocates them, unique per environment: the
 * caller reserves ONE block of consecutive integers per account (`creationIdCount` of them,
 * starting at `firstId`) before it writes, and every id is then given by position, in this order:
 *
 *   1. users: one per `customers` item, in payload order;
 *   2. the business, when the payload holds `business` (one id);
 *   3. consents: the account's `consents`, then each user's `consents`, users in payload order;
 *   4. agreements: supply address by supply address, meter point by meter point, in payload order;
 *   5. collection proceedings: the debts placed with an agency, `debts` in order then `debt`.
 *
 * Pure: the same account and `firstId` always give the same ids.
 */
export interface CreationIds {
  users: number[];
  business: number | undefined;
  /** In the order of `consentsOf`. */
  consents: number[];
  /** In the order of `agreementsOf`. */
  agreements: number[];
  /** In the order of `agencyDebtsOf`. */
  collectionProceedings: number[];
  /** How many ids the block holds. */
  count: number;
}

export function creationIds(account: Account, firstId: number): CreationIds {
  if (!Number.isSafeInteger(firstId) || firstId < 1) {
    throw new RangeError(`firstId must be a positive safe integer (got ${firstId})`);
  }
  let next = firstId;
  const take = (count: number): number[] => Array.from({ length: count }, () => next++);
  const users = take(customersOf(account).length);
  const [business] = take(businessOf(account) ? 1 : 0);
  const consents = take(consentsOf(account).length);
  const agreements = take(agreementsOf(account).length);
  const collectionProceedings = take(agencyDebtsOf(account).length);
  if (!Number.isSafeInteger(next - 1)) throw new RangeError('The id block ends beyond the safe integers');
  return { users, business, consents, agreements, collectionProceedings, count: next - firstId };
}

/** How many service-allocated integer ids creating this account needs (users, consents, agreements, …). */
export function creationIdCount(account: Account): number {
  return creationIds(account, 1).count;
}

/** The integer id the service gave each user (customers[i] -> id), for the creation's user records. */
export function userIds(account: Account, firstId: number): number[] {
  return creationIds(account, firstId).users;
}

/**
 * A user's number, from the id the service gave the user: `U-` + the id in upper-case hexadecimal,
 * at least 8 digits (`U-0000002A` for 42). Unique per environment because the id is.
 */
export function userNumber(userId: number): string {
  return `U-${userId.toString(16).toUpperCase().padStart(8, '0')}`;
}
