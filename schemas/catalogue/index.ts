import { eventsPartA } from './events-part-a.js';
import { eventsPartB } from './events-part-b.js';
import { structures } from './structures.js';
import type { EventCatalogue } from './types.js';

/**
 * THE event catalogue: the one machine-readable source of every event (type, payload version)
 * and structure, transcribed from spec/events-part-a.md and spec/events-part-b.md.
 * `npm run generate` turns it into schemas/events/** (JSON Schemas), TypeScript payload types,
 * ahead-of-time validators and the events page (schemas/events/README.md).
 *
 * Field types: string, integer, boolean, number, object (any properties), a structure name, or
 * any of these followed by `[]` for an array of it.
 */
export const catalogue: EventCatalogue = {
  structures,
  events: [...eventsPartA, ...eventsPartB],
};

export type * from './types.js';
