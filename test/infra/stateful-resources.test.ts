import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { type IndexDefinition, tableDefinition } from '../../functions/store/table-definition.js';
import { arnOf, logicalIdOf, synth } from './support/synth.js';

describe('the table is built from functions/store/table-definition.ts', () => {
  it('has the definition’s key schema and global secondary indexes, nothing else', () => {
    // Prepare
    const { template } = synth('dev');
    const definedIndexes: readonly IndexDefinition[] = tableDefinition.globalSecondaryIndexes;
    const indexes = definedIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: index.nonKeyAttributes
        ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.nonKeyAttributes] }
        : { ProjectionType: 'ALL' },
    }));

    // Act
    const tables = Object.values(template.findResources('AWS::DynamoDB::Table'));

    // Assess
    expect(tables).toHaveLength(1);
    const table = tables[0]!.Properties;
    expect(table.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ]);
    expect(table.GlobalSecondaryIndexes).toEqual(indexes);
  });

  it('is on demand, streams new and old images, expires items on `expires_at`, has point-in-time recovery', () => {
    // Assess
    synth('dev').template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
    });
    expect(tableDefinition.timeToLiveAttribute).toBe('expires_at');
  });
});

describe('prod keeps its data; other environments clean up', () => {
  it('prod: the table has deletion protection and is retained with the stack', () => {
    // Assess
    synth('prod').template.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('prod: the documents bucket and the secrets are retained', () => {
    // Prepare
    const { template } = synth('prod');

    // Assess
    for (const type of ['AWS::S3::Bucket', 'AWS::SecretsManager::Secret']) {
      const resources = Object.values(template.findResources(type));
      expect(resources.length).toBeGreaterThan(0);
      for (const resource of resources) expect(resource.DeletionPolicy, type).toBe('Retain');
    }
    template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it('dev: the table is deleted with the stack and has no deletion protection', () => {
    // Prepare
    const { template } = synth('dev');

    // Assess
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
    const [table] = Object.values(template.findResources('AWS::DynamoDB::Table'));
    expect(table!.Properties.DeletionProtectionEnabled ?? false).toBe(false);
  });
});

describe('the documents bucket is private, TLS-only, encrypted and versioned', () => {
  it('blocks all public access and encrypts with S3-managed keys (documents, access logs, bulk jobs)', () => {
    // Prepare
    const { template } = synth('dev');

    // Act
    const buckets = Object.values(template.findResources('AWS::S3::Bucket'));

    // Assess
    expect(buckets).toHaveLength(3);
    for (const { Properties: bucket } of buckets) {
      expect(bucket.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.BucketEncryption).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
    }
  });

  it('denies every request not sent over TLS (every bucket)', () => {
    // Prepare
    const { template } = synth('dev');

    // Act
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));

    // Assess
    expect(policies).toHaveLength(3);
    for (const { Properties: policy } of policies) {
      expect(policy.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Principal: { AWS: '*' },
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('keeps bulk job files 30 days, removes incomplete uploads after a day, and logs their access', () => {
    // Prepare
    const { stack, template } = synth('dev');

    // Act
    const bucket = template.findResources('AWS::S3::Bucket')[logicalIdOf(stack.resources.bulkJobs)];

    // Assess
    expect(bucket?.Properties.LifecycleConfiguration.Rules).toEqual([
      { Status: 'Enabled', ExpirationInDays: 30, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } },
    ]);
    expect(bucket?.Properties.LoggingConfiguration.LogFilePrefix).toBe('bulk-jobs/');
  });

  it('versions the documents and writes server access logs to the log bucket', () => {
    // Prepare
    const { stack, template } = synth('dev');
    const logBucket = stack.node.findAll().find((c) => c.node.path.endsWith('Documents/AccessLogs/Resource'));

    // Assess
    expect(logBucket).toBeDefined();
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: { DestinationBucketName: { Ref: logicalIdOf(logBucket!) } },
    });
  });
});

describe('the event bus', () => {
  it('is the environment’s own bus, archived for replay', () => {
    // Prepare
    const { template } = synth('dev');

    // Assess
    template.hasResourceProperties('AWS::Events::EventBus', { Name: 'data-import-dev' });
    template.hasResourceProperties('AWS::Events::Archive', { EventPattern: { source: ['data-import'] } });
  });

  it('runs the expiry of staged processes every hour', () => {
    // Prepare
    const { stack, template } = synth('dev');
    const expiry = stack.functions.get('cancel-expired-import-processes')!;

    // Assess
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      Targets: [Match.objectLike({ Arn: arnOf(logicalIdOf(expiry)) })],
    });
  });
});
