import { createHash } from 'node:crypto';

/**
 * Event ids derived from a name: a name-based UUID (version 5, SHA-1, RFC 9562) in the service's
 * own namespace. The same name always gives the same id, so an event a pure builder derives again
 * (a creation re-driven after a crash) carries the id it had the first time, and subscribers, who
 * deduplicate on `event_id`, apply it once. Names must be unique per environment: build them from
 * something the service allocates once (a service account number) and a position.
 */

/** The namespace of the service's name-based event ids (a random UUID, fixed forever). */
const EVENT_ID_NAMESPACE = Buffer.from('6f1c2b8e5a4d4e0f9b7a3c1d2e4f6a8b', 'hex');

export function nameBasedEventId(name: string): string {
  const hash = createHash('sha1').update(EVENT_ID_NAMESPACE).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
