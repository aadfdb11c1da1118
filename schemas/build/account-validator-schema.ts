import { ACCOUNT_ROOT, componentName, type SchemaNode } from './account-schema-source.js';

/**
 * Translates the account schema source (OpenAPI 3.1 dialect) into the JSON Schema ajv compiles:
 *   - a component's `$id` → `#/definitions/<Name>` (one schema, so ajv resolves nothing by id);
 *   - a union (`oneOf` + `discriminator`) → the discriminator's value checked against the mapping
 *     (`invalid_choice` at the discriminator), then one `if`/`then` per value, so an item is judged
 *     against its chosen branch only (errors name that branch's fields, never every branch's);
 *   - a union whose discriminator no branch declares (the platform chooses it by a supplier
 *     setting, not by the payload): the branch that declares every other branch's fields;
 *   - `anyOf [X, null]` → `null`, or else X (errors name X's fields only);
 *   - annotations (`title`, `default`, `deprecated`, `x-use-instead`) dropped: the deprecation
 *     warnings come from generated/deprecated-fields.ts, not from the validator.
 */

const ANNOTATIONS = new Set(['$id', 'title', 'default', 'deprecated', 'x-use-instead', 'discriminator']);
const definition = (name: string) => `#/definitions/${name}`;

type Components = ReadonlyMap<string, SchemaNode>;

/** The branch a setting-chosen union is validated against: the one whose fields include all others'. */
export function widestBranch(branches: readonly string[], components: Components): string {
  const fields = (name: string) => new Set(Object.keys(components.get(name)?.properties ?? {}));
  const widest = branches.find((candidate) =>
    branches.every((other) => [...fields(other)].every((field) => fields(candidate).has(field))),
  );
  if (widest === undefined) throw new Error(`no branch of ${branches.join(', ')} declares every field`);
  return widest;
}

function discriminated(node: SchemaNode, components: Components): SchemaNode {
  const { propertyName, mapping } = node.discriminator!;
  const entries = Object.entries(mapping).map(([value, ref]) => [value, componentName(ref)] as const);
  const branches = [...new Set(entries.map(([, name]) => name))];
  const declared = branches.filter((name) => components.get(name)?.properties?.[propertyName] !== undefined);
  if (declared.length === 0) return { $ref: definition(widestBranch(branches, components)) };
  if (declared.length !== branches.length) throw new Error(`${propertyName}: declared by some branches only`);
  const required = branches.every((name) => components.get(name)?.required?.includes(propertyName));
  return {
    type: 'object',
    ...(required ? { required: [propertyName] } : {}),
    properties: { [propertyName]: { enum: entries.map(([value]) => value) } },
    allOf: entries.map(([value, name]) =>
      ifThen(
        { type: 'object', required: [propertyName], properties: { [propertyName]: { const: value } } },
        { $ref: definition(name) },
      ),
    ),
  };
}

/** JSON Schema's `if`/`then` (a `then` key written once, here, where it is not a promise's). */
function ifThen(condition: SchemaNode, consequence: SchemaNode | boolean): SchemaNode {
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, not a thenable
  return { if: condition, then: consequence };
}

function isNull(node: SchemaNode | undefined): boolean {
  return node?.type === 'null' && Object.keys(node).length === 1;
}

export function translate(node: SchemaNode, components: Components): SchemaNode {
  if (node.oneOf && node.discriminator) return discriminated(node, components);
  if (node.anyOf?.length === 2 && isNull(node.anyOf[1])) {
    return { ...ifThen({ type: 'null' }, true), else: translate(node.anyOf[0]!, components) };
  }
  const result: SchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (keyword === '$ref') {
      result.$ref = definition(componentName(String(value)));
    } else if (keyword === 'properties') {
      result.properties = Object.fromEntries(
        Object.entries(value as Record<string, SchemaNode>).map(([name, child]) => [
          name,
          translate(child, components),
        ]),
      );
    } else if (keyword === 'items') result.items = translate(value as SchemaNode, components);
    else if (keyword === 'allOf' || keyword === 'anyOf' || keyword === 'oneOf') {
      result[keyword] = (value as SchemaNode[]).map((part) => translate(part, components));
    } else result[keyword] = value;
  }
  return result;
}

/** The whole account schema for ajv: the root component, every component as a definition. */
export function validatorSchema(components: Components, id: string): SchemaNode {
  if (!components.has(ACCOUNT_ROOT)) throw new Error(`${ACCOUNT_ROOT} is missing from the schema source`);
  const definitions = Object.fromEntries(
    [...components].map(([name, schema]) => [name, translate(schema, components)]),
  );
  return { $id: id, $ref: definition(ACCOUNT_ROOT), definitions };
}
