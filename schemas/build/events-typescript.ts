import type { CatalogueEvent, CatalogueField, EventCatalogue } from '../catalogue/types.js';
import { isEmittedByThisService, keyOf, parseFieldType, payloadTypeName } from './events-catalogue.js';
import { GENERATED_HEADER } from './generated-file.js';

/**
 * TypeScript payload types of the catalogue: an interface per structure and per event, and
 * the maps `EventPayloads` (type → version → payload) and `EventPayloadsByKey`
 * (`'<type>@<version>'` → payload), plus the same two for the events this service emits.
 */

function tsType(field: CatalogueField): string {
  const parsed = parseFieldType(field.type);
  const base =
    parsed.kind === 'structure'
      ? parsed.name
      : parsed.scalar === 'integer'
        ? 'number'
        : parsed.scalar === 'object'
          ? 'Record<string, unknown>'
          : parsed.scalar;
  if (!parsed.array) return base;
  return base.includes('<') ? `Array<${base}>` : `${base}[]`;
}

function interfaceOf(name: string, doc: string, fields: readonly CatalogueField[], open: boolean): string[] {
  const lines = [`/** ${doc} */`, `export interface ${name} {`];
  for (const field of fields) lines.push(`  ${field.name}${field.required ? '' : '?'}: ${tsType(field)};`);
  if (open)
    lines.push(
      '  /** The catalogue cuts this field list off: further fields are allowed. */',
      '  [field: string]: unknown;',
    );
  lines.push('}', '');
  return lines;
}

function maps(events: readonly CatalogueEvent[], prefix: string): string[] {
  const byType = new Map<string, CatalogueEvent[]>();
  for (const event of events) byType.set(event.type, [...(byType.get(event.type) ?? []), event]);
  const lines = [`/** ${prefix || 'Every'} event type → payload version → payload type. */`];
  lines.push(`export interface ${prefix}EventPayloads {`);
  for (const [type, versions] of byType) {
    const entries = versions.map((event) => `${JSON.stringify(event.version)}: ${payloadTypeName(event)}`);
    lines.push(`  ${JSON.stringify(type)}: { ${entries.join('; ')} };`);
  }
  lines.push('}', '');
  lines.push(`/** \`'<event type>@<payload version>'\` → payload type (${prefix || 'every'} event). */`);
  lines.push(`export interface ${prefix}EventPayloadsByKey {`);
  for (const event of events) lines.push(`  ${JSON.stringify(keyOf(event))}: ${payloadTypeName(event)};`);
  lines.push('}', '');
  return lines;
}

export function renderPayloadTypes(catalogue: EventCatalogue): string {
  const lines = [
    `// ${GENERATED_HEADER}`,
    '// Source: schemas/catalogue/ (the event catalogue). One interface per structure and per',
    '// (event type, payload version); the maps at the end key them by type and version.',
    '',
    '// Structures',
    '',
  ];
  for (const structure of catalogue.structures) {
    const doc = structure.platformName
      ? `${structure.name} (\`${structure.platformName}\`).`
      : `${structure.name}.`;
    lines.push(...interfaceOf(structure.name, doc, structure.fields, false));
  }
  lines.push('// Event payloads', '');
  for (const event of catalogue.events) {
    lines.push(
      ...interfaceOf(
        payloadTypeName(event),
        `Payload of \`${event.type}\` ${event.version}.`,
        event.fields,
        event.truncated === true,
      ),
    );
  }
  lines.push(...maps(catalogue.events, ''));
  lines.push(...maps(catalogue.events.filter(isEmittedByThisService), 'Emitted'));
  lines.push(
    '/** Every event type of the catalogue. */',
    'export type EventType = keyof EventPayloads;',
    "/** Every `'<event type>@<payload version>'` of the catalogue. */",
    'export type EventKey = keyof EventPayloadsByKey;',
    '/** The event types this service emits. */',
    'export type EmittedEventType = keyof EmittedEventPayloads;',
    "/** The `'<event type>@<payload version>'` pairs this service emits. */",
    'export type EmittedEventKey = keyof EmittedEventPayloadsByKey;',
    '',
  );
  return lines.join('\n');
}
