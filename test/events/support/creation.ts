import type { EventDetail } from '../../../functions/events/outbox.js';
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

/** An account holding one or more of every kind creation emits an event for. */
export const fullAccount = () =>
  minimalAccount({
    account_type: 'BUSINESS',
    business: { company_name: 'Dyke Road Ltd', business_type: 'LTD' },
    customers: [
      {
        email: 'ada@example.com',
        account_roles: ['ADMIN'],
        consents: [{ type: 'MARKETING_EMAIL', value: 'ACCEPTED' }],
        psr: [{ elec_industry_code: '14', gas_industry_code: '14', description: 'Pensionable age' }],
        metadata: [
          { key: 'crm_tier', value: 'gold' },
          { key: 'flags', value: { vip: true, since: 2021 } },
        ],
      },
      { given_name: 'Bob', psr: [{ elec_industry_code: '19' }], metadata: [{ key: 'visits', value: 3 }] },
    ],
    consents: [{ type: 'SMART_METER_DATA_DAILY', value: 'REJECTED', signed_at: '2024-01-02T03:04:05Z' }],
    metadata: [
      { key: 'segment', value: 'B' },
      { key: 'legacy', value: [1, 'two'] },
    ],
    supply_addresses: [
      {
        meter_points: [
          {
            supply_type: 'ELECTRICITY',
            identifier: '1200023456789',
            agreements: [
              {
                effective_from: '2023-01-01',
                tariff_code: 'E-FIX-12M',
                business_contract_identifier: 'BC-1',
              },
              { effective_from: '2024-01-01', tariff_code: 'E-FIX-24M' },
            ],
          },
          {
            supply_type: 'GAS',
            identifier: '1234567890',
            agreements: [{ effective_from: '2023-01-01', tariff_code: 'G-1' }],
          },
        ],
      },
    ],
    account_campaigns: [{ slug: 'smart_incentive', expiry_date: '2025-01-01' }],
    debts: [
      {
        agency_name: 'Debt R Us',
        campaign: 'Q3',
        aged_debt: [{ debt_amount: '123.45' }, { debt_amount: '10.05' }],
      },
      { cais_reference: 'CAIS-1' },
    ],
    debt: { agency_name: 'Old Agency' },
    deposit_agreements: [{ deposit_amount: '1500.005', reason: 'Credit check' }],
  });

/** The payloads of the events of one type, in order. */
export const ofType = (events: readonly EventDetail[], type: string) =>
  events
    .filter((event) => event.event_type === type)
    .map((event) => event.payload as Record<string, unknown>);
