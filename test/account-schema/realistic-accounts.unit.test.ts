import { describe, expect, it } from 'vitest';
import { validateEnergyAccount } from '../../functions/account-validation/validate-energy-account.js';
import { isValidMpanCore, isValidMprn } from '../../functions/rules/account/meter-point-identifier.js';
import { accountRuleErrors } from '../../functions/rules/energy-account/account-rule-errors.js';
import { ACCOUNT_ROOT, loadAccountComponents } from '../../schemas/build/account-schema-source.js';
import { projectRoot } from '../../schemas/project-root.js';
import { realisticAccounts, withFreshIdentifiers } from '../support/realistic-accounts/index.js';
import { choicesMade, unionChoices } from './union-branches.js';

const components = loadAccountComponents(projectRoot);
const FIXED_TODAY = '2026-11-28';
const realToday = () => new Date().toISOString().slice(0, 10);
const accounts = realisticAccounts();
const fresh = accounts.map(({ name, account }) => ({ name, account: withFreshIdentifiers(account) }));

/** What today's rules say of a payload, as attr and code (the known refusals are listed by name). */
const ruleBreaches = (account: Record<string, unknown>, today: string) =>
  accountRuleErrors(account, today).map(({ attr, code }) => ({ attr, code }));

/** Every meter point identifier of a payload. */
const meterPoints = (account: Record<string, unknown>) =>
  (
    (account.supply_addresses ?? []) as { meter_points: { supply_type: string; identifier: string }[] }[]
  ).flatMap((address) => address.meter_points);

describe.each([
  ['as built', accounts],
  ['after withFreshIdentifiers', fresh],
])('Every realistic account passes the schema and the payload rules (%s)', (_label, set) => {
  it.each(set.map(({ name, account }) => [name, account] as const))(
    '%s is a valid EnergyAccount with no errors and no deprecation warnings',
    (_name, account) => {
      // Act
      const verdict = validateEnergyAccount(account);
      // Assess
      expect(verdict).toEqual({ valid: true, account, warnings: [] });
    },
  );

  it.each(set.map(({ name, account }) => [name, account] as const))(
    '%s breaks no payload rule on 2026-11-28 nor today (only the listed refusals)',
    (_name, account) => {
      // Act / Assess
      expect(ruleBreaches(account, FIXED_TODAY)).toEqual([]);
      expect(ruleBreaches(account, realToday())).toEqual([]);
    },
  );
});

describe('The realistic accounts cover every account type and every branch of every union of the schema', () => {
  it('every account_type value of EnergyAccount is the type of at least one payload', () => {
    // Prepare
    const values = components.get(ACCOUNT_ROOT)?.properties?.account_type?.enum;
    // Act
    const used = new Set(accounts.map(({ account }) => account.account_type));
    // Assess
    expect(values?.length).toBeGreaterThan(0);
    expect(values?.filter((value) => !used.has(value))).toEqual([]);
  });

  it('every discriminator value (or, for a union chosen by a setting, every branch) appears in at least one payload, fresh identifiers or not', () => {
    // Prepare
    const expected = [...unionChoices(components)].flatMap(([union, choices]) =>
      [...choices].map((choice) => `${union}=${choice}`),
    );
    // Act
    for (const set of [accounts, fresh]) {
      const made = new Set(
        set.flatMap(({ account }) => [...choicesMade(components, ACCOUNT_ROOT, account).keys()]),
      );
      // Assess
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.filter((choice) => !made.has(choice))).toEqual([]);
    }
  });

  it('each list of the account that holds a union (transactions current and historical, payment preferences) takes every branch there', () => {
    // Prepare
    const unions = unionChoices(components);
    const lists = Object.entries(components.get(ACCOUNT_ROOT)?.properties ?? {}).flatMap(([field, node]) => {
      const union = node.items?.$ref?.split(':').at(-1);
      return union && unions.has(union) ? [{ place: `${field}[]`, union }] : [];
    });
    const placesOf = new Map<string, Set<string>>();
    for (const { account } of accounts) {
      for (const [choice, places] of choicesMade(components, ACCOUNT_ROOT, account)) {
        placesOf.set(choice, new Set([...(placesOf.get(choice) ?? []), ...places]));
      }
    }
    // Act
    const missing = lists.flatMap(({ place, union }) =>
      [...unions.get(union)!]
        .filter((choice) => !placesOf.get(`${union}=${choice}`)?.has(place))
        .map((c) => `${place} ${c}`),
    );
    // Assess
    expect(lists.map(({ place }) => place)).toEqual(
      expect.arrayContaining(['current_statement_transactions[]', 'historical_statement_transactions[]']),
    );
    expect(missing).toEqual([]);
  });
});

describe('withFreshIdentifiers gives a copy a shared table has never seen', () => {
  it('every meter point gets a new valid MPAN or MPRN, every reference to an old one follows it, and the account number is unique', () => {
    for (const [index, { account }] of accounts.entries()) {
      // Act
      const copy = fresh[index]!.account;
      const again = withFreshIdentifiers(account);
      // Assess
      const old = meterPoints(account).map((point) => point.identifier);
      const json = JSON.stringify(copy);
      expect(old.filter((identifier) => json.includes(identifier))).toEqual([]);
      for (const point of meterPoints(copy)) {
        expect(
          point.supply_type === 'GAS' ? isValidMprn(point.identifier) : isValidMpanCore(point.identifier),
        ).toBe(true);
      }
      expect(copy.external_account_number).not.toBe(account.external_account_number);
      expect(again.external_account_number).not.toBe(copy.external_account_number);
      expect(JSON.stringify(account)).toBe(JSON.stringify(realisticAccounts()[index]!.account));
    }
  });

  it('a supply charge still names a meter point of its account after the change', () => {
    for (const { account } of fresh) {
      // Prepare
      const identifiers = new Set(meterPoints(account).map((point) => point.identifier));
      const charges = ['current_statement_transactions', 'historical_statement_transactions'].flatMap(
        (field) => (account[field] ?? []) as { type: string; supply_point_identifier?: string }[],
      );
      // Assess
      for (const charge of charges.filter((item) => item.type === 'SUPPLY_CHARGE')) {
        expect(identifiers.has(charge.supply_point_identifier!)).toBe(true);
      }
    }
  });
});

describe('realisticAccounts returns fresh copies on every call', () => {
  it('changing a payload of one call leaves the next call as it was; names and account numbers are unique', () => {
    // Prepare
    const first = realisticAccounts();
    // Act
    (first[0]!.account.customers as { given_name: string }[])[0]!.given_name = 'Changed';
    const second = realisticAccounts();
    // Assess
    expect(JSON.stringify(second)).toBe(JSON.stringify(accounts));
    expect(new Set(second.map(({ name }) => name)).size).toBe(second.length);
    expect(new Set(second.map(({ account }) => account.external_account_number)).size).toBe(second.length);
    expect(second.every(({ account }) => account.import_supplier === 'ACME')).toBe(true);
  });
});
