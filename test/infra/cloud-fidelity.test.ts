import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { environmentConfig, environments, PLACEHOLDER_ACCOUNTS } from '../../infra/config/environments.js';
import { MAX_RESOURCES_PER_STACK } from '../../infra/stacks/schema-registry-stack.js';
import { addServiceStack, SCHEMA_STACK_NAME } from '../../infra/stacks/service-app.js';
import { cdkJsonContext, logicalIdOf, SKIP_BUNDLING, synth } from './support/synth.js';

/** Known deploy breakers and operability, checked on the synthesized templates. */

type Resource = { Type: string; Properties: Record<string, unknown> };
const resourcesOf = (template: Template, type: string) =>
  Object.entries(template.findResources(type)) as [string, Resource][];

describe('Rule: every stack stays under CloudFormation’s 500 resources', () => {
  it.each(['dev', 'staging', 'prod'])('%s: each stack of the app has fewer than 500 resources', (env) => {
    // Prepare
    const { app } = synth(env, { full: true });
    // Act
    const stacks = app.node.children.filter((child): child is Stack => 'templateOptions' in child);
    // Assess
    expect(stacks.map((stack) => stack.stackName).sort()).toEqual([`DataImport-${env}`, SCHEMA_STACK_NAME]);
    for (const stack of stacks) {
      const count = Object.keys(Template.fromStack(stack).toJSON().Resources).length;
      expect(count, stack.stackName).toBeLessThan(MAX_RESOURCES_PER_STACK);
    }
  });
});

describe('Rule: the event archive is never synthesized with an empty KmsKeyIdentifier', () => {
  it('omits KmsKeyIdentifier (AWS owned key) instead of writing ""', () => {
    // Act
    const archives = resourcesOf(synth('dev').template, 'AWS::Events::Archive');
    // Assess
    expect(archives).toHaveLength(1);
    for (const [, archive] of archives) {
      expect(archive.Properties).not.toHaveProperty('KmsKeyIdentifier');
      expect(archive.Properties.RetentionDays).toBe(365);
    }
  });
});

describe('Rule: each environment is pinned to an account and a region', () => {
  it.each(Object.keys(environments))('%s: the stacks carry the configured account and region', (env) => {
    // Prepare
    const config = environmentConfig(env);
    // Act
    const { app, stack } = synth(env, { full: true });
    const schemas = app.node.findChild(SCHEMA_STACK_NAME) as Stack;
    // Assess
    expect(config.account).toMatch(/^\d{12}$/);
    expect(config.region).toMatch(/^[a-z]{2}(-[a-z]+)+-\d$/);
    expect({ account: stack.account, region: stack.region }).toEqual({
      account: config.account,
      region: config.region,
    });
    expect({ account: schemas.account, region: schemas.region }).toEqual({
      account: config.account,
      region: config.region,
    });
  });

  it('warns while an environment still has a placeholder account', () => {
    // Prepare
    const app = new App({ context: { ...cdkJsonContext, ...SKIP_BUNDLING } });
    const config = environmentConfig('dev');
    // Act
    const stack = addServiceStack(app, config);
    const warnings = stack.node.metadata.filter((entry) => entry.type === 'aws:cdk:warning');
    // Assess
    expect(PLACEHOLDER_ACCOUNTS.has(config.account)).toBe(true);
    expect(warnings.map((entry) => String(entry.data))).toEqual([
      expect.stringContaining('placeholder account'),
    ]);
  });

  it('deploys the schema registries once per account: the same stack name whatever the environment', () => {
    // Act
    const names = ['dev', 'prod'].map(
      (env) => (synth(env, { full: true }).app.node.findChild(SCHEMA_STACK_NAME) as Stack).stackName,
    );
    // Assess
    expect(names).toEqual([SCHEMA_STACK_NAME, SCHEMA_STACK_NAME]);
  });
});

