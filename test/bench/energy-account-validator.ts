import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { validateAccountBody } from '../../functions/account-validation/account-request-validators.js';
import { validateEnergyAccount } from '../../functions/account-validation/validate-energy-account.js';
import { EMBEDDED_ITEM_RULES } from '../../functions/rules/account/embedded-item-rules.js';
import { checkAccount } from '../../functions/rules/account/validate-account.js';
import { payloadRuleFiles } from '../../functions/rules/energy-account/account-rule-errors.js';
import { lambdaBundlingOptions } from '../../infra/constructs/bundling-options.js';
import { publishedRules } from '../../schemas/account/published-rules.js';
import { ruleClasses } from '../../schemas/account/rule-classes.js';
import { countLeafPaths } from '../../schemas/build/account-payload-tables.js';
import { ACCOUNT_ROOT, loadAccountComponents } from '../../schemas/build/account-schema-source.js';
import { projectRoot } from '../../schemas/project-root.js';
import { domesticDualFuelAccount, largeAccount } from '../account-schema/energy-account-fixture.js';

/**
 * `npx tsx test/bench/energy-account-validator.ts`: the figures of the whole-account schema and
 * its compiled validator. Leaf paths, components and published rules of the source; the rules
 * enforced; the validator's size, minified bundle and time to load in a fresh process; CPU time to
 * validate the fixture and a ~1 MB account, and to do for the 1 MB account all a function does with
 * its body (parse the JSON, validate, check every rule: the 50 ms target), median of runs after a
 * warm-up. The functions' cold starts are `npm run bench -- --only cold-start`.
 */

function cpuMedianMs(runs: number, act: () => void): number {
  for (let i = 0; i < 3; i += 1) act();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = process.cpuUsage();
    act();
    const { user, system } = process.cpuUsage(started);
    times.push((user + system) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function bundleFigures() {
  const outfile = path.join(projectRoot, '.local/bench/energy-account-validator.mjs');
  mkdirSync(path.dirname(outfile), { recursive: true });
  await build({
    entryPoints: [path.join(projectRoot, 'functions/account-validation/validate-energy-account.ts')],
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    // The functions' target (infra/constructs/bundling-options.ts): one place to move it.
    target: lambdaBundlingOptions.esbuild.target,
    outfile,
    logLevel: 'error',
  });
  const loads = Array.from({ length: 7 }, () =>
    Number(
      execFileSync(process.execPath, [
        '--input-type=module',
        '-e',
        'const s = process.cpuUsage(); await import(process.argv[1]); const { user, system } = process.cpuUsage(s); process.stdout.write(String((user + system) / 1000));',
        outfile,
      ]),
    ),
  ).sort((a, b) => a - b);
  return { bundleBytes: statSync(outfile).size, loadMs: loads[3]! };
}

const components = loadAccountComponents(projectRoot);
const rules = publishedRules;
const validator = readFileSync(
  path.join(projectRoot, 'functions/account-validation/generated/energy-account.js'),
);
const fixture = domesticDualFuelAccount();
const large = largeAccount(1_000_000);
for (const payload of [fixture, large])
  if (!validateEnergyAccount(payload).valid) throw new Error('fixture invalid');
const { bundleBytes, loadMs } = await bundleFigures();

const largeBody = JSON.stringify(large);
const wholeCheck = () => {
  const payload = JSON.parse(largeBody) as unknown;
  if (!validateAccountBody(payload)) throw new Error('large account invalid');
  if (checkAccount(payload, new Date()).errors.length > 0) throw new Error('large account breaks a rule');
};
/** Reference-data and settings rules that name the file enforcing them. */
const configurationEnforced = (kind: 'reference-data' | 'supplier-settings') =>
  Object.values(ruleClasses).filter(
    (entry) => entry.class === kind && (entry as { enforcedIn?: string }).enforcedIn !== undefined,
  ).length;
const ruleCount = payloadRuleFiles.reduce((sum, { rules: fileRules }) => sum + fileRules.length, 0);
const classes = Object.values(ruleClasses).reduce<Record<string, number>>((count, entry) => {
  count[entry.class] = (count[entry.class] ?? 0) + 1;
  return count;
}, {});

console.table({
  'published leaf paths declared': countLeafPaths(components),
  'top-level properties': Object.keys(components.get(ACCOUNT_ROOT)!.properties!).length,
  'component schemas': components.size,
  'published rules (with codes)': `${rules.length} (${rules.filter((rule) => rule.codes.length > 0).length})`,
  'distinct rule codes': new Set(rules.flatMap((rule) => rule.codes)).size,
  'validator bytes (gzip)': `${validator.length} (${gzipSync(validator).length})`,
  'minified bundle bytes': bundleBytes,
  'bundle load, fresh process (ms CPU, median of 7)': loadMs,
  'fixture bytes': JSON.stringify(fixture).length,
  'validate fixture (ms CPU, median)': cpuMedianMs(200, () => validateEnergyAccount(fixture)),
  'large account bytes': JSON.stringify(large).length,
  'validate large account (ms CPU, median)': cpuMedianMs(31, () => validateEnergyAccount(large)),
  'parse + validate + every rule, large account (ms CPU, median; target ≤ 50)': cpuMedianMs(31, wholeCheck),
  'payload rules enforced (rule objects)': ruleCount,
  'published rules by class': JSON.stringify(classes),
  'reference-data and settings rules enforced': `${configurationEnforced('reference-data')} of ${classes['reference-data']}, ${configurationEnforced('supplier-settings')} of ${classes['supplier-settings']}`,
  'published rules enforced in total': `${ruleCount + configurationEnforced('reference-data') + configurationEnforced('supplier-settings')} of ${rules.length}`,
  "embedded items' post-import rules": EMBEDDED_ITEM_RULES.length,
});
