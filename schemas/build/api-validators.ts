import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnySchema } from 'ajv';
import { renderAccountTables } from './account-payload-tables.js';
import { GENERATED_HEADER, type GeneratedFile } from './generated-file.js';
import { compileStandalone } from './standalone-esm.js';

/**
 * Request schemas live in `schemas/api/<name>.schema.ts`, each exporting `schema` (a JSON
 * Schema `as const`) and `Payload` (its TypeScript type, derived with json-schema-to-ts).
 * From each this generator writes:
 *   - `schemas/api/<name>.json`: the schema as JSON (documentation, OpenAPI);
 *   - `functions/validation/generated/<name>.js` + `.d.ts`: the ajv standalone validator;
 *   - `docs/api/request-payloads.md`: a field table per schema, for the API reader.
 */

const API_DIR = 'schemas/api';
/** The generated page of request payload tables, beside the rest of the API documentation. */
export const REQUEST_PAYLOADS_PAGE = 'docs/api/request-payloads.md';
/** How that page links to a schema file (relative to `docs/api/`). */
const SCHEMA_LINK_PREFIX = '../../schemas/api/';
const VALIDATOR_DIR = 'functions/validation/generated';

interface SchemaModule {
  schema: AnySchema;
}

export async function loadApiSchemas(root: string): Promise<Map<string, AnySchema>> {
  const files = readdirSync(path.join(root, API_DIR))
    .filter((file) => file.endsWith('.schema.ts'))
    .sort();
  const schemas = new Map<string, AnySchema>();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(root, API_DIR, file)).href)) as SchemaModule;
    schemas.set(file.replace(/\.schema\.ts$/, ''), module.schema);
  }
  return schemas;
}

export async function generateApiFiles(root: string): Promise<GeneratedFile[]> {
  const schemas = await loadApiSchemas(root);
  const files: GeneratedFile[] = [];
  for (const [name, schema] of schemas) {
    files.push({ path: `${API_DIR}/${name}.json`, content: `${JSON.stringify(schema, null, 2)}\n` });
    files.push({
      path: `${VALIDATOR_DIR}/${name}.js`,
      content: `// ${GENERATED_HEADER}\n${compileStandalone({ validate: schema }, [], { messages: false, formatsModule: '../formats.js' })}`,
    });
    files.push({
      path: `${VALIDATOR_DIR}/${name}.d.ts`,
      content: [
        `// ${GENERATED_HEADER}`,
        "import type { CompiledValidator } from '../field-errors.js';",
        `import type { Payload } from '../../../schemas/api/${name}.schema.js';`,
        'export declare const validate: CompiledValidator<Payload>;',
        '',
      ].join('\n'),
    });
  }
  files.push({ path: REQUEST_PAYLOADS_PAGE, content: renderFieldTables(schemas, renderAccountTables(root)) });
  return files;
}

type JsonSchemaNode = {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  required?: readonly string[];
  items?: JsonSchemaNode;
  enum?: readonly unknown[];
  format?: string;
  description?: string;
  maxItems?: number;
  minItems?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  title?: string;
};

function rulesOf(node: JsonSchemaNode): string {
  const rules: string[] = [];
  if (node.enum) rules.push(`one of ${node.enum.map((v) => `\`${String(v)}\``).join(', ')}`);
  if (node.format) rules.push(`format \`${node.format}\``);
  if (node.minItems !== undefined) rules.push(`at least ${node.minItems} item(s)`);
  if (node.maxItems !== undefined) rules.push(`at most ${node.maxItems} items`);
  if (node.minLength !== undefined && node.minLength > 0) rules.push('not blank');
  if (node.maxLength !== undefined) rules.push(`at most ${node.maxLength} characters`);
  if (node.pattern) rules.push(`pattern \`${node.pattern}\``);
  if (node.description) rules.push(node.description);
  return rules.join('; ');
}

function typeOf(node: JsonSchemaNode): string {
  const type = Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'any');
  if (type === 'array' && node.items) return `array of ${typeOf(node.items)}`;
  return type;
}

function rows(node: JsonSchemaNode, prefix: string, out: string[]): void {
  const required = new Set(node.required ?? []);
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const fieldPath = prefix ? `${prefix}.${name}` : name;
    out.push(
      `| \`${fieldPath}\` | ${typeOf(child)} | ${required.has(name) ? 'yes' : 'no'} | ${rulesOf(child)} |`,
    );
    if (child.properties) rows(child, fieldPath, out);
    if (child.items?.properties) rows(child.items, `${fieldPath}[]`, out);
  }
}

export function renderFieldTables(
  schemas: Map<string, AnySchema>,
  accountSection: readonly string[] = [],
): string {
  const out = [
    '# Request payloads',
    '',
    `${GENERATED_HEADER} The source of each table is \`schemas/api/<name>.schema.ts\`; the same`,
    'schema validates requests at run time and gives the handlers their TypeScript types.',
    'Fields not listed are rejected with `unknown_field`.',
    '',
  ];
  for (const [name, schema] of schemas) {
    const node = schema as JsonSchemaNode;
    out.push(
      `## ${node.title ?? name}`,
      '',
      `Schema: [\`${name}.json\`](${SCHEMA_LINK_PREFIX}${name}.json)`,
      '',
    );
    const fields: string[] = [];
    rows(node, '', fields);
    // A body without fields (an empty object, or none) says so instead of an empty table.
    if (fields.length === 0) out.push(node.description ?? 'No fields.');
    else out.push('| field | type | required | rules |', '|---|---|---|---|', ...fields);
    out.push('');
  }
  out.push(...accountSection);
  return out.join('\n');
}
