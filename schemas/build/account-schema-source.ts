import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's schema source of the account payload (`EnergyAccount`): one JSON Schema per
 * component in schemas/account/components/, written once by schemas/build/import-energy-account.ts
 * and the project's own from then on. The dialect is the project's OpenAPI 3.1 document's (JSON
 * Schema with `oneOf` + `discriminator` for unions, `type: [..., "null"]` or `anyOf [ref, null]`
 * for nullable fields, `deprecated` with `x-use-instead`). Components reference each other as
 * `#/components/schemas/<title>`; every declared object is closed (`additionalProperties: false`).
 */

export const ACCOUNT_COMPONENTS_DIR = 'schemas/account/components';
export const ACCOUNT_RULES_FILE = 'schemas/account/published-rules.json';
export const ACCOUNT_ROOT = 'EnergyAccount';
export const COMPONENT_REF_PREFIX = '#/components/schemas/';

export type SchemaNode = {
  title?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean;
  required?: string[];
  items?: SchemaNode;
  enum?: unknown[];
  $ref?: string;
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  discriminator?: { propertyName: string; mapping: Record<string, string> };
  deprecated?: boolean;
  'x-use-instead'?: string;
  [keyword: string]: unknown;
};

/** `EnergyAccount` → `energy-account.json`, `Gbr-gas.payment-methodCharacteristic` → `gbr-gas.payment-method-characteristic.json`. */
export function componentFileName(name: string): string {
  return `${name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()}.json`;
}

export const componentName = (ref: string): string => ref.slice(COMPONENT_REF_PREFIX.length);

/** Every component of the source, by its title (the name references use). */
export function loadAccountComponents(root: string): Map<string, SchemaNode> {
  const directory = path.join(root, ACCOUNT_COMPONENTS_DIR);
  const components = new Map<string, SchemaNode>();
  for (const file of readdirSync(directory).sort()) {
    if (!file.endsWith('.json')) continue;
    const schema = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as SchemaNode;
    if (typeof schema.title !== 'string') throw new Error(`${file}: a component names itself in "title"`);
    if (componentFileName(schema.title) !== file)
      throw new Error(`${file}: expected ${componentFileName(schema.title)}`);
    components.set(schema.title, schema);
  }
  return components;
}
