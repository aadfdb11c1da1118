import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutNulls } from '../../../functions/rules/account/account.js';
import { configurationRuleOutcome } from '../../../functions/rules/energy-account/configuration-rules.js';
import { parseReferenceFile } from '../../../functions/rules/reference-data/reference-file.js';
import type {
  ReferenceData,
  ReferenceKind,
} from '../../../functions/rules/reference-data/reference-kinds.js';
import { type SetSupplierSettings, supplierSettings } from '../../../functions/rules/supplier-settings.js';
import { ruleClasses } from '../../../schemas/account/rule-classes.js';
import { projectRoot } from '../../../schemas/project-root.js';
import { domesticDualFuelAccount } from '../../account-schema/energy-account-fixture.js';
import { type Json, TODAY } from '../cases/case-shape.js';

/** The local example set (infra/local/reference-data.json), which the fixture passes. */
export function exampleReferenceData(): ReferenceData {
  const parsed = parseReferenceFile(
    JSON.parse(readFileSync(path.join(projectRoot, 'infra/local/reference-data.json'), 'utf8')),
  );
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.data;
}

/**
 * One breach of a rule that needs the platform's configuration: `change` breaks it on the
 * dual-fuel fixture, judged against the example reference data (with `data` changed, if given)
 * and the supplier's `settings` over the defaults; the account then answers exactly `answers`.
 */
export interface ConfigurationCase {
  /** The rule's key in schemas/account/rule-classes.ts. */
  rule: string;
  when: string;
  change?: (account: Json) => void;
  data?: (data: ReferenceData) => void;
  settings?: SetSupplierSettings;
  answers: readonly (readonly [attr: string, code: string])[];
}

/** What the configuration rules answer for an account: errors as [attr, code], warnings as [attr, kind]. */
export function judgedWith(
  account: Json,
  data: ReferenceData,
  settings: SetSupplierSettings = {},
  today = TODAY,
) {
  const outcome = configurationRuleOutcome(withoutNulls(account), data, supplierSettings(settings), today);
  return {
    errors: outcome.errors.map(({ attr, code }) => [attr, code] as const),
    warnings: outcome.warnings.map(({ attr, kind }) => [attr, kind] as const),
  };
}

function prepared(ruleCase: ConfigurationCase) {
  const account: Json = domesticDualFuelAccount();
  ruleCase.change?.(account);
  const data = structuredClone(exampleReferenceData());
  ruleCase.data?.(data);
  return { account, data };
}

/**
 * A `describe` per rule, named by its words in the project, an `it` per case and, for a
 * reference-data rule, an `it` showing it skipped while a kind it needs is not loaded.
 */
export function describeConfigurationCases(cases: readonly ConfigurationCase[]): void {
  const byRule = new Map<string, ConfigurationCase[]>();
  for (const ruleCase of cases) byRule.set(ruleCase.rule, [...(byRule.get(ruleCase.rule) ?? []), ruleCase]);
  for (const [rule, ruleCases] of byRule) {
    const entry = ruleClasses[rule];
    describe(`${entry?.title ?? rule}: ${entry?.checks ?? '(not classed)'}`, () => {
      for (const ruleCase of ruleCases) {
        const answer = ruleCase.answers.map(([attr, code]) => `${code} at ${attr}`).join(', ') || 'nothing';
        it(`${ruleCase.when}: answers ${answer}`, () => {
          // Prepare
          const { account, data } = prepared(ruleCase);
          // Act
          const { errors } = judgedWith(account, data, ruleCase.settings);
          // Assess
          expect(entry?.enforcedIn).toBeDefined();
          expect(errors).toEqual(ruleCase.answers);
        });
      }
      const breaking = ruleCases.find((ruleCase) => ruleCase.answers.length > 0);
      if (entry?.class !== 'reference-data' || !breaking) return;
      const kinds = (entry.needs ?? []) as ReferenceKind[];
      it(`is skipped while ${kinds.join(' or ')} is not loaded, and the answer warns reference_data_not_loaded`, () => {
        // Prepare
        const { account, data } = prepared(breaking);
        for (const kind of kinds) delete data[kind];
        // Act
        const { errors, warnings } = judgedWith(account, data, breaking.settings);
        // Assess
        expect(errors).toEqual([]);
        expect(warnings.map(([, kind]) => kind).sort()).toEqual([...kinds].sort());
      });
    });
  }
}
