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
  const sizes = [
    customersOf(account).length,
    businessOf(account) ? 1 : 0,
    consentsOf(account).length,
    agreementsOf(account).length,
    agencyDebtsOf(account).length,
  ] as const;
  const count = sizes.reduce((sum, size) => sum + size, 0);
  if (!Number.isSafeInteger(firstId) || firstId < 1 || firstId > Number.MAX_SAFE_INTEGER - count) {
    throw new RangeError(
      `firstId must be a positive safe integer with room for ${count} ids (got ${firstId})`,
    );
  }
  let next = firstId;
  const [users, [business], consents, agreements, collectionProceedings] = sizes.map((size) =>
    Array.from({ length: size }, () => next++),
  ) as [number[], number[], number[], number[], number[]];
  return { users, business, consents, agreements, collectionProceedings, count };
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
