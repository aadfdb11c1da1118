import { componentName, type SchemaNode } from '../../schemas/build/account-schema-source.js';

/**
 * The discriminated unions of the account schema and the branches a payload takes, found by
 * walking the payload alongside the schema source (schemas/account/components/). A union whose
 * discriminator the payload carries is taken by its value; one whose discriminator no branch
 * declares (chosen by a supplier setting) by its narrowest branch that holds every field given.
 */

type Components = ReadonlyMap<string, SchemaNode>;

/** Each union by name: the discriminator's values, or (setting-chosen) its branch names. */
export function unionChoices(components: Components): Map<string, Set<string>> {
  const unions = new Map<string, Set<string>>();
  for (const [name, schema] of components) {
    if (!schema.oneOf || !schema.discriminator) continue;
    const { propertyName, mapping } = schema.discriminator;
    const branches = [...new Set(Object.values(mapping).map(componentName))];
    const declared = branches.some((branch) => components.get(branch)?.properties?.[propertyName]);
    unions.set(name, new Set(declared ? Object.keys(mapping) : branches));
  }
  return unions;
}

/** The choices a payload makes, as `Union=choice`, each with the places (paths without indexes) it is made. */
export function choicesMade(
  components: Components,
  root: string,
  payload: unknown,
): Map<string, Set<string>> {
  const made = new Map<string, Set<string>>();
  const record = (choice: string, place: string) =>
    made.set(choice, (made.get(choice) ?? new Set()).add(place));
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value);

  const union = (name: string, schema: SchemaNode, value: unknown, place: string): void => {
    if (!isObject(value)) return;
    const { propertyName, mapping } = schema.discriminator!;
    const fields = (branch: string) => Object.keys(components.get(branch)?.properties ?? {});
    if (propertyName in value) {
      const choice = String(value[propertyName]);
      record(`${name}=${choice}`, place);
      const branch = mapping[choice];
      if (branch) walk({ $ref: branch }, value, place);
      return;
    }
    const narrowest = [...new Set(Object.values(mapping).map(componentName))]
      .filter((branch) => Object.keys(value).every((field) => fields(branch).includes(field)))
      .sort((a, b) => fields(a).length - fields(b).length)[0];
    if (narrowest === undefined) return;
    record(`${name}=${narrowest}`, place);
    walk(components.get(narrowest)!, value, place);
  };

  const walk = (node: SchemaNode, value: unknown, place: string): void => {
    if (node.$ref) {
      const name = componentName(node.$ref);
      const schema = components.get(name)!;
      if (schema.oneOf && schema.discriminator) union(name, schema, value, place);
      else walk(schema, value, place);
      return;
    }
    if (node.anyOf) {
      if (value !== null) walk(node.anyOf[0]!, value, place);
      return;
    }
    if (node.items && Array.isArray(value)) {
      for (const item of value) walk(node.items, item, `${place}[]`);
      return;
    }
    if (node.properties && isObject(value)) {
      for (const [field, child] of Object.entries(value)) {
        const schema = node.properties[field];
        if (schema) walk(schema, child, place ? `${place}.${field}` : field);
      }
    }
  };

  walk(components.get(root)!, payload, '');
  return made;
}
