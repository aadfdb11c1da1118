import type { Account } from '../../../functions/rules/account/account.js';
import { withoutNulls } from '../../../functions/rules/account/account.js';
import type { CreationContext } from '../../../functions/rules/account/creation-events/index.js';
import { realisticAccounts } from '../../support/realistic-accounts/index.js';

/** The realistic accounts as creation sees them: validated payloads, normalised (null = absent). */
export const normalisedRealisticAccounts = (): { name: string; account: Account }[] =>
  realisticAccounts().map(({ name, account }) => ({ name, account: withoutNulls(account) as Account }));

/** A creation context for an account; `firstId` 1000 unless given. */
export const creationContext = (
  account: Account,
  overrides: Partial<CreationContext> = {},
): CreationContext => ({
  serviceAccountNumber: 'A-00C0FFEE',
  importSupplier: account.import_supplier,
  externalAccountNumber: account.external_account_number,
  firstId: 1000,
  createdAt: new Date('2026-11-28T10:15:30.250Z'),
  ...overrides,
});

/** A minimal valid domestic account, extended by a test with what it needs. */
export const minimalAccount = (fields: Record<string, unknown> = {}): Account => ({
  import_supplier: 'ACME',
  external_account_number: 'ACME-T-1',
  account_type: 'DOMESTIC',
  ...fields,
});

type Json = Record<string, unknown>;
const items = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/**
 * What an account holds of each creation event's subject, read directly from the payload (the
 * contract's wording, independently of the builders): the count of each event type it must emit.
 */
export function expectedEventCounts(account: Json): Record<string, number> {
  const customers = items(account.customers);
  const meterPoints = items(account.supply_addresses).flatMap((address) => items(address.meter_points));
  const debts = [...items(account.debts), ...(account.debt ? [account.debt as Json] : [])];
  const counts: Record<string, number> = {
    'account.created': 1,
    'account_user.created': customers.length,
    'account_user.psr_records_updated': customers.filter((customer) => items(customer.psr).length > 0).length,
    'account_metadata.created': items(account.metadata).length,
    'account_user_metadata.created': customers.reduce(
      (sum, customer) => sum + items(customer.metadata).length,
      0,
    ),
    'consents.consent.created':
      items(account.consents).length +
      customers.reduce((sum, customer) => sum + items(customer.consents).length, 0),
    'agreement.created': meterPoints.reduce((sum, point) => sum + items(point.agreements).length, 0),
    'business.created': account.business ? 1 : 0,
    'campaign_account.added': items(account.account_campaigns).length,
    'collection_proceeding.created': debts.filter(
      (debt) => typeof debt.agency_name === 'string' && debt.agency_name,
    ).length,
    'deposit_agreement.accepted': items(account.deposit_agreements).length,
    'data_import.import_process.complete': 1,
  };
  return Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));
}

/** How many events of each type a list holds. */
export function countByType(events: readonly { event_type: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const event of events) counts[event.event_type] = (counts[event.event_type] ?? 0) + 1;
  return counts;
}
