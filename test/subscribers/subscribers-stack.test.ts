import { describe, expect, it } from 'vitest';
import { matchesEventPattern } from '../../infra/local/event-pattern.js';
import { subscriberEventPattern } from '../../infra/subscribers/subscriber-pattern.js';
import { logicalIdOf, statementsOfRole } from '../infra/support/synth.js';
import { everyCatalogueEnvelope, wanted } from './support/envelopes.js';
import { OTHER_ACCOUNT, subscribersOfEachKind, synthWithSubscribers } from './support/subscriber-stack.js';

const { stack, template, findings } = synthWithSubscribers(subscribersOfEachKind);

interface RuleResource {
  Properties: {
    Name: string;
    EventPattern: Record<string, unknown>;
    EventBusName: unknown;
    Targets: {
      Arn: unknown;
      RoleArn?: unknown;
      RetryPolicy?: { MaximumEventAgeInSeconds: number; MaximumRetryAttempts: number };
      DeadLetterConfig?: { Arn: unknown };
    }[];
  };
}

const ruleOf = (name: string): RuleResource => {
  const rules = Object.values(template.findResources('AWS::Events::Rule')) as RuleResource[];
  const rule = rules.find((r) => r.Properties.Name === name);
  if (!rule) throw new Error(`no rule ${name}`);
  return rule;
};

const deliveryOf = (name: string) => {
  const delivery = stack.node.findAll().find((c) => c.node.path.endsWith(`/Subscribers/${name}`));
  if (!delivery) throw new Error(`no delivery ${name}`);
  return delivery as import('../../infra/constructs/subscribers.js').SubscriberDelivery;
};

describe('Rule: each subscriber becomes one rule on the service bus with the shared pattern', () => {
  it.each(subscribersOfEachKind.map((s) => [s.name, s] as const))(
    '%s: the synthesized EventPattern is the shared pattern and matches what the local matcher matches',
    (name, subscriber) => {
      // Prepare
      const envelopes = everyCatalogueEnvelope();

      // Act
      const { EventPattern, EventBusName, Targets } = ruleOf(name).Properties;

      // Assess
      expect(EventPattern).toEqual(subscriberEventPattern(subscriber.events));
      expect(EventBusName).toEqual({ Ref: logicalIdOf(stack.node.findChild('EventBus')) });
      expect(Targets).toHaveLength(1);
      expect(
        envelopes.filter((e) => matchesEventPattern(EventPattern, e)).map((e) => e['detail-type']),
      ).toEqual(envelopes.filter((e) => wanted(subscriber.events, e)).map((e) => e['detail-type']));
    },
  );

  it('a subscriber list with a catalogue typo fails synthesis with a clear message', () => {
    // Act
    const synth = () =>
      synthWithSubscribers([
        { name: 'typo', events: ['account.craeted'], target: subscribersOfEachKind[0]?.target as never },
      ]);

    // Assess
    expect(synth).toThrow(
      /environment dev: subscribers\[0\]\.events\[0\]: "account.craeted" is not an event type/,
    );
  });
});

describe('Rule: every target retries, then dead-letters to its own queue, which alarms', () => {
  it.each(subscribersOfEachKind.map((s) => [s.name, s.target.kind] as const))(
    '%s (%s): a retry policy, its own encrypted SSL-only dead-letter queue, and an alarm with an action',
    (name) => {
      // Prepare
      const delivery = deliveryOf(name);
      const queueId = logicalIdOf(delivery.deadLetterQueue);

      // Act
      const [target] = ruleOf(name).Properties.Targets;
      const queue = template.findResources('AWS::SQS::Queue')[queueId];
      const alarm = template.findResources('AWS::CloudWatch::Alarm')[logicalIdOf(delivery.deadLetterAlarm)];

      // Assess
      expect(target?.RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 86_400, MaximumRetryAttempts: 185 });
      expect(target?.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } });
      expect(queue?.Properties.SqsManagedSseEnabled).toBe(true);
      expect(alarm?.Properties).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
      });
      expect(alarm?.Properties.AlarmActions).toHaveLength(1);
    },
  );

  it('no two subscribers share a dead-letter queue', () => {
    // Act
    const queues = subscribersOfEachKind.map((s) =>
      JSON.stringify(ruleOf(s.name).Properties.Targets[0]?.DeadLetterConfig),
    );

    // Assess
    expect(new Set(queues).size).toBe(subscribersOfEachKind.length);
  });
});

