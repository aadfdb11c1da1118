import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExtraChoices } from '../../functions/rules/post-import/choices.js';
import { environmentConfig, environments } from '../../infra/config/environments.js';
import { PROJECT_ROOT } from '../../infra/constructs/service-function.js';
import type { FunctionDefinition } from '../../infra/function-definition.js';
import { apiFunctions, backgroundFunctions } from '../../infra/routes.js';
import { cdkJsonContext, logicalIdOf, SKIP_BUNDLING, synth } from './support/synth.js';

const definitions: readonly FunctionDefinition[] = [...apiFunctions, ...Object.values(backgroundFunctions)];

function variablesOf(env: string, functionId: string): Record<string, unknown> {
  const { stack, template } = synth(env);
  const fn = template.findResources('AWS::Lambda::Function')[logicalIdOf(stack.functions.get(functionId)!)];
  return fn!.Properties.Environment.Variables;
}

describe('each function gets only the configuration it needs', () => {
  it.each(definitions.map((d) => [d.id, d] as const))('%s', (_, definition) => {
    // Prepare
    const { stack } = synth('dev');
    const isPublisher = definition.id === backgroundFunctions.publisher.id;

    // Act
    const variables = variablesOf('dev', definition.id);

    // Assess
    const expected = [
      'NODE_OPTIONS',
      ...(definition.table ? ['DATA_IMPORT_TABLE_NAME', 'DATA_IMPORT_SUPPLIER_CACHE_SECONDS'] : []),
      ...(definition.readsDocuments ? ['DATA_IMPORT_BUCKET_NAME'] : []),
      ...(definition.readsSigningKey ? ['DATA_IMPORT_TOKEN_SIGNING_SECRET_ARN'] : []),
      ...(definition.readsVendorCredentials
        ? ['DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN', 'DATA_IMPORT_STRIPE_API_URL']
        : []),
      ...(definition.readsExtraChoices ? ['DATA_IMPORT_EXTRA_CHOICES'] : []),
      ...(isPublisher ? ['DATA_IMPORT_EVENT_BUS_NAME'] : []),
      ...(definition.sendsTasks ? ['DATA_IMPORT_TASK_QUEUE_URL'] : []),
      ...(definition.bulkJobObjects ? ['DATA_IMPORT_BULK_BUCKET_NAME'] : []),
      ...(definition.sendsBulkJobLines ? ['DATA_IMPORT_BULK_QUEUE_URL'] : []),
      ...(definition.sendsBulkJobReads ? ['DATA_IMPORT_BULK_READER_QUEUE_URL'] : []),
      ...(definition.id === backgroundFunctions.bulkJobReader.id ? ['DATA_IMPORT_BULK_JOB_CONCURRENCY'] : []),
    ];
    expect(Object.keys(variables).sort()).toEqual(expected.sort());
    if ('DATA_IMPORT_TABLE_NAME' in variables) {
      expect(variables.DATA_IMPORT_TABLE_NAME).toEqual({ Ref: logicalIdOf(stack.resources.table) });
      expect(variables.DATA_IMPORT_SUPPLIER_CACHE_SECONDS).toBe('30');
    }
    if (definition.readsVendorCredentials) {
      expect(variables.DATA_IMPORT_STRIPE_API_URL).toBe('https://api.stripe.com');
    }
    if (definition.bulkJobObjects) {
      expect(variables.DATA_IMPORT_BULK_BUCKET_NAME).toEqual({ Ref: logicalIdOf(stack.resources.bulkJobs) });
    }
  });

  it('gives the bulk jobs reader the environment’s bulkJobConcurrency, the worker’s event source the same limit', () => {
    // Prepare
    const { stack, template } = synth('prod');

    // Act
    const variables = variablesOf('prod', backgroundFunctions.bulkJobReader.id);
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) =>
        JSON.stringify(mapping.Properties.FunctionName).includes(
          logicalIdOf(stack.functions.get(backgroundFunctions.bulkJobWorker.id)!),
        ),
    );

    // Assess
    expect(variables.DATA_IMPORT_BULK_JOB_CONCURRENCY).toBe(String(environments.prod!.bulkJobConcurrency));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: environments.prod!.bulkJobConcurrency },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('passes the environment’s extra enumeration values as JSON', () => {
    // Act
    const variables = variablesOf('dev', 'create-transactions');

    // Assess
    expect(JSON.parse(variables.DATA_IMPORT_EXTRA_CHOICES as string)).toEqual(environments.dev!.extraChoices);
  });

  it.each(Object.keys(environments))(
    '%s: the extra enumeration values are ones the functions accept',
    (env) => {
      // Act
      const raw = JSON.stringify(environments[env]!.extraChoices);

      // Assess
      expect(() => parseExtraChoices(raw)).not.toThrow();
    },
  );
});

