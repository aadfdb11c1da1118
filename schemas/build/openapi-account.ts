import {
  ACCOUNT_ROOT,
  COMPONENT_ID_PREFIX,
  loadAccountComponents,
  type SchemaNode,
} from './account-schema-source.js';

/**
 * The whole account's components (schemas/account/components/) as the OpenAPI document's
 * `components/schemas`: each by its name, its `$id` dropped, and every reference (`$ref` and a
 * discriminator's mapping) from `urn:data-import:account:<Name>` to `#/components/schemas/<Name>`.
 */

const componentRef = (id: string) =>
  id.startsWith(COMPONENT_ID_PREFIX) ? `#/components/schemas/${id.slice(COMPONENT_ID_PREFIX.length)}` : id;

/**
 * A union as JSON Schema alone can judge it, the discriminator kept for the tools that read it:
 * each branch is bound to its discriminator values (a plain `oneOf` of branches that share
 * fields matches several); a union whose discriminator no branch declares (the platform chooses
 * it by a supplier setting) is an `anyOf`.
 */
function union(node: SchemaNode, components: ReadonlyMap<string, SchemaNode>): SchemaNode {
  const { propertyName, mapping } = node.discriminator!;
  const valuesOf = new Map<string, string[]>();
  for (const [value, id] of Object.entries(mapping)) valuesOf.set(id, [...(valuesOf.get(id) ?? []), value]);
  const declared = [...valuesOf.keys()].every(
    (id) => components.get(id.slice(COMPONENT_ID_PREFIX.length))?.properties?.[propertyName] !== undefined,
  );
  const discriminator = rewrite({ discriminator: node.discriminator }, components) as SchemaNode;
  if (!declared) {
    return {
      anyOf: node.oneOf!.map((branch) => rewrite(branch, components) as SchemaNode),
      ...discriminator,
    };
  }
  return {
    oneOf: [...valuesOf].map(([id, values]) => ({
      allOf: [
        { $ref: componentRef(id) },
        { type: 'object', required: [propertyName], properties: { [propertyName]: { enum: values } } },
      ],
    })),
    ...discriminator,
  };
}

function rewrite(node: unknown, components: ReadonlyMap<string, SchemaNode>): unknown {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, components));
  if (node === null || typeof node !== 'object') return node;
  if ((node as SchemaNode).oneOf && (node as SchemaNode).discriminator)
    return union(node as SchemaNode, components);
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
        Object.entries(value as Record<string, unknown>).map(([name, child]) => [
          name,
          rewrite(child, components),
        ]),
      );
    } else out[keyword] = rewrite(value, components);
  }
  return out;
}

/**
 * The account components, and `ValidatedAccount` (validate-account/'s 200) completed: the
 * account's fields beside the answer's own (`warnings`), closed as the account is.
 */
export function accountComponents(
  root: string,
  validatedAccount: Record<string, unknown>,
): Record<string, unknown> {
  const source = loadAccountComponents(root);
  const components = Object.fromEntries(
    [...source].map(([name, schema]) => [name, rewrite(schema, source) as SchemaNode]),
  );
  const account = components[ACCOUNT_ROOT]!;
  const answer = validatedAccount as SchemaNode;
  return {
    ...components,
    ValidatedAccount: {
      ...account,
      ...answer,
      properties: { ...account.properties, ...answer.properties },
    },
  };
}
