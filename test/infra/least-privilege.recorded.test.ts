import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/constructs/service-function.js';
import { readRecordings } from '../support/aws-calls/recording.js';
import { BUNDLE_CALLS } from './support/least-privilege/bundle-calls.js';
import { bundleCode } from './support/least-privilege/bundle-code.js';
import { checkLeastPrivilege, type Findings } from './support/least-privilege/check.js';
import { functionRoles } from './support/least-privilege/function-roles.js';
import { synth } from './support/synth.js';

/**
 * Runs after every integration test (its own vitest project, a later group): the AWS calls the
 * functions made in them (test/support/aws-calls/recorder.ts) against the roles of a freshly
 * synthesized dev stack.
 */
const integrationTestFiles = () =>
  readdirSync(path.join(PROJECT_ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .map((file) => `test/${file.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.test.ts') && !/\.(unit|recorded)\.test\.ts$/.test(file))
    .sort();

describe('least privilege: each function’s role allows exactly what its code calls', () => {
  const recording = readRecordings(PROJECT_ROOT);
  let findings: Findings;

  beforeAll(async () => {
    const synthesized = synth('dev');
    const { roles, values } = functionRoles(synthesized);
    findings = await checkLeastPrivilege({
      roles,
      values,
      recorded: recording.calls,
      bundleCalls: BUNDLE_CALLS,
      bundles: await bundleCode(roles.map((role) => role.functionId)),
    });
  }, 120_000);

  it('the calls were recorded while every integration test file ran', () => {
    // Assess
    const ran = recording.testFiles.map((file) =>
      path.relative(PROJECT_ROOT, file).split(path.sep).join('/'),
    );
    expect(integrationTestFiles().filter((file) => !ran.includes(file))).toEqual([]);
    expect(recording.calls.length).toBeGreaterThan(0);
  });

  it('every resource a function calls is one the template gives it, by the same variable', () => {
    expect(findings.unmapped).toEqual([]);
  });

  it('every call a function makes is allowed by its role', () => {
    // Assess
    expect(findings.denied).toEqual([]);
    const count = (source: string) => findings.calls.filter((call) => call.source === source).length;
    const made = recording.calls.reduce((sum, call) => sum + call.count, 0);
    console.log(
      `least privilege: ${findings.calls.length} (function, action, resource) calls allowed ` +
        `(${count('recorded')} recorded from ${made} calls, ${count('bundle')} from bundles, ${count('platform')} Lambda's own); ` +
        `${findings.grants} (function, action, resource) grants, each used`,
    );
  });

  it('every action a role allows on a resource is used by a call of its function, or kept on purpose', () => {
    expect(findings.unused).toEqual([]);
  });

  it('every call listed for a bundle is still made by its module, and some bundle holds it', () => {
    expect(findings.staleBundleCalls).toEqual([]);
  });
});
