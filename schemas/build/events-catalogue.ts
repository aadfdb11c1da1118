import type {
  CatalogueEvent,
  CatalogueField,
  CatalogueStructure,
  EventCatalogue,
  ScalarType,
} from '../catalogue/types.js';

/**
 * Names, paths and `$id`s derived from the catalogue (schemas/catalogue), shared by every
 * events generator, the schema-registry stack and the tests.
 */

/** Base URI of every `$id`: the schema's path under the repository's `schemas/` folder. */
export const SCHEMA_ID_BASE = 'https://data-import.example/schemas/';

export const EVENTS_DIR = 'schemas/events';
export const STRUCTURES_DIR = `${EVENTS_DIR}/structures`;

export const eventKey = (type: string, version: string): string => `${type}@${version}`;
export const keyOf = (event: Pick<CatalogueEvent, 'type' | 'version'>): string =>
  eventKey(event.type, event.version);

export const eventSchemaPath = (event: CatalogueEvent): string =>
  `${EVENTS_DIR}/${event.type}/${event.version}.json`;
export const structureSchemaPath = (structure: CatalogueStructure | string): string =>
  `${STRUCTURES_DIR}/${typeof structure === 'string' ? structure : structure.name}.json`;

const idOfPath = (repoPath: string): string => `${SCHEMA_ID_BASE}${repoPath.replace(/^schemas\//, '')}`;
export const eventSchemaId = (event: CatalogueEvent): string => idOfPath(eventSchemaPath(event));
export const structureSchemaId = (structure: CatalogueStructure | string): string =>
  idOfPath(structureSchemaPath(structure));

const SCALARS: readonly ScalarType[] = ['string', 'integer', 'boolean', 'number', 'object'];

export type ParsedType =
  | { kind: 'scalar'; scalar: ScalarType; array: boolean }
  | { kind: 'structure'; name: string; array: boolean };

export function parseFieldType(type: string): ParsedType {
  const array = type.endsWith('[]');
  const base = array ? type.slice(0, -2) : type;
  if ((SCALARS as readonly string[]).includes(base))
    return { kind: 'scalar', scalar: base as ScalarType, array };
  if (/^[A-Z][A-Za-z0-9]*$/.test(base)) return { kind: 'structure', name: base, array };
  throw new Error(`Unknown field type "${type}"`);
}

/** The other (type, version) pairs the service emits: creating an account, posting, registering. */
const EMITTED_PAIRS: ReadonlySet<string> = new Set([
  'account.created@v1',
  'account_user.created@v1',
  'account_user.psr_records_updated@v1',
  'account_metadata.created@v1',
  'account_user_metadata.created@v1',
  'consents.consent.created@v1',
  'agreement.created@v1',
  'business.created@v1',
  'campaign_account.added@v1',
  'collection_proceeding.created@v1',
  'deposit_agreement.accepted@v1',
  'billing.ledger.entry_posted@v2',
  'lifecycle.join-supplier.requested@v1',
]);

/**
 * The events this service itself emits. `emit` validates against a small
 * module holding only these, so handler bundles stay small; the full catalogue validator is
 * for subscribers (`validateEvent`) and tests.
 */
export function isEmittedByThisService(event: Pick<CatalogueEvent, 'type' | 'version'>): boolean {
  return event.type.startsWith('data_import.import_process.') || EMITTED_PAIRS.has(keyOf(event));
}

/** `account.created` v1 → `AccountCreatedV1Payload` (TypeScript type name). */
export function payloadTypeName(event: Pick<CatalogueEvent, 'type' | 'version'>): string {
  const words = event.type.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const pascal = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  const version = event.version.replace(/^v/i, '').replace(/[^A-Za-z0-9]+/g, '_');
  return `${pascal}V${version}Payload`;
}

/** Structures an event (or structure) refers to, directly or through other structures. */
export function structuresUsedBy(
  fields: readonly CatalogueField[],
  byName: ReadonlyMap<string, CatalogueStructure>,
  seen = new Set<string>(),
): Set<string> {
  for (const field of fields) {
    const parsed = parseFieldType(field.type);
    if (parsed.kind !== 'structure' || seen.has(parsed.name)) continue;
    seen.add(parsed.name);
    const structure = byName.get(parsed.name);
    if (structure) structuresUsedBy(structure.fields, byName, seen);
  }
  return seen;
}

/** Fails loudly on a catalogue the generators cannot turn into unique, resolvable schemas. */
export function checkCatalogue(catalogue: EventCatalogue): Map<string, CatalogueStructure> {
  const byName = new Map<string, CatalogueStructure>();
  for (const structure of catalogue.structures) {
    if (byName.has(structure.name)) throw new Error(`Structure ${structure.name} is defined twice`);
    byName.set(structure.name, structure);
  }
  const keys = new Set<string>();
  const typeNames = new Set<string>(byName.keys());
  for (const event of catalogue.events) {
    const key = keyOf(event);
    if (keys.has(key)) throw new Error(`Event ${key} is listed twice`);
    keys.add(key);
    const typeName = payloadTypeName(event);
    if (typeNames.has(typeName)) throw new Error(`Type name ${typeName} of ${key} is not unique`);
    typeNames.add(typeName);
  }
  for (const owner of [...catalogue.structures, ...catalogue.events]) {
    const names = new Set<string>();
    for (const field of owner.fields) {
      if (names.has(field.name)) throw new Error(`Field ${field.name} is listed twice`);
      names.add(field.name);
      const parsed = parseFieldType(field.type);
      if (parsed.kind === 'structure' && !byName.has(parsed.name)) {
        throw new Error(`Field ${field.name} refers to an unknown structure ${parsed.name}`);
      }
    }
  }
  return byName;
}
