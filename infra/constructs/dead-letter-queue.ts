import { Duration, Validations } from 'aws-cdk-lib';
import { type Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * The dead-letter queues of the service (the outbox publisher's stream source, the expiry
 * schedule, the join-supplier consumer, the v2 task queue, each subscriber's rule target) and
 * the alarm on each. Plain functions, not a construct: the queue and the alarm keep the ids
 * they are given in the caller's scope, so their logical ids (and the deployed resources) stay.
 */

/** How long a dead-letter queue keeps what failed, unless its owner gives its own clock. */
const DEFAULT_RETENTION = Duration.days(14);

/**
 * An encrypted, TLS-only queue that keeps what failed for `retention` (14 days by default);
 * `whose` names what dead-letters into it.
 */
export function deadLetterQueue(
  scope: Construct,
  id: string,
  whose: string,
  retention: Duration = DEFAULT_RETENTION,
): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: retention,
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is itself the dead-letter queue of ${whose}.`,
  });
  return queue;
}

export interface DeadLetterAlarmOptions {
  /** What the messages are and what to do (the alarm's description). */
  description: string;
  /** Alarm when the visible messages reach 1 (`atLeastOne`, default) or exceed 0 (`moreThanZero`). */
  when?: 'atLeastOne' | 'moreThanZero';
}

/** An alarm, with id `DeadLetterAlarm` in `scope`, as soon as `queue` holds a message. */
export function deadLetterAlarm(scope: Construct, queue: Queue, options: DeadLetterAlarmOptions): Alarm {
  const moreThanZero = options.when === 'moreThanZero';
  return queue
    .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' })
    .createAlarm(scope, 'DeadLetterAlarm', {
      alarmDescription: options.description,
      threshold: moreThanZero ? 0 : 1,
      comparisonOperator: moreThanZero
        ? ComparisonOperator.GREATER_THAN_THRESHOLD
        : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
}
