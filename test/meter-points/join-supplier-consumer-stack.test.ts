import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '../../functions/events/outbox.js';
import {
  BUS_MAX_EVENT_AGE_HOURS,
  BUS_RETRY_ATTEMPTS,
  DEAD_LETTER_RETENTION_DAYS,
  FUNCTION_MAX_EVENT_AGE_HOURS,
  FUNCTION_RETRIES,
  INBOUND_EVENT_ID_RETENTION_SECONDS,
} from '../../functions/rules/meter-points/join-supplier-delivery.js';
import { matchesEventPattern } from '../../infra/local/event-pattern.js';
import { joinSupplierOutcomes } from '../../infra/subscribers/inbound-events.js';
import { logicalIdOf, synth } from '../infra/support/synth.js';

const envelope = (source: string, detailType: string) => ({
  version: '0',
  id: 'e-1',
  'detail-type': detailType,
  source,
  account: '000000000000',
  time: '2026-06-15T12:00:00Z',
  region: 'eu-west-2',
  resources: [],
  detail: { event_type: detailType.split('@')[0], version: 'v1', payload: {} },
});

describe('The consumed join-supplier outcomes: one pattern for the stack and the local matcher', () => {
  it.each([
    ['platform.lifecycle', 'lifecycle.join-supplier.completed@v1', true],
    ['platform.lifecycle', 'lifecycle.join-supplier.cancelled@v1', true],
    [EVENT_SOURCE, 'lifecycle.join-supplier.completed@v1', false],
    ['platform.lifecycle', 'lifecycle.join-supplier.requested@v1', false],
    ['platform.lifecycle', 'lifecycle.join-supplier.completed@v2', false],
  ])('source %s, detail-type %s → matched %s', (source, detailType, matched) => {
    expect(matchesEventPattern(joinSupplierOutcomes.pattern(), envelope(source, detailType))).toBe(matched);
  });
});

describe('The stack consumes the outcomes with a rule, a retry policy, a dead-letter queue and an alarm', () => {
  const { stack, template } = synth('dev');
  const consumer = stack.functions.get(joinSupplierOutcomes.functionId);
  const queueId = logicalIdOf(stack.joinSupplierConsumer.deadLetterQueue);

  it('has a rule on the service bus with the shared pattern, targeting the consumer with retries and the dead-letter queue', () => {
    // Act
    const rules = Object.values(template.findResources('AWS::Events::Rule')).filter((rule) =>
      isDeepStrictEqual(rule.Properties.EventPattern, joinSupplierOutcomes.pattern()),
    );

    // Assess
    expect(consumer).toBeDefined();
    expect(rules).toHaveLength(1);
    const [target] = rules[0]!.Properties.Targets;
    expect(target.Arn).toEqual({ 'Fn::GetAtt': [logicalIdOf(consumer!), 'Arn'] });
    expect(target.RetryPolicy).toEqual({
      MaximumRetryAttempts: BUS_RETRY_ATTEMPTS,
      MaximumEventAgeInSeconds: BUS_MAX_EVENT_AGE_HOURS * 3600,
    });
    expect(target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } });
  });

  it('sends invocations that keep failing to the same dead-letter queue', () => {
    const configs = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig'));
    const config = configs.find((c) =>
      JSON.stringify(c.Properties.FunctionName).includes(logicalIdOf(consumer!)),
    );
    expect(config?.Properties.MaximumRetryAttempts).toBe(FUNCTION_RETRIES);
    expect(config?.Properties.MaximumEventAgeInSeconds).toBe(FUNCTION_MAX_EVENT_AGE_HOURS * 3600);
    expect(config?.Properties.DestinationConfig.OnFailure.Destination).toEqual({
      'Fn::GetAtt': [queueId, 'Arn'],
    });
  });

  it('keeps dead letters as long as the clock the consumer remembers event ids by says', () => {
    const queue = template.findResources('AWS::SQS::Queue')[queueId];
    expect(queue?.Properties.MessageRetentionPeriod).toBe(DEAD_LETTER_RETENTION_DAYS * 24 * 3600);
  });

  it('the consumer keeps an applied event id for as long as the deployed clocks let the event come again', () => {
    // Prepare: the clocks as deployed
    const [rule] = Object.values(template.findResources('AWS::Events::Rule')).filter((r) =>
      isDeepStrictEqual(r.Properties.EventPattern, joinSupplierOutcomes.pattern()),
    );
    const busSeconds = rule!.Properties.Targets[0].RetryPolicy.MaximumEventAgeInSeconds as number;
    const config = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig')).find((c) =>
      JSON.stringify(c.Properties.FunctionName).includes(logicalIdOf(consumer!)),
    );
    const functionSeconds = config!.Properties.MaximumEventAgeInSeconds as number;
    const deadLetterSeconds = template.findResources('AWS::SQS::Queue')[queueId]!.Properties
      .MessageRetentionPeriod as number;

    // Assess: a pass through the bus and the function, the dead-letter queue, a second pass after a redrive
    const onePass = busSeconds + functionSeconds;
    expect(INBOUND_EVENT_ID_RETENTION_SECONDS).toBeGreaterThanOrEqual(onePass + deadLetterSeconds + onePass);
  });

  it('alarms as soon as the dead-letter queue holds a message, through the alarm action', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter((alarm) =>
      JSON.stringify(alarm.Properties.Dimensions ?? []).includes(queueId),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.Properties).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(alarms[0]!.Properties.AlarmActions).toHaveLength(1);
  });
});
