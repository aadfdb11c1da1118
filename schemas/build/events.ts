import { catalogue } from '../catalogue/index.js';
import {
  checkCatalogue,
  eventSchemaPath,
  isEmittedByThisService,
  structureSchemaPath,
} from './events-catalogue.js';
import { renderEventsPage } from './events-docs.js';
import { envelopeJsonSchema, eventJsonSchema, structureJsonSchema } from './events-json-schema.js';
import { renderPayloadTypes } from './events-typescript.js';
import { renderValidatorDeclarations, renderValidatorModule } from './events-validators.js';
import type { GeneratedFile } from './generated-file.js';

/**
 * The event catalogue generator. From schemas/catalogue/ it writes:
 *   - `schemas/events/<event type>/<payload version>.json` and `schemas/events/structures/<Name>.json`;
 *   - `schemas/events/README.md`: the events page;
 *   - `functions/events/generated/event-payloads.ts`: TypeScript payload types;
 *   - `functions/events/generated/emitted-validators.js|.d.ts`: validators of the events
 *     this service emits, one descriptor per event for `emit` (the code that emits an event
 *     imports its descriptor, so each bundle carries only the validators it can use);
 *   - `functions/events/generated/catalogue-validators.js|.d.ts`: validators of every
 *     event plus the envelope (for `validateEvent` and tests; never imported by handlers).
 */

const GENERATED_DIR = 'functions/events/generated';

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

export async function generateEventFiles(_root: string): Promise<GeneratedFile[]> {
  checkCatalogue(catalogue);
  const structureSchemas = catalogue.structures.map(structureJsonSchema);
  const files: GeneratedFile[] = [];
  for (const event of catalogue.events) {
    files.push({ path: eventSchemaPath(event), content: json(eventJsonSchema(event)) });
  }
  catalogue.structures.forEach((structure, index) => {
    files.push({ path: structureSchemaPath(structure), content: json(structureSchemas[index]) });
  });
  files.push({ path: 'schemas/events/README.md', content: renderEventsPage(catalogue) });
  files.push({ path: `${GENERATED_DIR}/event-payloads.ts`, content: renderPayloadTypes(catalogue) });

  const emitted = catalogue.events.filter(isEmittedByThisService);
  files.push({
    path: `${GENERATED_DIR}/emitted-validators.js`,
    content: renderValidatorModule(emitted, eventJsonSchema, structureSchemas, { descriptors: true }),
  });
  files.push({
    path: `${GENERATED_DIR}/emitted-validators.d.ts`,
    content: renderValidatorDeclarations('EmittedEventPayloadsByKey', { descriptorsOf: emitted }),
  });
  files.push({
    path: `${GENERATED_DIR}/catalogue-validators.js`,
    content: renderValidatorModule(catalogue.events, eventJsonSchema, structureSchemas, {
      extra: { envelope: envelopeJsonSchema },
    }),
  });
  files.push({
    path: `${GENERATED_DIR}/catalogue-validators.d.ts`,
    content: renderValidatorDeclarations('EventPayloadsByKey', {
      extra: { envelope: 'EventDetail<Record<string, unknown>>' },
    }),
  });
  return files;
}
