import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';

/**
 * Writes events that come with no state change of their own (dry runs, a `post_import.error`,
 * or a request's `post_import.completed` whose last chunk turned out to exist already): one
 * outbox item under a fresh key, so a single conditional PutItem is enough (nothing else can
 * write that key, and the SDK retries throttling).
 */
export async function writeEventsAlone(events: readonly EventDetail[], now = new Date()): Promise<void> {
  await documentClient.send(new PutCommand(outboxPut(TABLE_NAME, events, now).Put));
}
