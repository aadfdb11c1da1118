import { ACCOUNT_ROOT, componentName, type SchemaNode } from './account-schema-source.js';
import { widestBranch } from './account-validator-schema.js';

/**
 * Where the account's deprecated fields are, for the warnings: for each component that holds a
 * deprecated field or leads to one, its deprecated fields (with the field to use instead, when
 * published) and the fields that lead on to another such component. Unions keep their
 * discriminator, so the walk follows the branch the item chose, as the validator does.
 */

type Components = ReadonlyMap<string, SchemaNode>;
type FieldShape = { deprecated?: { use_instead: string | null }; component?: string };
type ComponentShape =
  | { fields: Record<string, FieldShape> }
  | { union: { property: string; branches: Record<string, string> } }
  | { alias: string };

/** The component a field's value (or each item of it, or its non-null value) is. */
function componentOf(node: SchemaNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (node.$ref) return componentName(node.$ref);
  return componentOf(node.items) ?? componentOf(node.anyOf?.[0]);
}

function shapeOf(schema: SchemaNode, components: Components): ComponentShape {
  if (schema.oneOf && schema.discriminator) {
    const { propertyName, mapping } = schema.discriminator;
    const branches = Object.fromEntries(
      Object.entries(mapping).map(([value, ref]) => [value, componentName(ref)]),
    );
    const declared = Object.values(branches).some((name) => components.get(name)?.properties?.[propertyName]);
    if (!declared) return { alias: widestBranch([...new Set(Object.values(branches))], components) };
    return { union: { property: propertyName, branches } };
  }
  const fields: Record<string, FieldShape> = {};
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const component = componentOf(field);
    fields[name] = {
      ...(field.deprecated ? { deprecated: { use_instead: field['x-use-instead'] ?? null } } : {}),
      ...(component ? { component } : {}),
    };
  }
  return { fields };
}

function leadsTo(shape: ComponentShape): string[] {
  if ('alias' in shape) return [shape.alias];
  if ('union' in shape) return Object.values(shape.union.branches);
  return Object.values(shape.fields).flatMap((field) => (field.component ? [field.component] : []));
}

/** The shapes of the components on a way from the root to a deprecated field, and nothing else. */
export function deprecationShapes(components: Components): Record<string, ComponentShape> {
  const shapes = new Map([...components].map(([name, schema]) => [name, shapeOf(schema, components)]));
  const relevant = new Set<string>();
  for (const [name, shape] of shapes) {
    if ('fields' in shape && Object.values(shape.fields).some((field) => field.deprecated))
      relevant.add(name);
  }
  for (let grown = true; grown; ) {
    grown = false;
    for (const [name, shape] of shapes) {
      if (!relevant.has(name) && leadsTo(shape).some((next) => relevant.has(next))) {
        relevant.add(name);
        grown = true;
      }
    }
  }
  const result: Record<string, ComponentShape> = {};
  for (const name of [...relevant].sort()) {
    const shape = shapes.get(name)!;
    if (!('fields' in shape)) result[name] = shape;
    else {
      const fields = Object.entries(shape.fields)
        .filter(([, field]) => field.deprecated || (field.component && relevant.has(field.component)))
        .map(([field, { deprecated, component }]) => [
          field,
          {
            ...(deprecated ? { deprecated } : {}),
            ...(component && relevant.has(component) ? { component } : {}),
          },
        ]);
      result[name] = { fields: Object.fromEntries(fields) };
    }
  }
  return result;
}

export function deprecatedFieldsModule(components: Components): string {
  return [
    "import type { DeprecationShapes } from '../deprecation-shapes.js';",
    '',
    `export const root = ${JSON.stringify(ACCOUNT_ROOT)};`,
    `export const shapes: DeprecationShapes = ${JSON.stringify(deprecationShapes(components), null, 2)};`,
    '',
  ].join('\n');
}
