import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';

// Requests go to the configured endpoint (AWS_ENDPOINT_URL_SQS locally), not to the queue URL's host.
const sqs = new SQSClient({ maxAttempts: 4, useQueueUrlAsEndpoint: false });

/** SendMessageBatch holds at most 10 entries (and 256 KB; a bulk job message is a few KB). */
const BATCH = 10;

/**
 * Sends every message as JSON to a bulk jobs queue, ten to a request, delayed by `delaySeconds`
 * when given; throws when any could not be sent (the caller's invocation fails, and the message it
 * was handling comes back).
 */
export async function sendJsonMessages(
  queueUrl: string,
  messages: readonly unknown[],
  delaySeconds = 0,
): Promise<void> {
  for (let offset = 0; offset < messages.length; offset += BATCH) {
    const result = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: messages.slice(offset, offset + BATCH).map((message, index) => ({
          Id: String(index),
          // Job ids, kinds and numbers only: ASCII, which SQS and its local stand-in take as is.
          MessageBody: JSON.stringify(message),
          ...(delaySeconds > 0 ? { DelaySeconds: delaySeconds } : {}),
        })),
      }),
    );
    if ((result.Failed ?? []).length > 0) {
      throw new Error(`The bulk jobs queue refused ${result.Failed?.length} message(s)`);
    }
  }
}
