import { describe, expect, it } from 'vitest';
import { validateEnergyAccount } from '../../functions/account-validation/validate-energy-account.js';
import { payloadRuleFiles } from '../../functions/rules/energy-account/account-rule-errors.js';
import { publishedRules } from '../../schemas/account/published-rules.js';
import { ruleClasses, ruleKey } from '../../schemas/account/rule-classes.js';
import { domesticDualFuelAccount } from '../account-schema/energy-account-fixture.js';
import { allRuleCases } from './cases/all-cases.js';
import { type Json, judged } from './cases/case-shape.js';

const implemented = payloadRuleFiles.flatMap(({ rules }) => rules);

describe('Every published rule of the account payload is classed, and every payload-only one is enforced', () => {
  it('the classification names each of the published rules once, and nothing else', () => {
    // Act
    const keys = publishedRules.map(ruleKey);
    // Assess
    expect(new Set(keys).size).toBe(publishedRules.length);
    expect(Object.keys(ruleClasses).sort()).toEqual([...keys].sort());
  });

  it('each implemented rule is a published rule classed payload-only, answering only its published codes', () => {
    // Prepare
    const published = new Map(publishedRules.map((rule) => [ruleKey(rule), rule]));
    // Act / Assess
    for (const rule of implemented) {
      expect(ruleClasses[rule.rule]?.class, rule.rule).toBe('payload');
      for (const code of rule.codes) expect(published.get(rule.rule)?.codes, rule.rule).toContain(code);
    }
    expect(new Set(implemented.map((rule) => rule.rule)).size).toBe(implemented.length);
  });

  it('the classification names the file each implemented rule lives in, and only those (the rules page is generated from it)', () => {
    // Prepare
    const expected = Object.fromEntries(
      payloadRuleFiles.flatMap(({ file, rules }) => rules.map((rule) => [rule.rule, file])),
    );
    // Act
    const named = Object.fromEntries(
      Object.entries(ruleClasses).flatMap(([key, entry]) => (entry.file ? [[key, entry.file]] : [])),
    );
    // Assess
    expect(named).toEqual(expected);
  });

  it('each implemented rule has a case that breaks it alone (so its test fails without it)', () => {
    // Prepare
    const covered = new Set(allRuleCases.map((ruleCase) => ruleCase.rule));
    // Act
    const uncovered = implemented.map((rule) => rule.rule).filter((rule) => !covered.has(rule));
    // Assess
    expect(uncovered).toEqual([]);
  });

  it("every case's payload is still a valid EnergyAccount: the rules judge what the schema admits", () => {
    // Act
    const invalid = allRuleCases.filter((ruleCase) => {
      const account: Json = domesticDualFuelAccount();
      ruleCase.change(account);
      return !validateEnergyAccount(account).valid;
    });
    // Assess
    expect(invalid.map(({ rule, when }) => `${rule}: ${when}`)).toEqual([]);
  });

  it('the realistic dual-fuel account breaks no rule', () => {
    // Act / Assess
    expect(judged(domesticDualFuelAccount())).toEqual([]);
  });
});
