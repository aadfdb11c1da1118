import { setTimeout as sleep } from 'node:timers/promises';
import { PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { logger } from '../logger.js';
import { EVENTS_PUBLISHED_LOG_MESSAGE } from '../monitored-log-messages.js';
import { EVENT_BUS_NAME, eventBridgeClient } from './eventbridge.js';
import { detailTypeOf, EVENT_SOURCE, type EventDetail } from './outbox.js';
import { PUT_EVENTS_MAX_BYTES, putEventsEntrySize, putEventsRequests } from './put-events-requests.js';

/** Rounds of re-sending the entries EventBridge reported as failed, before giving up. */
const MAX_ROUNDS = 4;

export function toEntry(detail: EventDetail): PutEventsRequestEntry {
  return {
    EventBusName: EVENT_BUS_NAME,
    Source: EVENT_SOURCE,
    DetailType: detailTypeOf(detail),
    Detail: JSON.stringify(detail),
    Time: new Date(detail.occurred_at),
  };
}

/**
 * Event ids this process has already delivered. A record retried after a partial failure
 * re-sends only what was not delivered yet (delivery stays at-least-once across processes;
 * subscribers deduplicate on `event_id`).
 */
const delivered = new Set<string>();
const DELIVERED_MEMORY = 100_000;

function remember(eventId: string): void {
  if (delivered.size >= DELIVERED_MEMORY) delivered.clear();
  delivered.add(eventId);
}

/**
 * Events no PutEvents request can carry (an entry over 256 KB). The service caps what it stores
 * well below that, so this is a bug: logged as an error and reported undelivered, which sends
 * the outbox record to the dead-letter queue (alarmed) instead of dropping the event.
 */
function tooLargeToSend(events: readonly EventDetail[]): Set<EventDetail> {
  const tooLarge = new Set<EventDetail>();
  for (const event of events) {
    const size = putEventsEntrySize(toEntry(event));
    if (size > PUT_EVENTS_MAX_BYTES) {
      logger.error('Event larger than a PutEvents request; it cannot be published', {
        eventId: event.event_id,
        detailType: detailTypeOf(event),
        size,
      });
      tooLarge.add(event);
    }
  }
  return tooLarge;
}

/**
 * Sends events in PutEvents requests of at most 10 entries and at most 256 KB, re-sending the
 * entries counted in `FailedEntryCount` (with back-off) until all are accepted. Returns the
 * events that could not be sent.
 */
export async function publishEvents(events: readonly EventDetail[]): Promise<EventDetail[]> {
  const undeliverable = tooLargeToSend(events);
  let pending = events.filter((event) => !delivered.has(event.event_id) && !undeliverable.has(event));
  const published = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS && pending.length > 0; round++) {
    if (round > 0) await sleep(50 * 2 ** round);
    const failed: EventDetail[] = [];
    for (const chunk of putEventsRequests(pending, toEntry)) {
      try {
        const result = await eventBridgeClient.send(new PutEventsCommand({ Entries: chunk.map(toEntry) }));
        chunk.forEach((event, index) => {
          const entry = result.Entries?.[index];
          if ((result.FailedEntryCount ?? 0) > 0 && (!entry || entry.ErrorCode)) {
            failed.push(event);
          } else {
            remember(event.event_id);
            published.add(event.event_id);
          }
        });
      } catch (error) {
        logger.warn('PutEvents failed; will retry', { error: (error as Error).name });
        failed.push(...chunk);
      }
    }
    pending = failed;
  }
  logger.info(EVENTS_PUBLISHED_LOG_MESSAGE, { published: published.size });
  return [...undeliverable, ...pending];
}
