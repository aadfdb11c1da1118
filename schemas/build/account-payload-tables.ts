import {
  ACCOUNT_ROOT,
  componentName,
  loadAccountComponents,
  type SchemaNode,
} from './account-schema-source.js';

/**
 * The whole account's field tables for docs/api/request-payloads.md: one table per component
 * of schemas/account/components/ (the account first, then by name), a row per field with its
 * type, whether it is required and its rules (enum, format, bounds, pattern, nullability,
 * deprecation); a field of another component links to that component's table, a union names
 * its discriminator and branches.
 */

const anchorOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
const link = (name: string) => `[\`${name}\`](#${anchorOf(`${name} component`)})`;
const refName = (ref: string) => componentName(ref);

function typeOf(node: SchemaNode): string {
  if (node.$ref) return link(refName(node.$ref));
  if (node.anyOf) return node.anyOf.map((part) => typeOf(part)).join(' or ');
  if (node.oneOf && node.discriminator) {
    return `one of ${node.oneOf.map((part) => typeOf(part)).join(', ')} by \`${node.discriminator.propertyName}\``;
  }
  const type = Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'any');
  if (type === 'array' && node.items) return `array of ${typeOf(node.items)}`;
  return type;
}

function rulesOf(node: SchemaNode): string {
  const rules: string[] = [];
  const values = node.enum ?? node.items?.enum;
  if (values) rules.push(`one of ${values.map((value) => `\`${String(value)}\``).join(', ')}`);
  if (node.format) rules.push(`format \`${String(node.format)}\``);
  if (typeof node.minLength === 'number' && node.minLength > 0)
    rules.push(`at least ${node.minLength} characters`);
  if (typeof node.maxLength === 'number') rules.push(`at most ${node.maxLength} characters`);
  if (typeof node.minimum === 'number') rules.push(`at least ${node.minimum}`);
  if (typeof node.maximum === 'number') rules.push(`at most ${node.maximum}`);
  if (typeof node.maxItems === 'number') rules.push(`at most ${node.maxItems} items`);
  if (node.pattern) rules.push(`pattern \`${String(node.pattern).replace(/\|/g, '\\|')}\``);
  if (node.deprecated) {
    rules.push(`deprecated${node['x-use-instead'] ? `: use \`${node['x-use-instead']}\`` : ''} (a warning)`);
  }
  return rules.join('; ');
}

function componentTable(name: string, node: SchemaNode): string[] {
  const out = [`### ${name} component`, ''];
  if (node.oneOf && node.discriminator) {
    const { propertyName, mapping } = node.discriminator;
    out.push(
      `A union chosen by \`${propertyName}\`: ${Object.entries(mapping)
        .map(([value, ref]) => `\`${value}\` → ${link(refName(ref))}`)
        .join(', ')}.`,
      '',
    );
    return out;
  }
  const required = new Set(node.required ?? []);
  const fields = Object.entries(node.properties ?? {});
  if (fields.length === 0) return [...out, 'No fields.', ''];
  out.push('| field | type | required | rules |', '|---|---|---|---|');
  for (const [field, child] of fields) {
    out.push(
      `| \`${field}\` | ${typeOf(child)} | ${required.has(field) ? 'yes' : 'no'} | ${rulesOf(child)} |`,
    );
  }
  return [...out, ''];
}

/** The account's section of the request payloads page. */
export function renderAccountTables(root: string): string[] {
  const components = loadAccountComponents(root);
  const names = [ACCOUNT_ROOT, ...[...components.keys()].filter((name) => name !== ACCOUNT_ROOT).sort()];
  const leaves = countLeafPaths(components);
  const out = [
    '## The account payload (`EnergyAccount`)',
    '',
    'The body of validate-account/ and account-import-process/create-or-update/, `payload` of the v2 account',
    'routes, and each line of an ETL or bulk job file. Source: `schemas/account/components/` (one JSON Schema',
    `per component); ${components.size} components, ${leaves} distinct leaf paths. A field sent as \`null\` where`,
    'the type allows it means absent. The rules beyond the schema are listed in [account-rules.md](account-rules.md).',
    '',
  ];
  for (const name of names) out.push(...componentTable(name, components.get(name)!));
  return out;
}

/** Distinct leaf paths of the account (a union's branches merged, arrays as `[]`). */
export function countLeafPaths(components: ReadonlyMap<string, SchemaNode>): number {
  const paths = new Set<string>();
  const walk = (node: SchemaNode, path: string, seen: readonly string[]) => {
    if (node.$ref) {
      const name = refName(node.$ref);
      if (seen.includes(name)) return;
      walk(components.get(name)!, path, [...seen, name]);
      return;
    }
    const parts = [...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])];
    if (parts.length > 0) {
      for (const part of parts) walk(part, path, seen);
      return;
    }
    if (node.items) {
      walk(node.items, `${path}[]`, seen);
      return;
    }
    if (node.properties && Object.keys(node.properties).length > 0) {
      for (const [field, child] of Object.entries(node.properties))
        walk(child, path ? `${path}.${field}` : field, seen);
      return;
    }
    if (node.type !== 'null') paths.add(path);
  };
  walk(components.get(ACCOUNT_ROOT)!, '', [ACCOUNT_ROOT]);
  return paths.size;
}
