import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { requireEnv } from '../../config.js';
import { messageBody } from './message-body.js';

// Requests go to the configured endpoint (AWS_ENDPOINT_URL_SQS locally), not to the queue URL's host.
const sqs = new SQSClient({ maxAttempts: 4, useQueueUrlAsEndpoint: false });

/** SendMessageBatch holds at most 10 entries (and 256 KB; the service's messages are a few KB). */
const BATCH = 10;

/** A queue the service sends to: its URL, from the function's configuration, and its name in errors. */
export interface Queue {
  url: string;
  name: string;
}

/** The queue whose URL the environment variable `urlVariable` holds (read once, at module scope). */
export function queueOf(name: string, urlVariable: string): Queue {
  return { name, url: requireEnv(urlVariable) };
}

/**
 * The one SQS sender: sends every message as JSON (./message-body.ts) to `queue`, ten to a
 * request, each delayed by `delaySeconds` when given. Throws when SQS refused any of them (the
 * caller's invocation fails, and what it was handling comes back).
 */
export async function sendMessages(
  queue: Queue,
  messages: readonly unknown[],
  delaySeconds = 0,
): Promise<void> {
  for (let offset = 0; offset < messages.length; offset += BATCH) {
    const result = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: messages.slice(offset, offset + BATCH).map((message, index) => ({
          Id: String(index),
          MessageBody: messageBody(message),
          ...(delaySeconds > 0 ? { DelaySeconds: delaySeconds } : {}),
        })),
      }),
    );
    if ((result.Failed ?? []).length > 0) {
      throw new Error(`The ${queue.name} refused ${result.Failed?.length} message(s)`);
    }
  }
}

/** Sends one message (see `sendMessages`). */
export function sendMessage(queue: Queue, message: unknown, delaySeconds = 0): Promise<void> {
  return sendMessages(queue, [message], delaySeconds);
}
