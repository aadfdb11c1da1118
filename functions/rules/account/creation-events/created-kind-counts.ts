import { NOTES } from '../../energy-account/payload-places.js';
import { child, type Item, itemsAtAll, list } from '../../energy-account/payload-rule.js';
import type { Account } from '../account.js';
import {
  agencyDebtsOf,
  agreementsOf,
  businessOf,
  consentsOf,
  customersOf,
  debtsOf,
  meterPointsOf,
  metersOf,
  supplyAddressesOf,
} from './creation-items.js';

/**
 * How many items of each kind creating an account creates, as the account summary counts them.
 * Pure: read from the validated, normalised payload alone.
 */
export interface CreatedKindCounts {
  users: number;
  /** Properties: the `supply_addresses`. */
  properties: number;
  meter_points: number;
  meters: number;
  registers: number;
  /** The meters' `transfer_readings`. */
  transfer_readings: number;
  /** The meters' `reading_history`. */
  historical_readings: number;
  agreements: number;
  /** The account's consents and every user's. */
  consents: number;
  psr_records: number;
  /** 1 when the payload holds business details, else 0. */
  businesses: number;
  business_users: number;
  /** The account's `portfolio` (0 or 1) and the business's `portfolios`. */
  portfolios: number;
  /** `debts`, and the deprecated single `debt`. */
  debts: number;
  /** The debts placed with a collection agency. */
  collection_proceedings: number;
  payment_plans: number;
  payment_schedules: number;
  payment_promises: number;
  payment_preferences: number;
  payment_instructions: number;
  deposit_agreements: number;
  contribution_agreements: number;
  campaigns: number;
  account_metadata: number;
  user_metadata: number;
  /** The account's notes, its portfolio's and its business portfolios'. */
  notes: number;
  statements: number;
  /** Historical and current statement transactions. */
  transactions: number;
  complaints: number;
  references: number;
  commission_contracts: number;
  partner_organisations: number;
  payment_adequacy_changes: number;
  warm_home_discounts: number;
}

const count = (account: Account, field: string): number => list(account as Item, field).length;
const sumOver = (items: readonly Item[], field: string): number =>
  items.reduce((sum, item) => sum + list(item, field).length, 0);

function meteringCounts(account: Account) {
  const meters = metersOf(account);
  return {
    properties: supplyAddressesOf(account).length,
    meter_points: meterPointsOf(account).length,
    meters: meters.length,
    registers: sumOver(meters, 'registers'),
    transfer_readings: sumOver(meters, 'transfer_readings'),
    historical_readings: sumOver(meters, 'reading_history'),
    agreements: agreementsOf(account).length,
  };
}

function peopleCounts(account: Account) {
  const customers = customersOf(account);
  const business = businessOf(account);
  return {
    users: customers.length,
    consents: consentsOf(account).length,
    psr_records: sumOver(customers, 'psr'),
    businesses: business ? 1 : 0,
    business_users: business ? list(business, 'users').length : 0,
    portfolios:
      (child(account as Item, 'portfolio') ? 1 : 0) + (business ? list(business, 'portfolios').length : 0),
    account_metadata: count(account, 'metadata'),
    user_metadata: sumOver(customers, 'metadata'),
  };
}

function moneyCounts(account: Account) {
  return {
    debts: debtsOf(account).length,
    collection_proceedings: agencyDebtsOf(account).length,
    payment_plans: count(account, 'payment_plans'),
    payment_schedules: count(account, 'payment_schedules'),
    payment_promises: count(account, 'payment_promises'),
    payment_preferences: count(account, 'payment_preferences'),
    payment_instructions: count(account, 'payment_instructions'),
    deposit_agreements: count(account, 'deposit_agreements'),
    contribution_agreements: count(account, 'contribution_agreements'),
    statements: count(account, 'statements'),
    transactions:
      count(account, 'historical_statement_transactions') + count(account, 'current_statement_transactions'),
    payment_adequacy_changes: count(account, 'payment_adequacy_changes'),
    warm_home_discounts: count(account, 'warm_home_discount'),
  };
}

export function createdKindCounts(account: Account): CreatedKindCounts {
  return {
    ...meteringCounts(account),
    ...peopleCounts(account),
    ...moneyCounts(account),
    campaigns: count(account, 'account_campaigns'),
    notes: itemsAtAll(account as Item, NOTES).length,
    complaints: count(account, 'complaints'),
    references: count(account, 'references'),
    commission_contracts: count(account, 'commission_contracts'),
    partner_organisations: count(account, 'partner_organisations'),
  };
}
