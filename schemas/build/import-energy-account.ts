import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot } from '../project-root.js';
import {
  ACCOUNT_COMPONENTS_DIR,
  ACCOUNT_RULES_FILE,
  COMPONENT_ID_PREFIX,
  componentFileName,
  type PublishedRule,
} from './account-schema-source.js';

/**
 * One-off import, run by hand (never by `npm run generate` or a test: the project does not read
 * the platform's document at build, test or run time):
 *
 *   npx tsx schemas/build/import-energy-account.ts <the platform's data-import OpenAPI document, YAML>
 *   npm run format && npm run generate
 *
 * Reads the platform's published data-import OpenAPI 3.0 document and writes the project's own
 * schema source for the account payload: one JSON Schema per component reached from
 * `EnergyAccount` (schemas/account/components/), in the dialect of the project's OpenAPI 3.1
 * document, and the published validation rules of those components (schemas/account/
 * published-rules.ts). Facts carry over (names, nesting, types, enums, formats, bounds,
 * nullability, required-ness, deprecation, discriminators, rule names and codes); prose does not
 * (descriptions, comments and enum descriptions are dropped). The departures the project decides
 * are applied here: see `departures` and docs/contributing/decisions.md.
 */

type Node = Record<string, unknown>;
type Rule = PublishedRule;

const ROOT = 'EnergyAccount';
const REF_PREFIX = '#/components/schemas/';
/** The platform's brand word, spelled in halves so that it never appears in the project. */
const BRAND = new RegExp(['kra', 'ken'].join(''), 'gi');
/** Keywords that carry facts; everything else (descriptions, comments, ids) is dropped. */
const KEPT = [
  'type',
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'default',
  'deprecated',
] as const;
/** Choices the platform configures per instance (published with no type): a code string here. */
const DYNAMIC_CHOICE = 'x-spec-enum-id';
/** Characters a value that appears in a URL path segment may not hold, nor be `.` or `..`. */
const URL_SAFE = '^(?!\\.\\.?$)[^/\\\\?#%\\u0000-\\u001f\\u007f]+$';

/** The departures of the project from the published shape, applied after conversion. */
function departures(components: Map<string, Node>): void {
  const account = components.get(ROOT)!;
  const properties = account.properties as Record<string, Node>;
  // Any supplier code the service knows (the published enum lists one platform instance's codes).
  properties.import_supplier = { type: 'string', minLength: 1, maxLength: 64, pattern: URL_SAFE };
  // Identifies the account with the supplier code; appears in URLs.
  properties.external_account_number = { type: 'string', minLength: 1, maxLength: 128, pattern: URL_SAFE };
  account.required = [...new Set([...((account.required as string[]) ?? []), 'external_account_number'])];
}

const refName = (ref: string) => ref.slice(REF_PREFIX.length);
const debrand = (text: string) => text.replace(BRAND, 'service');

/** The published `#/components/schemas/X` becomes the project's schema id of X. */
const componentId = (ref: string) => `${COMPONENT_ID_PREFIX}${refName(ref)}`;

function convertRef(ref: string): Node {
  return { $ref: componentId(ref) };
}

/** A nullable schema: `null` joins its type (and enum), or a reference becomes `anyOf [ref, null]`. */
function withNull(schema: Node): Node {
  if (schema.$ref !== undefined) {
    const { $ref, ...annotations } = schema;
    return { anyOf: [{ $ref }, { type: 'null' }], ...annotations };
  }
  if (schema.type === undefined) return schema;
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const result: Node = { ...schema, type: [...type, 'null'] };
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) result.enum = [...schema.enum, null];
  return result;
}

