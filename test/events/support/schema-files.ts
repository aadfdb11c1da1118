import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type Ajv from 'ajv';
import { createAjv } from '../../../schemas/build/standalone-esm.js';
import { projectRoot } from '../../../schemas/project-root.js';

/** Every `.json` file under `schemas/`, relative to the project root, sorted. */
export function schemaFiles(dir = 'schemas'): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(projectRoot, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...schemaFiles(relative));
    else if (entry.name.endsWith('.json')) out.push(relative);
  }
  return out.sort();
}

export function readSchema(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8')) as Record<string, unknown>;
}

/** The event schema files: `schemas/events/<event type>/<payload version>.json`. */
export const eventSchemaFiles = (): string[] =>
  schemaFiles('schemas/events').filter((file) => !file.startsWith('schemas/events/structures/'));

/** The structure schema files: `schemas/events/structures/<Name>.json`. */
export const structureSchemaFiles = (): string[] => schemaFiles('schemas/events/structures');

/** An ajv (the project's configuration) holding every schema file under `schemas/`, by `$id`. */
export function ajvWithEverySchemaFile(): Ajv {
  const ajv = createAjv();
  for (const file of schemaFiles()) ajv.addSchema(readSchema(file));
  return ajv;
}
