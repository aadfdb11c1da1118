import { Arn, ArnFormat, CfnOutput, Duration, Stack, Token } from 'aws-cdk-lib';
import type { Alarm, IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { type Archive, type CfnRule, type IEventBus, type IRuleTarget, Rule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnPermission } from 'aws-cdk-lib/aws-lambda';
import { Queue, QueuePolicy } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EVENT_SOURCE } from '../../functions/events/outbox.js';
import {
  parseSubscribers,
  type Subscriber,
  SubscriberConfigError,
  TARGET_ARN_PATTERNS,
} from '../subscribers/subscriber-declaration.js';
import { subscriberEventPattern } from '../subscribers/subscriber-pattern.js';
import { deadLetterAlarm, deadLetterQueue } from './dead-letter-queue.js';

/** EventBridge retries a failing delivery this long, and this often, before the dead-letter queue. */
export const SUBSCRIBER_MAX_EVENT_AGE = Duration.hours(24);
export const SUBSCRIBER_RETRY_ATTEMPTS = 185;

export interface SubscribersProps {
  /** The environment's declared subscribers (checked here: a bad entry fails synthesis). */
  readonly subscribers: readonly Subscriber[];
  /** Where they come from, for error messages (`environment dev`). */
  readonly source: string;
  /** The service's bus: each subscriber's rule lives on it. */
  readonly eventBus: IEventBus;
  /** The bus's archive, which `npm run ops -- events replay` replays from. */
  readonly archive: Archive;
  /** What a dead-letter alarm does (the environment's alarm topic). */
  readonly alarmAction: IAlarmAction;
}

/** One subscriber's delivery: its rule, dead-letter queue and alarm. */
export class SubscriberDelivery extends Construct {
  readonly rule: Rule;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;

  constructor(scope: Construct, id: string, subscriber: Subscriber, props: SubscribersProps) {
    super(scope, id);
    this.deadLetterQueue = deadLetterQueue(
      this,
      'DeadLetterQueue',
      `subscriber ${subscriber.name}'s rule target`,
    );

    this.rule = new Rule(this, 'Rule', {
      eventBus: props.eventBus,
      ruleName: subscriber.name,
      description: `Delivers the data-import service's events to subscriber ${subscriber.name}`,
      eventPattern: { source: [EVENT_SOURCE] },
    });
    // The pattern is the shared one, verbatim (CDK's typed pattern has no `$or`).
    (this.rule.node.defaultChild as CfnRule).addPropertyOverride(
      'EventPattern',
      subscriberEventPattern(subscriber.events),
    );
    this.rule.addTarget(this.target(subscriber));

    this.deadLetterAlarm = deadLetterAlarm(this, this.deadLetterQueue, {
      description:
        `Events the service could not deliver to subscriber ${subscriber.name} after all retries. ` +
        'Fix the target, then replay the window (npm run ops -- events replay --subscriber ' +
        `${subscriber.name}) or redrive the dead-letter messages.`,
      when: 'moreThanZero',
    });
    this.deadLetterAlarm.addAlarmAction(props.alarmAction);
  }

  /**
   * The rule's one target. EventBridge delivers to a queue or function of the bus's own account
   * under the target's resource policy, which this stack grants for this rule only; to anything
   * else (another account's queue or function, any other bus) with a role of this account
   * allowed to deliver to that target alone, and the target's owner accepts this account.
   */
  private target({ name, target }: Subscriber): IRuleTarget {
    const stack = Stack.of(this);
    const { account, region } = Arn.split(target.arn, ArnFormat.COLON_RESOURCE_NAME);
    const sameAccount = Token.isUnresolved(stack.account) || stack.account === account;
    if (target.kind !== 'eventbus' && !Token.isUnresolved(stack.region) && region !== stack.region) {
      throw new SubscriberConfigError(
        `subscriber ${name}: ${TARGET_ARN_PATTERNS[target.kind].label} target must be in the stack's region ${stack.region} (got ${region})`,
      );
    }
    const fromThisRule = { ArnEquals: { 'aws:SourceArn': this.rule.ruleArn } };
    const events = new ServicePrincipal('events.amazonaws.com');
    this.deadLetterQueue.addToResourcePolicy(
      new PolicyStatement({
        principals: [events],
        actions: ['sqs:SendMessage'],
        resources: [this.deadLetterQueue.queueArn],
        conditions: fromThisRule,
      }),
    );
    let role: Role | undefined;
    if (target.kind === 'sqs' && sameAccount) {
      const queue = Queue.fromQueueArn(this, 'TargetQueue', target.arn);
      new QueuePolicy(this, 'TargetQueuePolicy', { queues: [queue] }).document.addStatements(
        new PolicyStatement({
          principals: [events],
          actions: ['sqs:SendMessage'],
          resources: [target.arn],
          conditions: fromThisRule,
        }),
      );
    } else if (target.kind === 'lambda' && sameAccount) {
      new CfnPermission(this, 'TargetInvokePermission', {
        action: 'lambda:InvokeFunction',
        functionName: target.arn,
        principal: 'events.amazonaws.com',
        sourceArn: this.rule.ruleArn,
      });
    } else {
      role = new Role(this, 'DeliveryRole', {
        assumedBy: events,
        description: `Delivers the data-import service's events to subscriber ${name}`,
      });
      role.addToPrincipalPolicy(
        new PolicyStatement({ actions: [DELIVERY_ACTIONS[target.kind]], resources: [target.arn] }),
      );
    }
    const deadLetterQueue = this.deadLetterQueue;
    return {
      bind: () => ({
        arn: target.arn,
        role,
        deadLetterConfig: { arn: deadLetterQueue.queueArn },
        retryPolicy: {
          maximumEventAgeInSeconds: SUBSCRIBER_MAX_EVENT_AGE.toSeconds(),
          maximumRetryAttempts: SUBSCRIBER_RETRY_ATTEMPTS,
        },
      }),
    };
  }
}

/** What a delivery role may do on its one target. */
const DELIVERY_ACTIONS: Record<Subscriber['target']['kind'], string> = {
  sqs: 'sqs:SendMessage',
  lambda: 'lambda:InvokeFunction',
  eventbus: 'events:PutEvents',
};

/**
 * The service's subscribers: for each declared entry, one rule on the service's bus with the
 * shared pattern (infra/subscribers/subscriber-pattern.ts), one target with a retry policy and
 * its own encrypted dead-letter queue, and an alarm on that queue. Also outputs the bus and
 * archive ARNs, which the replay command reads.
 */
export class Subscribers extends Construct {
  readonly deliveries = new Map<string, SubscriberDelivery>();

  constructor(scope: Construct, id: string, props: SubscribersProps) {
    super(scope, id);
    const subscribers = parseSubscribers(props.subscribers, { source: props.source, targetRequired: true });
    for (const subscriber of subscribers) {
      this.deliveries.set(subscriber.name, new SubscriberDelivery(this, subscriber.name, subscriber, props));
    }
    new CfnOutput(this, 'EventBusArn', { value: props.eventBus.eventBusArn }).overrideLogicalId(
      'EventBusArn',
    );
    new CfnOutput(this, 'EventArchiveArn', {
      value: props.archive.archiveArn,
      description: 'The archive `npm run ops -- events replay` replays from',
    }).overrideLogicalId('EventArchiveArn');
  }
}
