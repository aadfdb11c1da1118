import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ACCOUNT_FORMATS } from '../../schemas/build/account-validator.js';

/**
 * Checks an answer of the API against the OpenAPI document (docs/api/openapi.json): the
 * operation is found by method and path template (a trailing `/` optional, `{param}` one
 * non-empty segment, as the router matches), the status must be documented for it, and the
 * body must be JSON (`content-type: application/json`) matching that status's schema. A
 * path no operation has must be the documented 404; a path with other methods too (API Gateway answers both alike).
 * Every HTTP helper of the tests (test/support/http.ts, the hostile raw client) calls it, so
 * every answer the tests receive keeps the document honest.
 */

const DOCUMENT_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../docs/api/openapi.json',
);
const DOCUMENT_ID = 'urn:data-import:openapi';

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema: unknown }>;
}
interface Operation {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, ResponseObject> };
}

export interface ObservedResponse {
  method: string;
  /** The request target: path and query, as sent. */
  target: string;
  status: number;
  contentType: string | undefined;
  text: string;
}

interface Contract {
  document: OpenApiDocument;
  ajv: Ajv2020;
  templates: { template: string; segments: string[] }[];
  compiled: Map<string, ValidateFunction>;
}

let contract: Contract | undefined;

function load(): Contract {
  if (contract) return contract;
  const document = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as OpenApiDocument;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  // The whole account's own formats (schemas/build/account-validator.ts).
  for (const [name, format] of Object.entries(ACCOUNT_FORMATS)) ajv.addFormat(name, format);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID } as object);
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    segments: trimSlash(template).split('/').slice(1),
  }));
  contract = { document, ajv, templates, compiled: new Map() };
  return contract;
}

function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function segmentsMatch(template: string[], actual: string[]): boolean {
  if (template.length !== actual.length) return false;
  return template.every((expected, index) => {
    const segment = actual[index] as string;
    if (!/^\{\w+\}$/.test(expected)) return segment === expected;
    // API Gateway matches a `{param}` on the raw segment: a malformed escape still reaches the
    // function (which answers 400 invalid_encoding).
    return segment !== '';
  });
}

/** JSON pointer of a key inside a URI fragment. */
const pointer = (key: string) => encodeURIComponent(key.replaceAll('~', '~0').replaceAll('/', '~1'));

/** Where the answer is documented: `{where, responsePointer}`, or why it is not. */
function documentedResponse(
  { document, templates }: Contract,
  observed: ObservedResponse,
): { where: string; pointer: string; response: ResponseObject } | { error: string } {
  const pathname = observed.target.split('#')[0]?.split('?')[0] || '/';
  const actual = trimSlash(pathname).split('/').slice(1);
  const method = observed.method.toLowerCase();
  const candidates = templates.filter((t) => segmentsMatch(t.segments, actual));
  const found = candidates.find((t) => document.paths[t.template]?.[method]);
  let where: string;
  let base: string;
  let response: ResponseObject | undefined;
  if (found) {
    const operation = document.paths[found.template]?.[method] as Operation;
    where = `${operation.operationId} (${observed.method} ${found.template})`;
    base = `#/paths/${pointer(found.template)}/${method}/responses/${observed.status}`;
    response = operation.responses[String(observed.status)];
    if (!response) {
      return {
        error: `${where} answered ${observed.status}, which the OpenAPI document does not list (it lists ${Object.keys(operation.responses).join(', ')})`,
      };
    }
  } else {
    const name = 'UnknownPath';
    where = `${observed.method} ${pathname} (no operation: #/components/responses/${name})`;
    base = `#/components/responses/${name}`;
    response = document.components.responses[name];
    // Before any route is matched, API Gateway refuses a body over 10 MB (413) and a request
    // line and headers over 10 240 bytes (414).
    const beforeRouting = { 413: 'PayloadTooLarge', 414: 'UriTooLong' }[observed.status];
    if (beforeRouting) {
      return {
        where: `${observed.method} ${pathname} (no operation)`,
        pointer: `#/components/responses/${beforeRouting}`,
        response: document.components.responses[beforeRouting] as ResponseObject,
      };
    }
    const expected = 404;
    if (observed.status !== expected) {
      return { error: `${where} answered ${observed.status}; the OpenAPI document says ${expected}` };
    }
  }
  if (response?.$ref) {
    base = response.$ref;
    response = document.components.responses[response.$ref.split('/').pop() as string];
  }
  return { where, pointer: base, response: response as ResponseObject };
}

/** Problems of the answer against the document; `[]` when it keeps to it. */
export function contractViolations(observed: ObservedResponse): string[] {
  const loaded = load();
  const documented = documentedResponse(loaded, observed);
  if ('error' in documented) return [documented.error];
  const { where, response } = documented;
  const [mediaType] = Object.keys(response.content ?? {});
  if (!mediaType) return [];
  if (observed.method.toUpperCase() === 'HEAD') return [];
  if (!observed.contentType?.startsWith(mediaType)) {
    return [
      `${where} ${observed.status}: content-type ${observed.contentType ?? '(none)'}, documented ${mediaType}`,
    ];
  }
  let body: unknown;
  try {
    body = JSON.parse(observed.text);
  } catch {
    return [`${where} ${observed.status}: the body is not JSON: ${observed.text.slice(0, 200)}`];
  }
  const key = `${documented.pointer}/content/${pointer(mediaType)}/schema`;
  let validate = loaded.compiled.get(key);
  if (!validate) {
    const ref = documented.pointer.startsWith('#/paths/')
      ? key
      : `${documented.pointer}/content/${pointer(mediaType)}/schema`;
    validate = loaded.ajv.compile({ $ref: `${DOCUMENT_ID}${ref}` });
    loaded.compiled.set(key, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? [])
    .slice(0, 10)
    .map(
      (error) =>
        `${where} ${observed.status}: body${error.instancePath} ${error.message} (${error.schemaPath}) ${JSON.stringify(error.params)}; body: ${observed.text.slice(0, 300)}`,
    );
}

/** Throws when the answer does not keep to the OpenAPI document. */
export function assertKeepsToContract(observed: ObservedResponse): void {
  const violations = contractViolations(observed);
  if (violations.length > 0) {
    throw new Error(`The answer does not match docs/api/openapi.json:\n  ${violations.join('\n  ')}`);
  }
}
