import { EVENT_SOURCE } from '../../functions/events/outbox.js';

/**
 * The event pattern of one subscriber: the ONE definition used by the stack (the rule on the
 * service's bus) and by the local runtime (its pattern matcher, infra/local/event-pattern.ts).
 *
 * A subscriber lists events as `"<event type>"` (every payload version of that type) or
 * `"<event type>@<payload version>"` (that version only); no list means every event of the
 * service. Every entry the service publishes has `source` `data-import`, `detail-type`
 * `<event type>@<payload version>` and `detail.event_type` `<event type>`, so:
 *
 * - pinned versions match on `detail-type`;
 * - every-version types match on `detail.event_type`;
 * - both kinds together need an OR across two fields, which an EventBridge pattern can only
 *   express with `$or`: `{"source": [...], "$or": [{"detail-type": [...]}, {"detail": {"event_type": [...]}}]}`.
 */
export type SubscriberEventPattern = Record<string, unknown>;

/** `"account.created@v1"` → `{ type: "account.created", version: "v1" }`; no `@` → every version. */
export function parseEventSelector(selector: string): { type: string; version?: string } {
  const at = selector.lastIndexOf('@');
  return at < 0 ? { type: selector } : { type: selector.slice(0, at), version: selector.slice(at + 1) };
}

const sortedUnique = (values: Iterable<string>) => [...new Set(values)].sort();

/**
 * Whose events a pattern matches: the service's own (what subscribers receive), or those every
 * other producer puts on the service's bus (what the service itself consumes).
 */
export type EventProducers = 'this-service' | 'other-producers';

export function subscriberEventPattern(
  events?: readonly string[],
  producers: EventProducers = 'this-service',
): SubscriberEventPattern {
  const source = producers === 'this-service' ? [EVENT_SOURCE] : [{ 'anything-but': EVENT_SOURCE }];
  if (events === undefined) return { source };
  const everyVersion = new Set<string>();
  const pinned: string[] = [];
  for (const selector of events) {
    const { type, version } = parseEventSelector(selector);
    if (version === undefined) everyVersion.add(type);
    else pinned.push(selector);
  }
  // A pinned version of a type that is also listed whole adds nothing.
  const detailTypes = sortedUnique(
    pinned.filter((selector) => !everyVersion.has(parseEventSelector(selector).type)),
  );
  const eventTypes = sortedUnique(everyVersion);
  const byDetailType = { 'detail-type': detailTypes };
  const byEventType = { detail: { event_type: eventTypes } };
  if (eventTypes.length === 0) return { source, ...byDetailType };
  if (detailTypes.length === 0) return { source, ...byEventType };
  return { source, $or: [byDetailType, byEventType] };
}