function convert(source: Node, at: string, rules: Rule[], owner: string): Node {
  if (typeof source.$ref === 'string') return convertRef(source.$ref);
  collectRules(source, owner, at, rules);
  let schema: Node = {};
  const allOf = source.allOf as Node[] | undefined;
  if (allOf?.length === 1 && typeof allOf[0]?.$ref === 'string') schema = convertRef(allOf[0].$ref);
  else if (allOf) schema.allOf = allOf.map((part, i) => convert(part, `${at}/allOf/${i}`, rules, owner));
  if (Array.isArray(source.oneOf)) {
    schema.oneOf = (source.oneOf as Node[]).map((part, i) => convert(part, `${at}/oneOf/${i}`, rules, owner));
  }
  if (source.discriminator) {
    const { propertyName, mapping } = source.discriminator as {
      propertyName: string;
      mapping: Record<string, string>;
    };
    const ids = Object.entries(mapping).map(([value, ref]) => [value, componentId(ref)]);
    schema.discriminator = { propertyName, mapping: Object.fromEntries(ids) };
  }
  for (const key of KEPT) if (source[key] !== undefined) schema[key] = source[key];
  if (source.type === undefined && source[DYNAMIC_CHOICE] !== undefined) schema.type = 'string';
  if (typeof source['x-use-instead'] === 'string') schema['x-use-instead'] = source['x-use-instead'];
  if (source.properties) {
    const properties: Record<string, Node> = {};
    for (const [name, child] of Object.entries(source.properties as Record<string, Node>)) {
      properties[name] = convert(child, at ? `${at}.${name}` : name, rules, owner);
    }
    schema.properties = properties;
    schema.additionalProperties = false;
    if (Array.isArray(source.required) && source.required.length > 0) schema.required = source.required;
  }
  if (source.items) schema.items = convert(source.items as Node, `${at}[]`, rules, owner);
  return source.nullable === true ? withNull(schema) : schema;
}

function collectRules(source: Node, schema: string, at: string, rules: Rule[]): void {
  for (const validator of (source['x-validators'] as Node[] | undefined) ?? []) {
    rules.push({
      schema,
      ...(at ? { attr: at } : {}),
      name: debrand(String(validator.name)),
      codes: ((validator.possible_errors as string[] | undefined) ?? []).map(debrand),
    });
  }
}

function rulesModule(rules: readonly Rule[]): string {
  return [
    "import type { PublishedRule } from '../build/account-schema-source.js';",
    '',
    '/**',
    ' * The named validation rules the platform publishes for `EnergyAccount` and its components:',
    " * the component, the field when the rule sits on one, the rule's name and its error codes.",
    ' * Imported by schemas/build/import-energy-account.ts; the rules table is to be generated from it.',
    ' */',
    `export const publishedRules: readonly PublishedRule[] = ${JSON.stringify(rules, null, 2)};`,
    '',
  ].join('\n');
}

function referencedNames(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) for (const item of node) referencedNames(item, out);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.add(refName(value));
      else referencedNames(value, out);
    }
  }
}

/** Every component reachable from the root, in the order first reached (breadth first). */
function reachable(published: Record<string, Node>): string[] {
  const order = [ROOT];
  for (let i = 0; i < order.length; i += 1) {
    const found = new Set<string>();
    referencedNames(published[order[i]!], found);
    for (const name of [...found].sort()) if (!order.includes(name)) order.push(name);
  }
  return order;
}

function readPublished(file: string): Record<string, Node> {
  const require = createRequire(import.meta.url);
  let yaml: { load(text: string): unknown };
  try {
    yaml = require('js-yaml') as typeof yaml;
  } catch {
    throw new Error('js-yaml is needed for the import (npm ci installs it with the dev tools)');
  }
  const document = yaml.load(readFileSync(file, 'utf8')) as { components: { schemas: Record<string, Node> } };
  return document.components.schemas;
}

function main(): void {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: tsx schemas/build/import-energy-account.ts <published-openapi.yml>');
    process.exit(2);
  }
  const published = readPublished(path.resolve(file));
  const rules: Rule[] = [];
  const components = new Map<string, Node>();
  for (const name of reachable(published)) components.set(name, convert(published[name]!, '', rules, name));
  departures(components);
  const directory = path.join(projectRoot, ACCOUNT_COMPONENTS_DIR);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  for (const [name, schema] of components) {
    const content = { $id: `${COMPONENT_ID_PREFIX}${name}`, ...schema };
    writeFileSync(path.join(directory, componentFileName(name)), `${JSON.stringify(content, null, 2)}\n`);
  }
  writeFileSync(path.join(projectRoot, ACCOUNT_RULES_FILE), rulesModule(rules));
  const written = readdirSync(directory).length;
  console.log(`wrote ${written} components and ${rules.length} published rules`);
}

main();
