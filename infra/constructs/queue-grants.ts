import { Names } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IDestination, IEventSourceDlq, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';

/**
 * The SQS wiring of the service's functions with the actions each use needs and no more. CDK's
 * helpers grant more than is used: `grantSendMessages` (behind `SqsDlq` and `SqsDestination` too)
 * adds `GetQueueAttributes` and `GetQueueUrl`, and `SqsEventSource` adds `ChangeMessageVisibility`
 * and `GetQueueUrl`, which neither the functions nor Lambda's poller call.
 */

/** Sending messages (`SendMessage` and `SendMessageBatch` are both `sqs:SendMessage`). */
export function grantSendMessage(queue: IQueue, grantee: IGrantable): void {
  queue.grant(grantee, 'sqs:SendMessage');
}

/** A stream event source's on-failure destination: Lambda sends what it gives up on there with the function's role. */
export function queueOnFailure(queue: IQueue): IEventSourceDlq {
  return {
    bind: (_mapping, handler) => {
      grantSendMessage(queue, handler);
      return { destination: queue.queueArn };
    },
  };
}

/** An asynchronous invocation's destination: Lambda sends the invocation record there with the function's role. */
export function queueDestination(queue: IQueue): IDestination {
  return {
    bind: (_scope, fn) => {
      grantSendMessage(queue, fn);
      return { destination: queue.queueArn };
    },
  };
}

/**
 * `fn` consumes `queue` through an event source mapping (the same construct id as CDK's
 * `SqsEventSource`, so the mapping is not replaced). Lambda's poller needs `ReceiveMessage`,
 * `DeleteMessage` and `GetQueueAttributes` on the queue; a message the function fails returns
 * after its visibility timeout, which needs nothing more.
 */
export function addQueueEventSource(
  fn: IFunction,
  queue: IQueue,
  options: { batchSize: number; reportBatchItemFailures: boolean; maxConcurrency: number },
): void {
  fn.addEventSourceMapping(`SqsEventSource:${Names.nodeUniqueId(queue.node)}`, {
    eventSourceArn: queue.queueArn,
    ...options,
  });
  queue.grant(fn, 'sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes');
}
