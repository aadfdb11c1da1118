import type { CatalogueEvent, CatalogueField, CatalogueStructure } from '../catalogue/types.js';
import {
  eventSchemaId,
  keyOf,
  parseFieldType,
  structureSchemaId,
  structuresUsedBy,
} from './events-catalogue.js';
import { GENERATED_HEADER } from './generated-file.js';

/**
 * JSON Schemas of the catalogue: one per event (type, payload version) and one
 * per structure, each with a unique `$id`, structures referenced by `$id`. Types: s string,
 * i integer, b boolean, n number, o object with any properties, [T] array; required fields
 * are `required`; undocumented properties are rejected except where the catalogue is cut off.
 */

export type JsonSchema = Record<string, unknown>;

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_04 = 'http://json-schema.org/draft-04/schema#';
const COMMENT = `${GENERATED_HEADER} Source: schemas/catalogue/.`;

type RefOf = (structure: string) => string;

function fieldSchema(field: CatalogueField, refOf: RefOf): JsonSchema {
  const parsed = parseFieldType(field.type);
  const item: JsonSchema = parsed.kind === 'scalar' ? { type: parsed.scalar } : { $ref: refOf(parsed.name) };
  return parsed.array ? { type: 'array', items: item } : item;
}

function objectSchema(fields: readonly CatalogueField[], refOf: RefOf, open: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of fields) properties[field.name] = fieldSchema(field, refOf);
  const required = fields.filter((field) => field.required).map((field) => field.name);
  return {
    type: 'object',
    properties,
    // draft-04 (the schema registry's dialect) does not allow an empty `required`.
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: open,
  };
}

function describeEvent(event: CatalogueEvent): string {
  const parts = [
    `Payload of the event ${event.type}, payload version ${event.version} (EventBridge detail-type ${keyOf(event)}).`,
  ];
  if (event.resolvedFrom)
    parts.push(`Fields resolved from the catalogue's shorthand: ${event.resolvedFrom}.`);
  if (event.note) parts.push(event.note);
  return parts.join(' ');
}

export function eventJsonSchema(event: CatalogueEvent): JsonSchema {
  return {
    $schema: DRAFT_07,
    $id: eventSchemaId(event),
    $comment: COMMENT,
    title: keyOf(event),
    description: describeEvent(event),
    ...objectSchema(event.fields, structureSchemaId, event.truncated === true),
  };
}

export function structureJsonSchema(structure: CatalogueStructure): JsonSchema {
  return {
    $schema: DRAFT_07,
    $id: structureSchemaId(structure),
    $comment: COMMENT,
    title: structure.name,
    ...(structure.platformName ? { description: `Platform name: ${structure.platformName}.` } : {}),
    ...objectSchema(structure.fields, structureSchemaId, false),
  };
}

/**
 * The event's schema as the EventBridge schema registry takes it (type `JSONSchemaDraft4`):
 * standing alone, the structures it uses copied into `definitions` and referenced locally.
 */
export function registryJsonSchema(
  event: CatalogueEvent,
  byName: ReadonlyMap<string, CatalogueStructure>,
): JsonSchema {
  const refOf: RefOf = (name) => `#/definitions/${name}`;
  const used = [...structuresUsedBy(event.fields, byName)].sort();
  const definitions: Record<string, JsonSchema> = {};
  for (const name of used) {
    const structure = byName.get(name);
    if (!structure) throw new Error(`Unknown structure ${name}`);
    definitions[name] = { title: name, ...objectSchema(structure.fields, refOf, false) };
  }
  return {
    $schema: DRAFT_04,
    title: keyOf(event),
    description: describeEvent(event),
    ...objectSchema(event.fields, refOf, event.truncated === true),
    ...(used.length > 0 ? { definitions } : {}),
  };
}

/** The EventBridge `detail` every event travels in (outbox.ts `EventDetail`). */
export const envelopeJsonSchema: JsonSchema = {
  $id: 'urn:data-import:event-envelope',
  title: 'EventBridge detail of a data-import event',
  type: 'object',
  properties: {
    event_type: { type: 'string' },
    version: { type: 'string' },
    event_id: { type: 'string' },
    occurred_at: { type: 'string', format: 'date-time' },
    payload: { type: 'object' },
  },
  required: ['event_type', 'version', 'event_id', 'occurred_at', 'payload'],
  additionalProperties: false,
};
