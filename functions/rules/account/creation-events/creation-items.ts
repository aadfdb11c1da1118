import { child, type Item, list, text } from '../../energy-account/payload-rule.js';
import type { Account } from '../account.js';

/**
 * The items of an account that creation turns into catalogue events, read from the validated,
 * normalised payload (a `null` field is absent), each list in payload order. Pure.
 */

const itemOf = (account: Account): Item => account as Item;

/** The account's users: one per `customers` item. */
export const customersOf = (account: Account): Item[] => list(itemOf(account), 'customers');

/** The business details, when the payload holds them (`business`). */
export const businessOf = (account: Account): Item | undefined => child(itemOf(account), 'business');

/** Who signed a consent: the account itself, or the user at `customers[userIndex]`. */
export type ConsentSigner = { kind: 'account' } | { kind: 'user'; userIndex: number };

export interface SignedConsent {
  consent: Item;
  signer: ConsentSigner;
}

/** The account's own consents, then each user's, in `customers` order. */
export function consentsOf(account: Account): SignedConsent[] {
  const own = list(itemOf(account), 'consents').map(
    (consent): SignedConsent => ({ consent, signer: { kind: 'account' } }),
  );
  const users = customersOf(account).flatMap((customer, userIndex) =>
    list(customer, 'consents').map(
      (consent): SignedConsent => ({ consent, signer: { kind: 'user', userIndex } }),
    ),
  );
  return [...own, ...users];
}

/** The properties (`supply_addresses`). */
export const supplyAddressesOf = (account: Account): Item[] => list(itemOf(account), 'supply_addresses');

/** Every meter point, supply address by supply address. */
export const meterPointsOf = (account: Account): Item[] =>
  supplyAddressesOf(account).flatMap((address) => list(address, 'meter_points'));

/** Every agreement, meter point by meter point. */
export const agreementsOf = (account: Account): Item[] =>
  meterPointsOf(account).flatMap((meterPoint) => list(meterPoint, 'agreements'));

/** Every meter, meter point by meter point. */
export const metersOf = (account: Account): Item[] =>
  meterPointsOf(account).flatMap((meterPoint) => list(meterPoint, 'meters'));

/** The debts: `debts`, then the deprecated single `debt` when sent. */
export function debtsOf(account: Account): Item[] {
  const single = child(itemOf(account), 'debt');
  return [...list(itemOf(account), 'debts'), ...(single ? [single] : [])];
}

/** The debts placed with a collection agency (an `agency_name` that is not blank). */
export const agencyDebtsOf = (account: Account): Item[] =>
  debtsOf(account).filter((debt) => (text(debt, 'agency_name') ?? '').trim() !== '');
