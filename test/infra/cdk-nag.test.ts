import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { synth } from './support/synth.js';

/**
 * cdk-nag 3 reports through CDK's validation plugins (not annotations): a pack's
 * `validateScope` returns the findings that no `Validations.of(…).acknowledge` covers, and
 * `cdk synth` fails on them. `infra/app.ts` registers the pack on the app.
 */
const unacknowledged = (app: App) =>
  new AwsSolutionsChecks().validateScope(app).violations.map((v) => ({
    rule: v.ruleName,
    severity: v.severity,
    resources: v.violatingResources.map((r) => r.constructPath),
  }));

describe('cdk-nag AwsSolutions: nothing unacknowledged', () => {
  it.each(['dev', 'staging', 'prod'])(
    '%s: no AwsSolutions error or warning is left unacknowledged',
    (env) => {
      // Act
      const findings = unacknowledged(synth(env, { full: true }).app);

      // Assess
      expect(findings).toEqual([]);
    },
  );

  it('would report a finding: an unencrypted, unlogged bucket added to the app is caught', () => {
    // Prepare
    const { app } = synth('dev', { full: true });
    const probeApp = new App();
    new Bucket(new Stack(probeApp, 'Probe'), 'Open');

    // Act
    const findings = unacknowledged(probeApp);

    // Assess
    expect(unacknowledged(app)).toEqual([]);
    expect(findings.map((f) => f.rule)).toEqual(
      expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']),
    );
  });
});

describe('every acknowledged finding carries a real reason', () => {
  it.each(['dev', 'prod'])(
    '%s: each acknowledgement names an AwsSolutions rule and explains itself',
    (env) => {
      // Prepare
      const { app } = synth(env);

      // Act
      const acknowledgements = app.node
        .findAll()
        .flatMap((c) => c.node.metadata)
        .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((m) => Object.entries(m.data as Record<string, string>));

      // Assess
      expect(acknowledgements.length).toBeGreaterThan(0);
      for (const [id, reason] of acknowledgements) {
        expect(id).toMatch(/^(Annotation::)?AwsSolutions-[A-Z]+\d+(\[.+\])?$/i);
        expect(reason.length, id).toBeGreaterThanOrEqual(40);
      }
    },
  );
});
