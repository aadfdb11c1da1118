import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { environmentConfig } from '../../infra/config/environments.js';
import { checkedConcurrency } from '../../infra/constructs/account-task-engine.js';
import { backgroundFunctions } from '../../infra/routes.js';
import { actionsOf, logicalIdOf, statementsOfFunction, synth } from './support/synth.js';

describe('The v2 task engine in the stack', () => {
  const synthesized = synth('dev');
  const { template, stack } = synthesized;
  const worker = stack.functions.get(backgroundFunctions.taskWorker.id);
  const queueId = Object.keys(template.findResources('AWS::SQS::Queue')).find((id) =>
    id.startsWith('AccountTasksQueue'),
  ) as string;

  it('has an encrypted task queue with a dead-letter queue (redrive) and an alarm on that queue', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      RedrivePolicy: Match.objectLike({ maxReceiveCount: Match.anyValue() }),
      VisibilityTimeout: Match.anyValue(),
    });
    const alarms = template.findResources('AWS::CloudWatch::Alarm', {
      Properties: { MetricName: 'ApproximateNumberOfMessagesVisible' },
    });
    const dlqAlarm = Object.values(alarms).filter((alarm) =>
      JSON.stringify(alarm).includes('AccountTasksDeadLetterQueue'),
    );
    expect(dlqAlarm).toHaveLength(1);
  });

  it('feeds the worker from the queue with maximum concurrency = accountCreationConcurrency, reporting batch item failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalIdOf(worker!) },
      ScalingConfig: { MaximumConcurrency: environmentConfig('dev').accountCreationConcurrency },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('feeds the hand-over from the table stream, only PENDING task items not yet queued', () => {
    // Prepare
    const handOver = stack.functions.get(backgroundFunctions.taskHandOver.id);

    // Assess
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalIdOf(handOver!) },
      EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(stack.resources.table), 'StreamArn'] },
      StartingPosition: 'LATEST',
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT', 'MODIFY'],
              dynamodb: {
                NewImage: {
                  entity: { S: ['AccountTask'] },
                  status: { S: ['PENDING'] },
                  queued_at: { S: [{ exists: false }] },
                },
              },
            }),
          },
        ],
      },
    });
  });

  it('runs the sweep on a schedule', () => {
    const sweep = stack.functions.get(backgroundFunctions.taskSweep.id);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: Match.arrayWith([Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalIdOf(sweep!), 'Arn'] } })]),
    });
  });

  it('lets only the functions that hand tasks out send to the queue', () => {
    const senders = [...stack.functions.values()]
      .filter((fn) =>
        statementsOfFunction(synthesized, fn.definition.id).some(
          (s) => actionsOf(s).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(queueId),
        ),
      )
      .map((fn) => fn.definition.id)
      .sort();
    expect(senders).toEqual(['hand-over-started-tasks', 'sweep-account-tasks']);
  });

  it('refuses a maximum concurrency SQS does not accept (below 2)', () => {
    expect(() => checkedConcurrency(1)).toThrow(/from 2 to 1000/);
    expect(checkedConcurrency(2)).toBe(2);
  });
});
