import { type EventDetail, newEventDetail } from './outbox.js';

/**
 * TEMPORARY until the event catalogue lands (issue 3): builds an event for the outbox
 * without schema validation. The catalogue replaces this with a typed, validated `emit`
 * of the same call shape.
 */
export function emit(eventType: string, version: string, payload: Record<string, unknown>): EventDetail {
  return newEventDetail(eventType, version, payload);
}