describe('no secret value in any environment variable', () => {
  it('passes secrets by ARN (a reference to the secret), never by value or dynamic reference', () => {
    // Prepare
    const { stack, template } = synth('dev');
    const secretIds = [stack.resources.tokenSigningKey, stack.resources.stripeApiKey].map(logicalIdOf);

    // Act
    const all = Object.values(template.findResources('AWS::Lambda::Function')).map(
      (f) => (f.Properties.Environment?.Variables ?? {}) as Record<string, unknown>,
    );

    // Assess
    const secretVariables = all.flatMap((variables) =>
      Object.entries(variables).filter(([name]) => /SECRET|KEY|TOKEN|PASSWORD/.test(name)),
    );
    expect(secretVariables.length).toBeGreaterThanOrEqual(3);
    for (const [name, value] of secretVariables) {
      expect(name).toMatch(/_SECRET_ARN$/);
      expect(value).toEqual({ Ref: expect.toBeOneOf(secretIds) });
    }
    const rendered = JSON.stringify(all);
    expect(rendered).not.toMatch(/resolve:secretsmanager|SecretString|sk_live|sk_test/);
  });

  it('generates the signing key inside Secrets Manager as {"current": 64 characters}', () => {
    // Assess
    synth('dev').template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: {
        SecretStringTemplate: '{}',
        GenerateStringKey: 'current',
        PasswordLength: 64,
        ExcludePunctuation: true,
      },
    });
  });
});

describe('per-environment configuration', () => {
  it('knows dev, staging and prod, and only prod retains data and protects the table', () => {
    // Assess
    expect(Object.keys(environments)).toEqual(expect.arrayContaining(['dev', 'staging', 'prod']));
    expect(environmentConfig('prod').deletionProtection).toBe(true);
    expect(environmentConfig('prod').removalPolicy).toBe('retain');
    for (const name of ['dev', 'staging']) {
      expect(environmentConfig(name).deletionProtection).toBe(false);
      expect(environmentConfig(name).removalPolicy).toBe('destroy');
    }
  });

  it('rejects an unknown environment name with an error that lists the known ones', () => {
    // Assess
    expect(() => environmentConfig('qa')).toThrow(/Unknown environment "qa".*dev, staging, prod/);
    expect(() => environmentConfig('__proto__')).toThrow(/Unknown environment/);
  });

  it('keeps each environment’s log retention on every function log group', () => {
    for (const env of ['dev', 'prod']) {
      // Act
      const groups = Object.values(synth(env).template.findResources('AWS::Logs::LogGroup'));

      // Assess
      expect(groups.length).toBeGreaterThan(definitions.length);
      for (const group of groups)
        expect(group.Properties.RetentionInDays).toBe(environments[env]!.logRetention);
    }
  });
});

describe('infra/app.ts, as `cdk synth -c env=<name>` runs it', () => {
  const runApp = (env: string) => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'data-import-cdk-'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'infra/app.ts')], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        // CloudFormation's own schema validation is left to `npm run synth` (seconds of CPU); cdk-nag runs.
        CDK_VALIDATION: 'false',
        CDK_OUTDIR: outdir,
        CDK_CONTEXT_JSON: JSON.stringify({ ...cdkJsonContext, ...SKIP_BUNDLING, env }),
      },
    });
    const manifest = result.status === 0 ? readFileSync(path.join(outdir, 'manifest.json'), 'utf8') : '';
    rmSync(outdir, { recursive: true, force: true });
    return { ...result, manifest };
  };

  it('synthesizes the service stack and the schema registry stack of the named environment', () => {
    // Act
    const { status, stderr, manifest } = runApp('staging');

    // Assess
    expect(stderr).not.toMatch(/AwsSolutions-/);
    expect(status).toBe(0);
    expect(Object.keys(JSON.parse(manifest).artifacts)).toEqual(
      expect.arrayContaining(['DataImport-staging', 'DataImportSchemas']),
    );
    // The whole CDK app in a process of its own: seconds alone, past 30 s on a loaded 2-core machine.
  }, 120_000);

  it('fails clearly for an unknown environment', () => {
    // Act
    const { status, stderr } = runApp('nope');

    // Assess
    expect(status).not.toBe(0);
    expect(stderr).toContain('Unknown environment "nope"');
  }, 120_000);
});
