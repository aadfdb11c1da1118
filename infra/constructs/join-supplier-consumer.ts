import { Duration } from 'aws-cdk-lib';
import type { Alarm, IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { type CfnRule, type IEventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  BUS_MAX_EVENT_AGE_HOURS,
  BUS_RETRY_ATTEMPTS,
  DEAD_LETTER_RETENTION_DAYS,
  FUNCTION_MAX_EVENT_AGE_HOURS,
  FUNCTION_RETRIES,
} from '../../functions/rules/meter-points/join-supplier-delivery.js';
import { CONSUMED_DETAIL_TYPES } from '../../functions/rules/meter-points/join-supplier-outcome.js';
import { joinSupplierOutcomes } from '../subscribers/inbound-events.js';
import { deadLetterAlarm, deadLetterQueue } from './dead-letter-queue.js';
import { queueDestination } from './queue-grants.js';

/**
 * The service's first inbound event path: a rule on its own bus for the join-supplier outcomes
 * other producers send (the shared pattern of infra/subscribers/inbound-events.ts), targeting
 * the consumer function with a retry policy. Events EventBridge cannot deliver and events the
 * function keeps failing on (a table outage) both end in one encrypted dead-letter queue,
 * whose alarm fires as soon as it holds a message. Every clock here is one of
 * functions/rules/meter-points/join-supplier-delivery.ts, from which the consumer derives how
 * long it remembers an applied event id.
 */
export class JoinSupplierConsumer extends Construct {
  readonly rule: Rule;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;

  constructor(
    scope: Construct,
    id: string,
    props: { eventBus: IEventBus; consumer: IFunction; alarmAction?: IAlarmAction },
  ) {
    super(scope, id);
    this.deadLetterQueue = deadLetterQueue(
      this,
      'DeadLetterQueue',
      'the join-supplier consumer (rule target and function)',
      Duration.days(DEAD_LETTER_RETENTION_DAYS),
    );

    this.rule = new Rule(this, 'Rule', {
      eventBus: props.eventBus,
      description: 'Join-supplier completed/cancelled from other producers → meter point statuses',
      eventPattern: { detailType: [...CONSUMED_DETAIL_TYPES] },
    });
    // The pattern is the shared one, verbatim (the local runtime matches with the same).
    (this.rule.node.defaultChild as CfnRule).addPropertyOverride(
      'EventPattern',
      joinSupplierOutcomes.pattern(),
    );
    this.rule.addTarget(
      new LambdaFunction(props.consumer, {
        deadLetterQueue: this.deadLetterQueue,
        maxEventAge: Duration.hours(BUS_MAX_EVENT_AGE_HOURS),
        retryAttempts: BUS_RETRY_ATTEMPTS,
      }),
    );
    props.consumer.configureAsyncInvoke({
      retryAttempts: FUNCTION_RETRIES,
      maxEventAge: Duration.hours(FUNCTION_MAX_EVENT_AGE_HOURS),
      onFailure: queueDestination(this.deadLetterQueue),
    });

    this.deadLetterAlarm = deadLetterAlarm(this, this.deadLetterQueue, {
      description:
        'Join-supplier outcomes the service could not apply after all retries: some meter point statuses are stale. ' +
        'Fix the cause (see the consumer function’s logs), then redrive the dead-letter messages to the function.',
    });
    if (props.alarmAction) this.deadLetterAlarm.addAlarmAction(props.alarmAction);
  }
}
