import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { synth } from './support/synth.js';

/**
 * cfn-lint (a Python tool, `pip install cfn-lint`) checks the synthesized templates against
 * CloudFormation's resource specifications: what `cdk synth` accepts but a deploy would refuse.
 * Without cfn-lint the check cannot run: in CI (`CI=true`) that is a failure; elsewhere it is
 * reported as a skipped test with a warning naming the tool, never passed silently.
 */
const version = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
const available = version.status === 0;
const MISSING =
  'cfn-lint is not installed (pip install cfn-lint): the synthesized templates were NOT linted.';

interface Finding {
  Level: 'Error' | 'Warning' | 'Informational';
  Rule: { Id: string };
  Message: string;
  Filename: string;
}

describe('Rule: cfn-lint reports no error in any synthesized template', () => {
  it('cfn-lint is available (required when CI=true)', (context) => {
    if (!available) {
      expect(process.env.CI, MISSING).not.toBe('true');
      console.warn(`WARNING: ${MISSING}`);
      context.skip(`WARNING: ${MISSING}`);
    }
    expect(version.stdout).toMatch(/cfn-lint \d+\.\d+/);
  });

  it.runIf(available)(
    'every template of every environment (service stacks and schema registries) lints without errors',
    () => {
      // Prepare: each environment's app as `cdk synth` writes it (the schema stack is the same in all)
      const templates = ['dev', 'staging', 'prod'].flatMap((env) => {
        const directory = synth(env, { full: true }).app.synth().directory;
        return readdirSync(directory)
          .filter((file) => file.endsWith('.template.json'))
          .filter((file) => env === 'dev' || file.startsWith(`DataImport-${env}`))
          .map((file) => path.join(directory, file));
      });
      expect(templates.map((file) => path.basename(file)).sort()).toEqual([
        'DataImport-dev.template.json',
        'DataImport-prod.template.json',
        'DataImport-staging.template.json',
        'DataImportSchemas.template.json',
      ]);

      // Act: one run for all (cfn-lint's start-up dominates)
      const result = spawnSync('cfn-lint', ['--format', 'json', ...templates], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const findings = JSON.parse(result.stdout || '[]') as Finding[];

      // Assess
      const errors = findings
        .filter((finding) => finding.Level === 'Error')
        .map((finding) => `${path.basename(finding.Filename)} ${finding.Rule.Id}: ${finding.Message}`);
      expect(errors).toEqual([]);
      // Exit status bit 2 means errors; 4 (warnings) and 8 (informational) are not failures.
      expect(result.status! & 2).toBe(0);
    },
    300_000,
  );
});
