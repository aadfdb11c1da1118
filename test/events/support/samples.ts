import { parseFieldType } from '../../../schemas/build/events-catalogue.js';
import { catalogue } from '../../../schemas/catalogue/index.js';
import type { CatalogueField, CatalogueStructure } from '../../../schemas/catalogue/types.js';

/**
 * Payloads built from the catalogue (not from the generated schemas, so the tests check the
 * generator against its source): a complete valid payload, and every way to break it.
 */

/** A valid ledger entry of `billing.ledger.entry_posted@v2`: a charge, nothing reversed. */
export const ledgerEntry = (id = 1) => ({
  id,
  is_charge: true,
  is_credit: false,
  is_payment: false,
  is_repayment: false,
  is_reversal: false,
  is_reversed: false,
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const structuresByName = new Map<string, CatalogueStructure>(
  catalogue.structures.map((structure) => [structure.name, structure]),
);

function sampleItem(type: string): Json {
  const parsed = parseFieldType(type);
  if (parsed.kind === 'structure') return samplePayload(structuresByName.get(parsed.name)!.fields);
  switch (parsed.scalar) {
    case 'string':
      return 'text';
    case 'integer':
      return 42;
    case 'boolean':
      return true;
    case 'number':
      return 1.5;
    case 'object':
      return { any: 'property', nested: { allowed: true } };
  }
}

/** A value of the field's type (arrays hold one item, structures are complete). */
export function sampleValue(type: string): Json {
  const item = sampleItem(type.replace(/\[\]$/, ''));
  return type.endsWith('[]') ? [item] : item;
}

/** Every field (required and optional) filled with a valid value. */
export function samplePayload(fields: readonly CatalogueField[]): JsonObject {
  return Object.fromEntries(fields.map((field) => [field.name, sampleValue(field.type)]));
}

/** A value of the wrong type for the field. */
export function wrongValue(type: string): Json {
  if (type.endsWith('[]')) return { not: 'an array' };
  const parsed = parseFieldType(type);
  if (parsed.kind === 'structure') return 'not an object';
  switch (parsed.scalar) {
    case 'string':
      return 7;
    case 'integer':
      return 4.5;
    case 'boolean':
      return 'true';
    case 'number':
      return '1.5';
    case 'object':
      return ['not', 'an', 'object'];
  }
}

export interface Mutation {
  /** What was broken, e.g. `entry.is_charge` or `agreements.0.id`. */
  path: string;
  payload: JsonObject;
}

const clone = <T>(value: T): T => structuredClone(value);

/**
 * Walks the fields of `fields` and of every structure inside them (the first item of arrays),
 * calling `visit` with the path and a setter on a fresh copy of `payload`.
 */
function walk(
  fields: readonly CatalogueField[],
  path: string[],
  visit: (field: CatalogueField, path: string[], objectPath: string[]) => void,
): void {
  for (const field of fields) {
    visit(field, [...path, field.name], path);
    const parsed = parseFieldType(field.type);
    if (parsed.kind !== 'structure') continue;
    const inner = [...path, field.name, ...(parsed.array ? ['0'] : [])];
    walk(structuresByName.get(parsed.name)!.fields, inner, visit);
  }
}

function at(payload: JsonObject, path: readonly string[]): JsonObject {
  let node: Json = payload;
  for (const part of path) node = (node as JsonObject)[part] as Json;
  return node as JsonObject;
}

/** One payload per required field (top level and nested) with that field removed. */
export function withoutEachRequired(fields: readonly CatalogueField[]): Mutation[] {
  const valid = samplePayload(fields);
  const out: Mutation[] = [];
  walk(fields, [], (field, path, objectPath) => {
    if (!field.required) return;
    const payload = clone(valid);
    delete at(payload, objectPath)[field.name];
    out.push({ path: path.join('.'), payload });
  });
  return out;
}

/** One payload per field (top level and nested) with a value of the wrong type. */
export function withEachWrongType(fields: readonly CatalogueField[]): Mutation[] {
  const valid = samplePayload(fields);
  const out: Mutation[] = [];
  walk(fields, [], (field, path, objectPath) => {
    const payload = clone(valid);
    at(payload, objectPath)[field.name] = wrongValue(field.type);
    out.push({ path: path.join('.'), payload });
  });
  return out;
}

/** One payload per object (the payload itself and every structure inside) with an undocumented property. */
export function withUndocumentedProperty(fields: readonly CatalogueField[]): Mutation[] {
  const valid = samplePayload(fields);
  const top = clone(valid);
  top.undocumented_field = 'x';
  const out: Mutation[] = [{ path: 'undocumented_field', payload: top }];
  walk(fields, [], (field, path) => {
    const parsed = parseFieldType(field.type);
    if (parsed.kind !== 'structure') return;
    const payload = clone(valid);
    const objectPath = parsed.array ? [...path, '0'] : path;
    at(payload, objectPath).undocumented_field = 'x';
    out.push({ path: [...objectPath, 'undocumented_field'].join('.'), payload });
  });
  return out;
}
