import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from './proxy-event.js';

export type SqsHandler = (event: SQSEvent, context: unknown) => Promise<SQSBatchResponse | undefined>;

export interface SqsPollerOptions {
  endpoint: string;
  region: string;
  queueUrl: string;
  queueArn: string;
  handler: SqsHandler;
  /** At most this many invocations at once (the event source's maximum concurrency). */
  maxConcurrency: number;
  batchSize: number;
  functionName?: string;
  /** The function's timeout: each invocation's Lambda context has this much time (default 29 s). */
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** An SQS message as Lambda's SQS event source passes it to a function. */
export function sqsRecord(message: Message, queueArn: string, region: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? '000000000000',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: region,
  };
}

/**
 * Which messages of a batch to delete after an invocation, as Lambda's SQS event source
 * decides with ReportBatchItemFailures: all of them on success; none when the function threw
 * or named a message that is not in the batch; otherwise all but the reported failures. The
 * rest become visible again when their visibility timeout ends.
 */
export function messagesToDelete(
  records: readonly SQSRecord[],
  outcome: { error: true } | { response: unknown },
) {
  if ('error' in outcome) return [];
  const failures = (outcome.response as Partial<SQSBatchResponse> | undefined)?.batchItemFailures ?? [];
  const ids = new Set(records.map((record) => record.messageId));
  if (failures.some((failure) => !ids.has(failure?.itemIdentifier ?? ''))) return [];
  const failed = new Set(failures.map((failure) => failure.itemIdentifier));
  return records.filter((record) => !failed.has(record.messageId));
}

/**
 * The local stand-in for Lambda's SQS event source: `maxConcurrency` pollers, each receiving
 * up to `batchSize` messages (long polling), invoking the handler with an SQS event of
 * Lambda's documented shape and deleting what succeeded. At most `maxConcurrency`
 * invocations ever run at once.
 */
export function startSqsPoller(options: SqsPollerOptions): { stop(): Promise<void> } {
  const sqs = new SQSClient({
    endpoint: options.endpoint,
    region: options.region,
    useQueueUrlAsEndpoint: false,
  });
  const log = options.log ?? (() => undefined);
  const functionName = options.functionName ?? 'data-import-local-sqs-worker';
  let running = true;
  const abort = new AbortController();

  const pollOnce = async () => {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: options.queueUrl,
        MaxNumberOfMessages: options.batchSize,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['All'],
      }),
      { abortSignal: abort.signal },
    );
    if (Messages.length === 0) return;
    const records = Messages.map((message) => sqsRecord(message, options.queueArn, options.region));
    let outcome: { error: true } | { response: unknown };
    try {
      outcome = {
        response: await options.handler({ Records: records }, lambdaContext(functionName, options.timeoutMs)),
      };
    } catch (error) {
      log(`sqs worker failed: ${(error as Error).message}`);
      outcome = { error: true };
    }
    const done = messagesToDelete(records, outcome);
    if (done.length === 0) return;
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: options.queueUrl,
        Entries: done.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
      }),
    );
  };

  const loop = async () => {
    while (running) {
      try {
        await pollOnce();
      } catch (error) {
        if (!running) return;
        log(`sqs poller: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };
  const loops = Array.from({ length: options.maxConcurrency }, () => loop());
  return {
    stop: async () => {
      running = false;
      abort.abort();
      await Promise.allSettled(loops);
      sqs.destroy();
    },
  };
}