describe('Rule: every alarm notifies the environment’s alarm topic', () => {
  it.each(['dev', 'prod'])(
    '%s: every AWS::CloudWatch::Alarm has AlarmActions to the topic the stack creates',
    (env) => {
      // Prepare
      const { template, stack } = synth(env);
      const topicId = logicalIdOf(stack.monitoring.topic as never);
      // Act
      const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm');
      // Assess
      expect(alarms.length).toBeGreaterThan(0);
      for (const [id, alarm] of alarms) {
        expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
        expect(String(alarm.Properties.AlarmDescription).length, id).toBeGreaterThan(40);
      }
    },
  );

  it('uses an existing topic when the configuration names one, creating none', () => {
    // Prepare
    const topicArn = 'arn:aws:sns:eu-west-2:111111111111:on-call';
    const app = new App({ context: { ...cdkJsonContext, ...SKIP_BUNDLING } });
    // Act
    const template = Template.fromStack(
      addServiceStack(app, { ...environmentConfig('dev'), alarmTopicArn: topicArn }),
    );
    // Assess
    template.resourceCountIs('AWS::SNS::Topic', 0);
    for (const [, alarm] of resourcesOf(template, 'AWS::CloudWatch::Alarm')) {
      expect(alarm.Properties.AlarmActions).toEqual([topicArn]);
    }
  }, 180_000);

  it('creates a topic of its own that refuses plain HTTP and is encrypted with a key CloudWatch may use', () => {
    // Prepare
    const { template } = synth('dev');
    // Act
    const [[, topic]] = resourcesOf(template, 'AWS::SNS::Topic') as [[string, Resource]];
    const [[, policy]] = resourcesOf(template, 'AWS::SNS::TopicPolicy') as [[string, Resource]];
    const [[, key]] = resourcesOf(template, 'AWS::KMS::Key') as [[string, Resource]];
    // Assess
    expect(topic.Properties).toMatchObject({
      TopicName: 'data-import-dev-alarms',
      KmsMasterKeyId: expect.anything(),
    });
    expect(JSON.stringify(policy.Properties)).toContain('"aws:SecureTransport":"false"');
    expect(JSON.stringify(key.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
    expect(key.Properties.EnableKeyRotation).toBe(true);
  });
});

describe('Rule: alarms cover the API, every function, the publisher, every dead-letter queue and the payment vendor', () => {
  const { template, stack } = synth('dev');
  const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
  const byMetric = (metricName: string, dimension: unknown) =>
    alarms.filter(
      (alarm) =>
        alarm.MetricName === metricName &&
        JSON.stringify(alarm.Dimensions ?? []).includes(JSON.stringify(dimension)),
    );

  it('alarms on errors and on throttles of every function', () => {
    expect(stack.functions.size).toBeGreaterThan(10);
    for (const [functionId, fn] of stack.functions) {
      const ref = { Ref: logicalIdOf(fn) };
      expect(byMetric('Errors', ref), functionId).toHaveLength(1);
      expect(byMetric('Throttles', ref), functionId).toHaveLength(1);
    }
  });

  it('alarms on the publisher’s iterator age', () => {
    expect(byMetric('IteratorAge', { Ref: logicalIdOf(stack.publisher.function) })).toHaveLength(1);
  });

  it('alarms on every dead-letter queue of the stack (every queue no function consumes) as soon as it holds a message', () => {
    const consumed = JSON.stringify(
      resourcesOf(template, 'AWS::Lambda::EventSourceMapping').map(([, mapping]) => mapping.Properties),
    );
    const queues = resourcesOf(template, 'AWS::SQS::Queue').filter(
      ([queueId]) => !consumed.includes(`"${queueId}"`),
    );
    expect(queues.length).toBeGreaterThanOrEqual(2);
    for (const [queueId] of queues) {
      const [alarm] = byMetric('ApproximateNumberOfMessagesVisible', {
        'Fn::GetAtt': [queueId, 'QueueName'],
      });
      expect(alarm, queueId).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it('alarms on the share of API 5xx answers', () => {
    const rate = alarms.filter((alarm) => JSON.stringify(alarm.Metrics ?? []).includes('5XXError'));
    expect(rate).toHaveLength(1);
    expect(JSON.stringify(rate[0]!.Metrics)).toContain('100 * errors / requests');
  });

  it('alarms on payment vendor persistent failures, counted from the log lines that carry the code', () => {
    const filters = resourcesOf(template, 'AWS::Logs::MetricFilter').map(([, filter]) => filter.Properties);
    const vendorFilter = filters.find((filter) =>
      String(filter.FilterPattern).includes('payment_vendor_persistent_failure'),
    );
    expect(vendorFilter).toMatchObject({
      MetricTransformations: [
        expect.objectContaining({
          MetricName: 'PaymentVendorPersistentFailures',
          MetricNamespace: 'DataImport/dev',
        }),
      ],
    });
    expect(alarms.filter((alarm) => alarm.MetricName === 'PaymentVendorPersistentFailures')).toHaveLength(1);
  });
});

describe('Rule: one dashboard per environment', () => {
  it.each(['dev', 'prod'])(
    '%s: its dashboard shows imports per supplier, status codes, latency and event delivery',
    (env) => {
      // Act
      const dashboards = resourcesOf(synth(env).template, 'AWS::CloudWatch::Dashboard');
      // Assess
      expect(dashboards).toHaveLength(1);
      const [[, dashboard]] = dashboards as [[string, Resource]];
      expect(dashboard.Properties.DashboardName).toBe(`data-import-${env}`);
      const body = JSON.stringify(dashboard.Properties.DashboardBody);
      for (const title of [
        'Accounts imported per supplier',
        'Responses per status code',
        'API latency',
        'Event delivery',
      ]) {
        expect(body).toContain(title);
      }
    },
  );
});

describe('Rule: the STRIPE credentials secret starts as a recognisable placeholder', () => {
  it('is created as {"api_key": "NOT_CONFIGURED"}, not a random value', () => {
    // Prepare
    const { template, stack } = synth('dev');
    // Act
    const secret = template.toJSON().Resources[logicalIdOf(stack.resources.stripeApiKey)] as Resource;
    // Assess
    expect(secret.Properties).not.toHaveProperty('GenerateSecretString');
    expect(JSON.parse(String(secret.Properties.SecretString))).toEqual({ api_key: 'NOT_CONFIGURED' });
  });
});
