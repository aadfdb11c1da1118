import { randomUUID } from 'node:crypto';
import { catalogue } from '../../../schemas/catalogue/index.js';

/** An envelope as the bus delivers it for catalogue event `type` at payload `version`. */
export function envelopeOf(type: string, version: string, overrides: Record<string, unknown> = {}) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': `${type}@${version}`,
    source: 'data-import',
    account: '000000000000',
    time: '2026-01-02T03:04:05Z',
    region: 'eu-west-2',
    resources: [],
    detail: {
      event_type: type,
      version,
      event_id: randomUUID(),
      occurred_at: '2026-01-02T03:04:05Z',
      payload: {},
    },
    ...overrides,
  };
}

/** One envelope per type/version pair of the catalogue. */
export const everyCatalogueEnvelope = () =>
  catalogue.events.map((event) => envelopeOf(event.type, event.version));

/**
 * What a subscriber's `events` list means, said directly: no list takes every event of the
 * service; `type` takes every version of it; `type@version` takes that version only.
 */
export function wanted(
  events: readonly string[] | undefined,
  envelope: ReturnType<typeof envelopeOf>,
): boolean {
  if (envelope.source !== 'data-import') return false;
  if (events === undefined) return true;
  const { event_type, version } = envelope.detail;
  return events.some((selector) => selector === event_type || selector === `${event_type}@${version}`);
}
