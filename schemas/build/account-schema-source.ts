import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's schema source of the account payload (`EnergyAccount`): one JSON Schema per
 * component in schemas/account/components/, written once by schemas/build/import-energy-account.ts
 * and the project's own from then on. The dialect is the project's OpenAPI 3.1 document's (JSON
 * Schema with `oneOf` + `discriminator` for unions, `type: [..., "null"]` or `anyOf [ref, null]`
 * for nullable fields, `deprecated` with `x-use-instead`). Each component has the `$id`
 * `urn:data-import:account:<Name>`, and references name components by `$id` as the event schemas
 * do; every declared object is closed (`additionalProperties: false`).
 */

export const ACCOUNT_COMPONENTS_DIR = 'schemas/account/components';
export const ACCOUNT_RULES_FILE = 'schemas/account/published-rules.ts';
export const ACCOUNT_ROOT = 'EnergyAccount';
/** A component's `$id` is this prefix and its name; references name components by `$id`. */
export const COMPONENT_ID_PREFIX = 'urn:data-import:account:';

/** One published validation rule: where it lives, its name and the error codes it answers. */
export interface PublishedRule {
  /** The component the rule belongs to. */
  schema: string;
  /** The component's field the rule sits on, when it sits on one. */
  attr?: string;
  name: string;
  codes: string[];
}

export type SchemaNode = {
  $id?: string;
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

export function componentName(ref: string): string {
  if (!ref.startsWith(COMPONENT_ID_PREFIX)) throw new Error(`${ref} is not an account component`);
  return ref.slice(COMPONENT_ID_PREFIX.length);
}

/** Every component of the source, by name (its `$id` without the prefix). */
export function loadAccountComponents(root: string): Map<string, SchemaNode> {
  const directory = path.join(root, ACCOUNT_COMPONENTS_DIR);
  const components = new Map<string, SchemaNode>();
  for (const file of readdirSync(directory).sort()) {
    if (!file.endsWith('.json')) continue;
    const schema = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as SchemaNode;
    const name = componentName(String(schema.$id));
    if (componentFileName(name) !== file) throw new Error(`${file}: expected ${componentFileName(name)}`);
    components.set(name, schema);
  }
  return components;
}
