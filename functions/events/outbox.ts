import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { keys } from '../store/keys.js';

/**
 * The transactional outbox. A state change and the events it causes are
 * written in one DynamoDB transaction: stores add `outboxPut(events)` to the same
 * TransactWriteItems call as the state change. The table stream feeds the publisher
 * (functions/handlers/publish-outbox-events.ts), which sends the events to EventBridge.
 *
 * One outbox item holds many events (a whole 100-item chunk of transactions needs one
 * outbox item, not one hundred), so the request count grows with N/100. The events are stored
 * as gzip-compressed JSON (`events_gzip`, binary): a chunk's 100 events are about 36 KB of
 * JSON and under 4 KB compressed, and a transactional write costs two write units per KB.
 * Items written before compression carry the JSON text in `events`; the publisher still reads
 * them.
 */

/** The `detail` of an EventBridge entry, exactly as subscribers receive it. */
export interface EventDetail<P = unknown> {
  event_type: string;
  version: string;
  event_id: string;
  occurred_at: string;
  payload: P;
}

/** How long an outbox item is kept after it was written (the publisher sends it in seconds). */
const OUTBOX_RETENTION_SECONDS = 7 * 24 * 60 * 60;

/** An outbox item carries at most this many events (keeps it far below DynamoDB's 400 KB). */
export const MAX_EVENTS_PER_OUTBOX_ITEM = 250;

/** `eventId`: a fresh random UUID unless the caller derives one (see ./event-ids.ts). */
export function newEventDetail<P>(
  eventType: string,
  version: string,
  payload: P,
  now = new Date(),
  eventId: string = randomUUID(),
): EventDetail<P> {
  return {
    event_type: eventType,
    version,
    event_id: eventId,
    occurred_at: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    payload,
  };
}

/** The `Put` of a TransactWriteItems (document client form) that stores these events. */
export function outboxPut(tableName: string, events: readonly EventDetail[], now = new Date()) {
  if (events.length === 0) throw new Error('outboxPut needs at least one event');
  if (events.length > MAX_EVENTS_PER_OUTBOX_ITEM) {
    throw new Error(`An outbox item holds at most ${MAX_EVENTS_PER_OUTBOX_ITEM} events`);
  }
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.outbox(randomUUID()),
        entity: 'Outbox',
        events_gzip: gzipSync(JSON.stringify(events)),
        created_at: now.toISOString(),
        expires_at: Math.floor(now.getTime() / 1000) + OUTBOX_RETENTION_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Reads the events back out of an outbox item image (used by the publisher). */
export function eventsOfOutboxItem(item: Record<string, unknown>): EventDetail[] {
  const parsed: unknown = JSON.parse(eventsJsonOf(item));
  if (!Array.isArray(parsed)) throw new Error('Outbox item events is not an array');
  return parsed as EventDetail[];
}

/**
 * `events_gzip` is bytes when the item is read with the SDK, and a base64 string in a stream
 * record: Lambda's event JSON carries binary attribute values base64-encoded.
 */
function eventsJsonOf(item: Record<string, unknown>): string {
  const compressed = item.events_gzip;
  if (compressed instanceof Uint8Array) return gunzipSync(compressed).toString('utf8');
  if (typeof compressed === 'string') return gunzipSync(Buffer.from(compressed, 'base64')).toString('utf8');
  if (typeof item.events === 'string') return item.events;
  throw new Error('Outbox item has no events attribute');
}

/** EventBridge entry fields for one event. */
export const EVENT_SOURCE = 'data-import';
export function detailTypeOf(detail: Pick<EventDetail, 'event_type' | 'version'>): string {
  return `${detail.event_type}@${detail.version}`;
}
