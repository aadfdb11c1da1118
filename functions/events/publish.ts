import { setTimeout as sleep } from 'node:timers/promises';
import { PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { logger } from '../logger.js';
import { EVENT_BUS_NAME, eventBridgeClient } from './eventbridge.js';
import { detailTypeOf, EVENT_SOURCE, type EventDetail } from './outbox.js';

/** PutEvents takes at most 10 entries a call. */
export const PUT_EVENTS_LIMIT = 10;
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
 * Sends events in chunks of ≤10, re-sending the entries counted in `FailedEntryCount`
 * (with back-off) until all are accepted. Returns the events that could not be sent.
 */
export async function publishEvents(events: readonly EventDetail[]): Promise<EventDetail[]> {
  let pending = events.filter((event) => !delivered.has(event.event_id));
  for (let round = 0; round < MAX_ROUNDS && pending.length > 0; round++) {
    if (round > 0) await sleep(50 * 2 ** round);
    const failed: EventDetail[] = [];
    for (let start = 0; start < pending.length; start += PUT_EVENTS_LIMIT) {
      const chunk = pending.slice(start, start + PUT_EVENTS_LIMIT);
      try {
        const result = await eventBridgeClient.send(new PutEventsCommand({ Entries: chunk.map(toEntry) }));
        chunk.forEach((event, index) => {
          const entry = result.Entries?.[index];
          if ((result.FailedEntryCount ?? 0) > 0 && (!entry || entry.ErrorCode)) {
            failed.push(event);
          } else {
            remember(event.event_id);
          }
        });
      } catch (error) {
        logger.warn('PutEvents failed; will retry', { error: (error as Error).name });
        failed.push(...chunk);
      }
    }
    pending = failed;
  }
  return pending;
}
