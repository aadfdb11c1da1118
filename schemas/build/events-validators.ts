import type { CatalogueEvent } from '../catalogue/types.js';
import { keyOf } from './events-catalogue.js';
import type { JsonSchema } from './events-json-schema.js';
import { GENERATED_HEADER } from './generated-file.js';
import { compileStandalone } from './standalone-esm.js';

/**
 * Ahead-of-time compiled (ajv standalone) validators of event payloads. Each module exports
 * `validators`: `'<type>@<version>'` → validator. Export names inside the module are `e0…eN`
 * (event types are not valid identifiers); the map gives them their keys.
 */
export function renderValidatorModule(
  events: readonly CatalogueEvent[],
  schemaOf: (event: CatalogueEvent) => JsonSchema,
  structureSchemas: readonly JsonSchema[],
  extra: Record<string, JsonSchema> = {},
): string {
  const named: Record<string, JsonSchema> = { ...extra };
  const entries: string[] = [];
  events.forEach((event, index) => {
    named[`e${index}`] = schemaOf(event);
    entries.push(`  ${JSON.stringify(keyOf(event))}: e${index},`);
  });
  return [
    `// ${GENERATED_HEADER}`,
    compileStandalone(named, structureSchemas).trimEnd(),
    'export const validators = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

/** The `.d.ts` next to a validator module. */
export function renderValidatorDeclarations(mapType: string, extra: Record<string, string> = {}): string {
  return [
    `// ${GENERATED_HEADER}`,
    "import type { CompiledValidator } from '../../validation/field-errors.js';",
    `import type { ${mapType} } from './event-payloads.js';`,
    ...(Object.keys(extra).length > 0 ? ["import type { EventDetail } from '../outbox.js';"] : []),
    ...Object.entries(extra).map(
      ([name, type]) => `export declare const ${name}: CompiledValidator<${type}>;`,
    ),
    `export declare const validators: { readonly [K in keyof ${mapType}]: CompiledValidator<${mapType}[K]> };`,
    '',
  ].join('\n');
}