describe('Rule: each target kind gets the access EventBridge needs to deliver', () => {
  it.each([
    [
      'eventbus',
      'analytics',
      'events:PutEvents',
      `arn:aws:events:eu-west-1:${OTHER_ACCOUNT}:event-bus/analytics`,
    ],
    ['sqs', 'partner-queue', 'sqs:SendMessage', `arn:aws:sqs:eu-west-2:${OTHER_ACCOUNT}:partner`],
    [
      'lambda',
      'partner-function',
      'lambda:InvokeFunction',
      `arn:aws:lambda:eu-west-2:${OTHER_ACCOUNT}:function:partner:live`,
    ],
  ])(
    '%s in another account (%s): the target has a role EventBridge assumes, allowed %s on that target only',
    (_, name, action, arn) => {
      // Act
      const target = ruleOf(name).Properties.Targets[0] as RuleResource['Properties']['Targets'][number];
      const roleId = (target.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = statementsOfRole(template, roleId);
      const role = template.findResources('AWS::IAM::Role')[roleId];

      // Assess
      expect(target.Arn).toBe(arn);
      expect(statements).toEqual([{ Effect: 'Allow', Action: action, Resource: arn }]);
      expect(role?.Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({
        Service: 'events.amazonaws.com',
      });
    },
  );

  it.each(['billing-ledger', 'comms-accounts'])(
    '%s, in the stack account: no role on the target (its resource policy grants the rule)',
    (name) => {
      // Act
      const [target] = ruleOf(name).Properties.Targets;

      // Assess
      expect(target?.RoleArn).toBeUndefined();
    },
  );

  it('every dead-letter queue accepts messages from its own rule only', () => {
    // Prepare
    const delivery = deliveryOf('analytics');
    const queueId = logicalIdOf(delivery.deadLetterQueue);

    // Act
    const policies = Object.values(template.findResources('AWS::SQS::QueuePolicy')) as {
      Properties: { Queues: unknown[]; PolicyDocument: { Statement: Record<string, unknown>[] } };
    }[];
    const statements = policies
      .filter((p) => JSON.stringify(p.Properties.Queues).includes(queueId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .filter((st) => st.Effect === 'Allow');

    // Assess
    expect(statements).toEqual([
      expect.objectContaining({
        Action: 'sqs:SendMessage',
        Principal: { Service: 'events.amazonaws.com' },
        Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [logicalIdOf(delivery.rule), 'Arn'] } } },
      }),
    ]);
  });

  it('sqs in the stack account: a queue policy lets events.amazonaws.com send, only from this rule', () => {
    // Prepare
    const ruleId = logicalIdOf(deliveryOf('billing-ledger').rule);

    // Act
    const policies = Object.values(template.findResources('AWS::SQS::QueuePolicy')) as {
      Properties: { Queues: unknown[]; PolicyDocument: { Statement: Record<string, unknown>[] } };
    }[];
    const onQueue = (arn: string | undefined) =>
      policies.filter((p) => p.Properties.PolicyDocument.Statement.some((st) => st.Resource === arn));
    const [policy, ...more] = onQueue(subscribersOfEachKind[0]?.target.arn);

    // Assess
    expect(policy?.Properties.PolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: 'sqs:SendMessage',
        Principal: { Service: 'events.amazonaws.com' },
        Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ruleId, 'Arn'] } } },
      }),
    ]);
    expect(more).toEqual([]);
    expect(onQueue(subscribersOfEachKind[3]?.target.arn)).toEqual([]);
  });

  it('lambda in the stack account: a permission lets events.amazonaws.com invoke it, only from this rule', () => {
    // Prepare
    const ruleId = logicalIdOf(deliveryOf('comms-accounts').rule);

    // Act
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')).map(
      (p) => p.Properties as Record<string, unknown>,
    );

    // Assess
    expect(permissions).toContainEqual({
      Action: 'lambda:InvokeFunction',
      FunctionName: subscribersOfEachKind[1]?.target.arn,
      Principal: 'events.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
    });
    expect(permissions.some((p) => String(p.FunctionName).includes(OTHER_ACCOUNT))).toBe(false);
  });

  it('an sqs or lambda target outside the stack region fails synthesis', () => {
    // Act
    const synth = () =>
      synthWithSubscribers([
        { name: 'far-away', target: { kind: 'sqs', arn: 'arn:aws:sqs:us-east-1:111111111111:far' } },
      ]);

    // Assess
    expect(synth).toThrow(/subscriber far-away: an SQS queue target must be in the stack's region eu-west-2/);
  });
});

describe('Rule: subscribers leave cdk-nag clean', () => {
  it('no AwsSolutions finding is left unacknowledged with a subscriber of each kind', () => {
    // Assess
    expect(findings).toEqual([]);
  });
});

describe('Rule: the stack tells the replay command where the archive is', () => {
  it('outputs EventArchiveArn and EventBusArn', () => {
    // Act
    const outputs = template.findOutputs('*');

    // Assess
    expect(outputs.EventArchiveArn?.Value).toEqual({
      'Fn::GetAtt': [logicalIdOf(stack.node.findChild('EventBus').node.findChild('Archive')), 'Arn'],
    });
    expect(outputs.EventBusArn?.Value).toEqual({
      'Fn::GetAtt': [logicalIdOf(stack.node.findChild('EventBus')), 'Arn'],
    });
  });
});
