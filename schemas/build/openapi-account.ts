import { COMPONENT_ID_PREFIX, loadAccountComponents, type SchemaNode } from './account-schema-source.js';

/**
 * The whole account's components (schemas/account/components/) as the OpenAPI document's
 * `components/schemas`: each by its name, its `$id` dropped, and every reference (`$ref` and a
 * discriminator's mapping) from `urn:data-import:account:<Name>` to `#/components/schemas/<Name>`.
 */

const componentRef = (id: string) =>
  id.startsWith(COMPONENT_ID_PREFIX) ? `#/components/schemas/${id.slice(COMPONENT_ID_PREFIX.length)}` : id;

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === '$id') continue;
    if (keyword === '$ref' && typeof value === 'string') out.$ref = componentRef(value);
    else if (keyword === 'discriminator') {
      const { propertyName, mapping } = value as NonNullable<SchemaNode['discriminator']>;
      out.discriminator = {
        propertyName,
        mapping: Object.fromEntries(Object.entries(mapping).map(([key, id]) => [key, componentRef(id)])),
      };
    } else if (keyword === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, child]) => [name, rewrite(child)]),
      );
    } else out[keyword] = rewrite(value);
  }
  return out;
}

export function accountComponents(root: string): Record<string, unknown> {
  return Object.fromEntries(
    [...loadAccountComponents(root)].map(([name, schema]) => [name, rewrite(schema)]),
  );
}
