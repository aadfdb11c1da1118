import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { currentInvocation, type Invocation } from '../../invocation-clock.js';
import { logger } from '../../logger.js';
import { backgroundHandler } from './background-handler.js';

/** What a queue's consumer does with each message of a batch. */
export interface MessageConsumer<TMessage> {
  /** The message a body holds, or undefined when it holds none. */
  read(body: string): TMessage | undefined;
  /** The error logged when a body holds no message: it is dropped, retrying cannot fix it. */
  notAMessage: string;
  /**
   * Runs one message. An outcome of `'retry'`, or a throw (logged as `failed`), reports it in
   * `batchItemFailures`, so SQS delivers that message again after its visibility timeout (and to
   * the dead-letter queue after the last delivery); the next message of the batch runs either way.
   */
  handle(message: TMessage, invocation: Invocation): Promise<unknown>;
  /** The warning logged when `handle` throws. */
  failed: string;
  /** What the warning says of the message, beside the error. */
  logKeys?(message: TMessage): Record<string, unknown>;
}

/**
 * The one shape of an SQS consumer (the v2 worker, the bulk jobs reader and worker): a partial
 * batch response, the messages run one after the other, each failure reported alone, never the
 * whole batch. Built with `backgroundHandler`, so every log line carries the invocation's Lambda
 * context, and each message is handled with the invocation it carries (request id, deadline, read
 * once, when it starts: functions/invocation-clock.ts).
 */
export function queueConsumer<TMessage>(consumer: MessageConsumer<TMessage>) {
  return backgroundHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const invocation = currentInvocation();
    if (!invocation)
      throw new Error('A queue consumer runs in an invocation whose context gives its time left');
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const message = consumer.read(record.body);
      if (message === undefined) {
        logger.error(consumer.notAMessage, { messageId: record.messageId });
        continue;
      }
      try {
        if ((await consumer.handle(message, invocation)) === 'retry') {
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      } catch (error) {
        logger.warn(consumer.failed, { ...consumer.logKeys?.(message), error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  });
}
