import type { CatalogueEvent, CatalogueField, EventCatalogue } from '../catalogue/types.js';
import { isEmittedByThisService, keyOf, parseFieldType } from './events-catalogue.js';
import { GENERATED_HEADER } from './generated-file.js';

/** The events page (`schemas/events/README.md`): every event, payload version and field. */

const anchorOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');

function typeCell(field: CatalogueField): string {
  const parsed = parseFieldType(field.type);
  const base = parsed.kind === 'structure' ? `[${parsed.name}](#${anchorOf(parsed.name)})` : parsed.scalar;
  return parsed.array ? `array of ${base}` : base;
}

function fieldTable(fields: readonly CatalogueField[]): string[] {
  const lines = ['| field | type | required |', '|---|---|---|'];
  for (const field of fields)
    lines.push(`| \`${field.name}\` | ${typeCell(field)} | ${field.required ? 'yes' : 'no'} |`);
  return lines;
}

function eventSection(type: string, versions: readonly CatalogueEvent[]): string[] {
  const lines = [`### \`${type}\``, ''];
  for (const event of versions) {
    const schema = `[\`${event.type}/${event.version}.json\`](./${encodeURI(event.type)}/${encodeURI(event.version)}.json)`;
    const emitted = isEmittedByThisService(event) ? ' **Emitted by this service.**' : '';
    lines.push(`**${event.version}**: detail-type \`${keyOf(event)}\`, schema ${schema}.${emitted}`, '');
    if (event.resolvedFrom) lines.push(`Spec shorthand resolved: ${event.resolvedFrom}.`, '');
    if (event.note) lines.push(`Note: ${event.note}`, '');
    lines.push(...fieldTable(event.fields), '');
    if (event.truncated)
      lines.push('Undocumented properties are accepted (the catalogue is cut off here).', '');
  }
  return lines;
}

export function renderEventsPage(catalogue: EventCatalogue): string {
  const groups = new Map<string, Map<string, CatalogueEvent[]>>();
  for (const event of catalogue.events) {
    const group = groups.get(event.group) ?? new Map<string, CatalogueEvent[]>();
    group.set(event.type, [...(group.get(event.type) ?? []), event]);
    groups.set(event.group, group);
  }
  const types = new Set(catalogue.events.map((event) => event.type));
  const lines = [
    '# Event catalogue',
    '',
    `${GENERATED_HEADER} Source: \`schemas/catalogue/\`, transcribed from the specification's event`,
    'catalogue (parts A and B) with every shorthand ("same fields as …", "v1 fields plus …", "base',
    'fields", …) resolved to explicit fields.',
    '',
    `${catalogue.events.length} (event type, payload version) pairs of ${types.size} event types, and`,
    `${catalogue.structures.length} structures. Each pair has a JSON Schema at`,
    '`schemas/events/<event type>/<payload version>.json`; structures are at `schemas/events/structures/<Name>.json`',
    'and are referenced by `$id`. Types: `string`, `integer`, `boolean`, `number`, `object` (any properties),',
    'a structure, or an array of any of these. Undocumented properties are rejected, except in',
    '`meter_data_quality.resolution_requested` v1, whose field list the catalogue cuts off.',
    '',
    'Every event travels as the `detail` of an EventBridge entry with source `data-import` and detail-type',
    '`<event type>@<payload version>`: `{"event_type", "version", "event_id", "occurred_at", "payload"}`.',
    '',
    '## Contents',
    '',
  ];
  for (const [group, events] of groups)
    lines.push(`- [${group}](#${anchorOf(group)}): ${events.size} event types`);
  lines.push('- [Structures](#structures)', '');
  for (const [group, events] of groups) {
    lines.push(`## ${group}`, '');
    for (const [type, versions] of events) lines.push(...eventSection(type, versions));
  }
  lines.push('## Structures', '');
  for (const structure of catalogue.structures) {
    lines.push(`### ${structure.name}`, '');
    const platform = structure.platformName ? ` Platform name \`${structure.platformName}\`.` : '';
    lines.push(
      `Schema [\`structures/${structure.name}.json\`](./structures/${structure.name}.json).${platform}`,
      '',
    );
    lines.push(...fieldTable(structure.fields), '');
  }
  return lines.join('\n');
}
