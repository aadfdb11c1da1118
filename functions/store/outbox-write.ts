import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type EventDetail, MAX_EVENTS_PER_OUTBOX_ITEM, outboxPut } from '../events/outbox.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import type { TransactItem } from './transact-write.js';

/**
 * Writes events that come with no state change of their own (dry runs, a `post_import.error`,
 * or a request's `post_import.completed` whose last chunk turned out to exist already): one
 * outbox item under a fresh key, so a single conditional PutItem is enough (nothing else can
 * write that key, and the SDK retries throttling).
 */
export async function writeEventsAlone(events: readonly EventDetail[], now = new Date()): Promise<void> {
  await documentClient.send(new PutCommand(outboxPut(TABLE_NAME, events, now).Put));
}

/**
 * The outbox Puts of a transaction that stores any number of events: as many items as it takes
 * to hold `MAX_EVENTS_PER_OUTBOX_ITEM` each, none when there is no event.
 */
export function outboxPuts(events: readonly EventDetail[], now = new Date()): TransactItem[] {
  const puts: TransactItem[] = [];
  for (let start = 0; start < events.length; start += MAX_EVENTS_PER_OUTBOX_ITEM) {
    puts.push(outboxPut(TABLE_NAME, events.slice(start, start + MAX_EVENTS_PER_OUTBOX_ITEM), now));
  }
  return puts;
}
