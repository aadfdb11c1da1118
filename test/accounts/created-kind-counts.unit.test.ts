import { describe, expect, it } from 'vitest';
import type { Account } from '../../functions/rules/account/account.js';
import { createdKindCounts } from '../../functions/rules/account/creation-events/index.js';
import { ACCOUNT_ROOT, loadAccountComponents } from '../../schemas/build/account-schema-source.js';
import { projectRoot } from '../../schemas/project-root.js';
import { minimalAccount, normalisedRealisticAccounts } from '../events/support/creation.js';

const accounts = normalisedRealisticAccounts();

/** How many items sit at a path such as `supply_addresses[].meter_points[]` (`[]` = every item). */
function countAt(value: unknown, path: string): number {
  const [step, ...rest] = path.split('.');
  if (step === undefined || value === null || typeof value !== 'object') return 0;
  const field = step.replace(/\[\]$/, '');
  const found = (value as Record<string, unknown>)[field];
  const children = step.endsWith('[]')
    ? Array.isArray(found)
      ? found
      : []
    : found === undefined
      ? []
      : [found];
  if (rest.length === 0) return children.length;
  return children.reduce<number>((sum, child) => sum + countAt(child, rest.join('.')), 0);
}

/** Each count, as the payload's paths say (read independently of the rule). */
const PATHS: Record<string, string[]> = {
  users: ['customers[]'],
  properties: ['supply_addresses[]'],
  meter_points: ['supply_addresses[].meter_points[]'],
  meters: ['supply_addresses[].meter_points[].meters[]'],
  registers: ['supply_addresses[].meter_points[].meters[].registers[]'],
  transfer_readings: ['supply_addresses[].meter_points[].meters[].transfer_readings[]'],
  historical_readings: ['supply_addresses[].meter_points[].meters[].reading_history[]'],
  agreements: ['supply_addresses[].meter_points[].agreements[]'],
  consents: ['consents[]', 'customers[].consents[]'],
  psr_records: ['customers[].psr[]'],
  businesses: ['business'],
  business_users: ['business.users[]'],
  portfolios: ['portfolio', 'business.portfolios[]'],
  debts: ['debts[]', 'debt'],
  payment_plans: ['payment_plans[]'],
  payment_schedules: ['payment_schedules[]'],
  payment_promises: ['payment_promises[]'],
  payment_preferences: ['payment_preferences[]'],
  payment_instructions: ['payment_instructions[]'],
  deposit_agreements: ['deposit_agreements[]'],
  contribution_agreements: ['contribution_agreements[]'],
  campaigns: ['account_campaigns[]'],
  account_metadata: ['metadata[]'],
  user_metadata: ['customers[].metadata[]'],
  notes: ['notes[]', 'portfolio.notes[]', 'business.portfolios[].notes[]'],
  statements: ['statements[]'],
  transactions: ['historical_statement_transactions[]', 'current_statement_transactions[]'],
  complaints: ['complaints[]'],
  references: ['references[]'],
  commission_contracts: ['commission_contracts[]'],
  partner_organisations: ['partner_organisations[]'],
  payment_adequacy_changes: ['payment_adequacy_changes[]'],
  warm_home_discounts: ['warm_home_discount[]'],
};

describe('Creation keeps a count of every kind the account holds, for the account summary', () => {
  it.each(accounts.map(({ name, account }) => [name, account] as const))(
    '%s: each kind counts the items at its places in the payload',
    (_name, account) => {
      // Prepare
      const { collection_proceedings, ...counts } = createdKindCounts(account);
      // Act
      const expected = Object.fromEntries(
        Object.entries(PATHS).map(([kind, paths]) => [
          kind,
          paths.reduce((sum, path) => sum + countAt(account, path), 0),
        ]),
      );
      // Assess
      expect(counts).toEqual(expected);
      expect(collection_proceedings).toBe(0);
    },
  );

  it('the dual fuel household counts what it holds', () => {
    // Prepare
    const account = accounts.find(({ name }) => name === 'domestic-dual-fuel-smart')?.account as Account;
    // Act
    const counts = createdKindCounts(account);
    // Assess
    expect(counts).toMatchObject({
      users: 2,
      properties: 1,
      meter_points: 2,
      meters: 2,
      agreements: 4,
      consents: 3,
      psr_records: 2,
      businesses: 0,
      account_metadata: 1,
      payment_schedules: 2,
      payment_instructions: 1,
      statements: 1,
      transactions: 13,
      notes: 1,
    });
  });

  it('only debts placed with an agency are collection proceedings', () => {
    // Prepare
    const account = minimalAccount({
      debts: [{ agency_name: 'Debt R Us' }, { agency_name: '  ' }, { cais_reference: 'C-1' }],
      debt: { agency_name: 'Old Agency' },
    });
    // Act / Assess
    expect(createdKindCounts(account)).toMatchObject({ debts: 4, collection_proceedings: 2 });
  });
});

describe('Every list the account schema declares at the top level is counted', () => {
  it('one item in any top-level list changes the counts', () => {
    // Prepare
    const properties = loadAccountComponents(projectRoot).get(ACCOUNT_ROOT)?.properties ?? {};
    const lists = Object.entries(properties)
      .filter(([, node]) => (node as { type?: unknown }).type === 'array')
      .map(([field]) => field);
    const empty = createdKindCounts(minimalAccount());
    // Act
    const uncounted = lists.filter(
      (field) =>
        JSON.stringify(createdKindCounts(minimalAccount({ [field]: [{}] }))) === JSON.stringify(empty),
    );
    // Assess
    expect(lists.length).toBeGreaterThan(15);
    expect(uncounted).toEqual([]);
  });
});
