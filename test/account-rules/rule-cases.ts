import { describe, expect, it } from 'vitest';
import { ruleClasses } from '../../schemas/account/rule-classes.js';
import { domesticDualFuelAccount } from '../account-schema/energy-account-fixture.js';
import { type Json, judged, type RuleCase } from './cases/case-shape.js';

/** A `describe` per rule, named by its words in the project, and an `it` per case. */
export function describeRuleCases(cases: readonly RuleCase[]): void {
  const byRule = new Map<string, RuleCase[]>();
  for (const ruleCase of cases) byRule.set(ruleCase.rule, [...(byRule.get(ruleCase.rule) ?? []), ruleCase]);
  for (const [rule, ruleCases] of byRule) {
    const entry = ruleClasses[rule];
    describe(`${entry?.title ?? rule}: ${entry?.checks ?? '(not classed)'}`, () => {
      for (const ruleCase of ruleCases) {
        const answer = ruleCase.answers.map(([attr, code]) => `${code} at ${attr}`).join(', ');
        it(`${ruleCase.when}: answers ${answer}`, () => {
          // Prepare
          const account: Json = domesticDualFuelAccount();
          ruleCase.change(account);
          // Act
          const errors = judged(account);
          // Assess
          expect(entry?.class).toBe('payload');
          expect(errors).toEqual(ruleCase.answers);
        });
      }
    });
  }
}
