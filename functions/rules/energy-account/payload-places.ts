import type { Item, Located } from './payload-rule.js';
import { itemsAt, text } from './payload-rule.js';

/**
 * Where the account's components sit in the payload, so that a rule of a component is judged
 * at every place the component appears.
 */
export const SUPPLY_ADDRESSES = 'supply_addresses[]';
export const METER_POINTS = 'supply_addresses[].meter_points[]';
export const AGREEMENTS = `${METER_POINTS}.agreements[]`;
export const METERS = `${METER_POINTS}.meters[]`;
export const CUSTOMERS = 'customers[]';
export const BUSINESS_USERS = 'business.users[]';
export const CURRENT_TRANSACTIONS = 'current_statement_transactions[]';
export const HISTORICAL_TRANSACTIONS = 'historical_statement_transactions[]';
export const TRANSACTIONS = [CURRENT_TRANSACTIONS, HISTORICAL_TRANSACTIONS] as const;
export const NOTES = ['notes[]', 'portfolio.notes[]', 'business.portfolios[].notes[]'] as const;
export const PAYMENT_SCHEDULES = 'payment_schedules[]';

export type SupplyType = 'ELECTRICITY' | 'GAS';

/** The meter points of a supply type, with their paths. */
export const meterPointsOf = (account: Item, supplyType?: SupplyType): Located[] =>
  itemsAt(account, METER_POINTS).filter(
    ({ item }) => supplyType === undefined || text(item, 'supply_type') === supplyType,
  );

/** The items under each meter point of a supply type, at `field[]`. */
export const underMeterPoints = (account: Item, field: string, supplyType?: SupplyType): Located[] =>
  meterPointsOf(account, supplyType).flatMap(({ item, attr }) =>
    itemsAt(item, `${field}[]`).map((found) => ({ item: found.item, attr: `${attr}.${found.attr}` })),
  );

/** Every transaction, current and historical. */
export const transactionsOf = (account: Item): Located[] =>
  TRANSACTIONS.flatMap((pattern) => itemsAt(account, pattern));

/** Items under a located item, at a pattern relative to it, with full paths. */
export const within = (at: Located, pattern: string): Located[] =>
  itemsAt(at.item, pattern).map((found) => ({ item: found.item, attr: `${at.attr}.${found.attr}` }));

export const ELECTRICITY_POINTS = 'supply_addresses[].meter_points[supply_type=ELECTRICITY]';
export const GAS_POINTS = 'supply_addresses[].meter_points[supply_type=GAS]';
export const ELECTRICITY_METERS = `${ELECTRICITY_POINTS}.meters[]`;
export const GAS_METERS = `${GAS_POINTS}.meters[]`;
export const PEOPLE_WITH_PHONES = [
  CUSTOMERS,
  BUSINESS_USERS,
  `${SUPPLY_ADDRESSES}.property_administrators[]`,
] as const;

/** The transactions of one type (a branch of the transaction union), current and historical. */
export const transactionsOfType = (type: string): string[] => [
  `current_statement_transactions[type=${type}]`,
  `historical_statement_transactions[type=${type}]`,
];
