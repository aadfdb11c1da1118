import type { CatalogueEvent } from '../catalogue/types.js';
import { keyOf } from './events-catalogue.js';
import type { JsonSchema } from './events-json-schema.js';
import { GENERATED_HEADER } from './generated-file.js';
import { compileStandalone } from './standalone-esm.js';

/** `data_import.import_process.post_import.completed@v1` → `dataImportImportProcessPostImportCompletedV1`. */
export function eventExportName(event: Pick<CatalogueEvent, 'type' | 'version'>): string {
  const words = keyOf(event)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

/**
 * Ahead-of-time compiled (ajv standalone) validators of event payloads. Each module exports
 * `validators`: `'<type>@<version>'` → validator. Export names inside the module are `e0…eN`
 * (event types are not valid identifiers); the map gives them their keys.
 *
 * With `descriptors`, the module also exports one `{ eventType, version, validate }` per event,
 * named by `eventExportName` (what `emit` takes). Code that imports only the descriptors it
 * emits lets esbuild leave every other event's validator and schema out of the bundle.
 */
export function renderValidatorModule(
  events: readonly CatalogueEvent[],
  schemaOf: (event: CatalogueEvent) => JsonSchema,
  structureSchemas: readonly JsonSchema[],
  options: { extra?: Record<string, JsonSchema>; descriptors?: boolean } = {},
): string {
  const named: Record<string, JsonSchema> = { ...options.extra };
  const entries: string[] = [];
  const descriptors: string[] = [];
  events.forEach((event, index) => {
    named[`e${index}`] = schemaOf(event);
    entries.push(`  ${JSON.stringify(keyOf(event))}: e${index},`);
    descriptors.push(
      `export const ${eventExportName(event)} = { eventType: ${JSON.stringify(event.type)}, version: ${JSON.stringify(event.version)}, validate: e${index} };`,
    );
  });
  return [
    `// ${GENERATED_HEADER}`,
    compileStandalone(named, structureSchemas).trimEnd(),
    'export const validators = {',
    ...entries,
    '};',
    ...(options.descriptors ? descriptors : []),
    '',
  ].join('\n');
}

/** The `.d.ts` next to a validator module. */
export function renderValidatorDeclarations(
  mapType: string,
  options: { extra?: Record<string, string>; descriptorsOf?: readonly CatalogueEvent[] } = {},
): string {
  const extra = options.extra ?? {};
  const descriptorsOf = options.descriptorsOf ?? [];
  return [
    `// ${GENERATED_HEADER}`,
    "import type { CompiledValidator } from '../../validation/field-errors.js';",
    `import type { ${mapType} } from './event-payloads.js';`,
    ...(Object.keys(extra).length > 0 ? ["import type { EventDetail } from '../outbox.js';"] : []),
    ...(descriptorsOf.length > 0 ? ["import type { EmittedEvent } from '../emit.js';"] : []),
    ...Object.entries(extra).map(
      ([name, type]) => `export declare const ${name}: CompiledValidator<${type}>;`,
    ),
    `export declare const validators: { readonly [K in keyof ${mapType}]: CompiledValidator<${mapType}[K]> };`,
    ...descriptorsOf.map(
      (event) =>
        `export declare const ${eventExportName(event)}: EmittedEvent<${JSON.stringify(event.type)}, ${JSON.stringify(event.version)}>;`,
    ),
    '',
  ].join('\n');
}
