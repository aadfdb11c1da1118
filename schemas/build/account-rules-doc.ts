import { publishedRules } from '../account/published-rules.js';
import { type RuleClass, ruleClasses, ruleKey } from '../account/rule-classes.js';
import { GENERATED_HEADER, type GeneratedFile } from './generated-file.js';

/**
 * `docs/api/account-rules.md`: a row per published rule of the account payload, grouped by
 * component, from schemas/account/rule-classes.ts (what it needs, in the project's words, and the
 * file of functions/rules/energy-account/ each payload-only rule lives in).
 */
export const ACCOUNT_RULES_PAGE = 'docs/api/account-rules.md';
const RULES_FOLDER = 'functions/rules/energy-account';

const WHERE: Record<Exclude<RuleClass, 'payload'>, string> = {
  'reference-data': 'needs reference data',
  'supplier-settings': 'needs supplier settings',
  creation: 'checked at creation',
  'not-in-payload': 'nothing to judge',
};

const cell = (value: string) => value.replace(/\|/g, '\\|');
const code = (value: string) => `\`${value}\``;

/** Where each implemented payload rule lives, by rule key. */
export function payloadRuleLocations(): Map<string, string> {
  const locations = new Map<string, string>();
  for (const [key, entry] of Object.entries(ruleClasses)) {
    if (entry.file) locations.set(key, `${RULES_FOLDER}/${entry.file}`);
  }
  return locations;
}

export function accountRulesPage(): string {
  const locations = payloadRuleLocations();
  const where = (key: string, ruleClass: RuleClass) => {
    const entry = ruleClasses[key];
    if (entry?.needs) {
      const needs = `${WHERE[ruleClass as 'reference-data']}: ${entry.needs.map(code).join(', ')}`;
      return entry.enforcedIn
        ? `[${entry.enforcedIn}](../../${RULES_FOLDER}/${entry.enforcedIn}) (${needs})`
        : `not enforced (${needs}): ${entry.notEnforced ?? ''}`;
    }
    if (ruleClass !== 'payload') return WHERE[ruleClass];
    const file = locations.get(key);
    return file ? `[${file.slice(RULES_FOLDER.length + 1)}](../../${file})` : 'payload: not yet enforced';
  };
  const counts = new Map<string, number>();
  const sections = new Map<string, string[]>();
  for (const rule of publishedRules) {
    const key = ruleKey(rule);
    const entry = ruleClasses[key];
    if (!entry) throw new Error(`schemas/account/rule-classes.ts does not class the rule "${key}"`);
    const place = where(key, entry.class);
    const tally =
      entry.class === 'payload'
        ? locations.has(key)
          ? 'enforced at validation'
          : place
        : entry.needs
          ? `${WHERE[entry.class]}: ${entry.enforcedIn ? 'enforced at validation and creation' : 'not enforced'}`
          : place;
    counts.set(tally, (counts.get(tally) ?? 0) + 1);
    const at = rule.attr ? code(rule.attr) : rule.schema === 'EnergyAccount' ? 'the account' : 'each item';
    const codes = rule.codes.length > 0 ? rule.codes.map(code).join(', ') : '(none)';
    const row = `| ${cell(entry.title)} | ${at} | ${codes} | ${cell(entry.checks)} | ${place} |`;
    sections.set(rule.schema, [...(sections.get(rule.schema) ?? []), row]);
  }
  const summary = [...counts].map(([what, count]) => `| ${what} | ${count} |`);
  const tables = [...sections].flatMap(([schema, rows]) => [
    `## ${schema}`,
    '',
    '| Rule | On | Code | What it checks | Where |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ]);
  return [
    '# Account rules',
    '',
    `${GENERATED_HEADER} The sources are \`schemas/account/rule-classes.ts\` and the rule files of`,
    `\`${RULES_FOLDER}/\`.`,
    '',
    'Every validation rule the platform publishes for its account payload (`EnergyAccount`) and its',
    `components: ${publishedRules.length} rules. A rule enforced at validation answers with its published code in`,
    '`errors[].code`, at the dotted path of the offending field in `errors[].attr`',
    '(`supply_addresses.0.meter_points.1.agreements.0.effective_from`). A rule that needs reference data or',
    'supplier settings is judged at validation (v1 `validate-account/` and `create-or-update/`, v2',
    '`accounts/validate/` and `accounts/`) and again when the account is created, against the reference',
    "data loaded in the environment and the supplier's settings ([operations](../operations.md#reference-data));",
    'while a kind of reference data a rule needs is not loaded, the rule is skipped and the answer',
    "carries a `reference_data_not_loaded` warning naming the kind. A rule that needs the service's own",
    'data is judged when the account is created; a rule that reads fields the published account does',
    'not carry has nothing to judge.',
    '',
    '| Where | Rules |',
    '|---|---|',
    ...summary,
    '',
    ...tables,
  ].join('\n');
}

export async function generateAccountRulesDoc(): Promise<GeneratedFile[]> {
  return [{ path: ACCOUNT_RULES_PAGE, content: accountRulesPage() }];
}
