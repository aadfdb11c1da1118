import { describe, expect, it } from 'vitest';
import {
  referenceRuleFiles,
  settingsRuleFiles,
} from '../../functions/rules/energy-account/configuration-rules.js';
import { REFERENCE_KINDS } from '../../functions/rules/reference-data/reference-kinds.js';
import { SUPPLIER_SETTING_NAMES } from '../../functions/rules/supplier-settings.js';
import { publishedRules } from '../../schemas/account/published-rules.js';
import { ruleClasses, ruleKey } from '../../schemas/account/rule-classes.js';
import { domesticDualFuelAccount } from '../account-schema/energy-account-fixture.js';
import { realisticAccounts, withFreshIdentifiers } from '../support/realistic-accounts/index.js';
import { choiceCases } from './configuration/choice-cases.js';
import { exampleReferenceData, judgedWith } from './configuration/configuration-case.js';
import { productCases } from './configuration/product-cases.js';
import { psrCases, referenceDataCases } from './configuration/reference-data-cases.js';
import { settingsCases } from './configuration/settings-cases.js';

const published = new Map(publishedRules.map((rule) => [ruleKey(rule), rule]));
const enforced = [
  ...referenceRuleFiles.flatMap(({ file, rules }) =>
    rules.map((rule) => ({
      rule: rule.rule,
      codes: rule.codes,
      file,
      needs: rule.kinds,
      class: 'reference-data',
    })),
  ),
  ...settingsRuleFiles.flatMap(({ file, rules }) =>
    rules.map((rule) => ({
      rule: rule.rule,
      codes: rule.codes,
      file,
      needs: rule.settings,
      class: 'supplier-settings',
    })),
  ),
];
const cases = [...referenceDataCases, ...psrCases, ...choiceCases, ...productCases, ...settingsCases];

describe('Every reference-data and supplier-settings rule enforced is classed, documented and has a case', () => {
  it('each is a published rule of its class, answering only its published codes, and enforced once', () => {
    // Act / Assess
    for (const rule of enforced) {
      expect(ruleClasses[rule.rule]?.class, rule.rule).toBe(rule.class);
      for (const code of rule.codes) expect(published.get(rule.rule)?.codes, rule.rule).toContain(code);
    }
    expect(new Set(enforced.map((rule) => rule.rule)).size).toBe(enforced.length);
  });

  it('the classification names the file each enforced rule lives in and what it needs, and only those (the rules page is generated from it)', () => {
    // Prepare
    const expected = Object.fromEntries(enforced.map((rule) => [rule.rule, [rule.file, [...rule.needs]]]));
    // Act
    const named = Object.fromEntries(
      Object.entries(ruleClasses).flatMap(([key, entry]) =>
        entry.enforcedIn ? [[key, [entry.enforcedIn, [...(entry.needs ?? [])]]]] : [],
      ),
    );
    // Assess
    expect(named).toEqual(expected);
  });

  it('every reference-data and supplier-settings rule not enforced says what it needs and why it is not', () => {
    // Act
    const unexplained = Object.entries(ruleClasses)
      .filter(([, entry]) => entry.class === 'reference-data' || entry.class === 'supplier-settings')
      .filter(([, entry]) => !entry.enforcedIn && !(entry.needs?.length && entry.notEnforced))
      .map(([key]) => key);
    // Assess
    expect(unexplained).toEqual([]);
  });

  it('every enforced rule has a case that breaks it (so its test fails without it)', () => {
    // Prepare
    const broken = new Set(cases.filter((c) => c.answers.length > 0).map((c) => c.rule));
    // Act / Assess
    expect(enforced.map((rule) => rule.rule).filter((rule) => !broken.has(rule))).toEqual([]);
  });

  it('the kinds and settings named are ones the service has', () => {
    // Act
    const unknown = enforced.flatMap((rule) =>
      rule.needs.filter(
        (need) => !([...REFERENCE_KINDS, ...SUPPLIER_SETTING_NAMES] as string[]).includes(need),
      ),
    );
    // Assess
    expect(unknown).toEqual([]);
  });
});

describe('The local example reference data and the default settings let every example account pass', () => {
  const accounts = [
    ...realisticAccounts(),
    ...realisticAccounts().map(({ name, account }) => ({
      name: `${name} (fresh)`,
      account: withFreshIdentifiers(account),
    })),
    { name: 'the dual-fuel fixture', account: domesticDualFuelAccount() },
  ];

  it.each(accounts.map(({ name, account }) => [name, account] as const))(
    '%s breaks no reference-data or supplier-settings rule and needs no kind that is not loaded',
    (_name, account) => {
      // Act
      const outcome = judgedWith(account as Record<string, unknown>, exampleReferenceData());
      // Assess
      expect(outcome).toEqual({ errors: [], warnings: [] });
    },
  );

  it('the example set loads every kind', () => {
    // Act / Assess
    expect(Object.keys(exampleReferenceData()).sort()).toEqual([...REFERENCE_KINDS].sort());
  });
});
