import type { AnySchema } from 'ajv';
import { apiFunctions, documentRoutes, publicPath } from '../../infra/routes.js';
import {
  conflictBody,
  errorBody,
  fieldError,
  graphqlErrorsBody,
  type JsonSchema,
  transactionImportErrorBody,
  validationErrorBody,
} from '../api/responses/error-bodies.js';
import { successSchemas } from '../api/responses/success-bodies.js';
import { ACCOUNT_ROOT } from './account-schema-source.js';
import { loadApiSchemas } from './api-validators.js';
import type { GeneratedFile } from './generated-file.js';
import { accountComponents } from './openapi-account.js';
import { type OperationContract, operationContracts, TOKEN_ERROR_CODES_200 } from './openapi-operations.js';

/**
 * `docs/api/openapi.json`: the OpenAPI 3.1 document of the REST API, built from the route
 * table (infra/routes.ts), the request schemas (schemas/api/*.schema.ts), the response
 * schemas (schemas/api/responses/*) and what each route answers (openapi-operations.ts).
 * OpenAPI 3.1 schemas are JSON Schema 2020-12; the request schemas use no keyword whose
 * meaning differs from the draft they are compiled with, so only their `$id` is dropped
 * (components are referenced by `#/components/schemas/<name>`).
 */

export const OPENAPI_PATH = 'docs/api/openapi.json';

/** 500 codes every route can answer: retry the same request as it is. */
const RETRYABLE_500 = ['internal_error', 'temporarily_unavailable', 'service_unavailable'];
const ACCOUNT_REFERENCE_PARAMETERS: Record<string, string> = {
  import_supplier: 'Import supplier code.',
  external_account_number: 'Account identifier in the external system (percent-encoded).',
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const sharedResponse = (name: keyof typeof sharedResponses) => ({ $ref: `#/components/responses/${name}` });
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
};

/** An answer given again under its idempotency key carries `Idempotent-Replayed: true`. */
const replayed = { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } };
const idempotentReplayedHeader = {
  description:
    '`true` when this is the kept answer of an earlier request with the same `Idempotency-Key` (not run again); any kept status may carry it.',
  schema: { type: 'string', enum: ['true'] },
};

/** The `Idempotency-Key` request header of every authorized POST. */
const idempotencyKeyParameter = { $ref: '#/components/parameters/IdempotencyKey' };
const idempotencyKeyComponent = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Names the request, per organisation, for 24 hours: a repeat with the same method, path and body gets the ' +
    'first answer again (`Idempotent-Replayed: true`) without running again; a 5xx or an answer with ' +
    '`Retry-After` is not kept. 1 to 255 printable ASCII characters.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
};

function json(description: string, schema: JsonSchema, headers?: Record<string, unknown>) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema } },
  };
}

/** Request schemas as components: `$id` dropped, the transactions' items pointed at `transaction`. */
/** Answers many operations give the same way: `#/components/responses/<name>`. */
const sharedResponses = {
  NotAuthenticated: json(
    'No token, or an invalid or expired one.',
    errorBody(['not_authenticated', 'token_expired']),
  ),
  PermissionDenied: json(
    'The import supplier is outside the token’s scope.',
    errorBody(['permission_denied']),
  ),
  PayloadTooLarge: json('The body is larger than 6 MB.', errorBody(['payload_too_large'])),
  UriTooLong: json(
    'The request line and header values together are over 10 240 bytes (API Gateway’s limit): shorten the URL.',
    errorBody(['uri_too_long']),
  ),
  Throttled: json(
    'Too many requests for the organisation; wait `Retry-After` seconds.',
    errorBody(['throttled']),
    retryAfter,
  ),
  ServiceUnavailable: json(
    'Temporarily unavailable: retry the same request as it is.',
    errorBody(['service_unavailable', 'temporarily_unavailable']),
    retryAfter,
  ),
  IdempotencyKeyReused: json(
    'The `Idempotency-Key` was sent with another request (method, path or body) within 24 hours; nothing was run.',
    errorBody(['idempotency_key_reused']),
  ),
  UnknownPath: json(
    'No route has this path, or the path exists but not with this method (API Gateway gives both the same answer).',
    errorBody(['not_found']),
  ),
};

function requestComponents(schemas: Map<string, AnySchema>): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = {};
  for (const [name, schema] of schemas) {
    const { $id: _id, ...rest } = structuredClone(schema) as JsonSchema;
    components[name] = rest;
  }
  const transactions = (components['transactions-create']?.properties as Record<string, JsonSchema>)
    ?.transactions;
  if (transactions) transactions.items = ref('transaction');
  // The whole account: v1's body, v2's `payload`.
  components.account = ref(ACCOUNT_ROOT);
  for (const name of ['account-task-validate', 'account-task-schedule']) {
    const properties = components[name]?.properties as Record<string, JsonSchema> | undefined;
    if (properties?.payload) properties.payload = ref(ACCOUNT_ROOT);
  }
  return components;
}

function successResponses(contract: OperationContract, method: string): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(contract.success)) {
    const headers =
      schema === 'ImportProcessList' || schema === 'BulkJobList'
        ? {
            Link: {
              description: '`<next-url>; rel="next"` when more items exist (the URL keeps `page_size`).',
              schema: { type: 'string' },
            },
          }
        : method === 'POST'
          ? replayed
          : undefined;
    const description = status === '201' ? 'Created.' : status === '202' ? 'Accepted.' : 'Success.';
    responses[status] = json(description, ref(schema), headers);
  }
  return responses;
}

function restErrorResponses(
  contract: OperationContract,
  method: string,
  path: string,
): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const isPost = method === 'POST';
  // A path parameter that is not valid percent-encoding: 400 invalid_request / invalid_encoding.
  const hasPathParameters = /\{\w+\}/.test(path);
  if (isPost || contract.badRequest || hasPathParameters) {
    const codes = [
      ...new Set([
        ...(isPost ? ['parse_error', 'invalid_request'] : []),
        ...(contract.badRequest?.codes ?? []),
        ...(hasPathParameters ? ['invalid_request'] : []),
      ]),
    ];
    const fieldCodes = [
      ...new Set([
        ...(contract.badRequest?.fieldCodes ?? []),
        ...(hasPathParameters ? ['invalid_encoding'] : []),
        ...(isPost ? ['invalid_idempotency_key'] : []),
      ]),
    ];
    const standard = validationErrorBody(codes, fieldCodes);
    const schema = contract.transactionImportError
      ? { oneOf: [standard, transactionImportErrorBody(contract.transactionImportError)] }
      : standard;
    responses['400'] = json(
      'The request is invalid; nothing was written. `parse_error` (malformed JSON) and the codes that concern the request as a whole (`bulk_job_upload_missing`, `bulk_job_upload_encoded`) have an empty `errors`.',
      schema,
    );
  }
  responses['401'] = sharedResponse('NotAuthenticated');
  responses['403'] = sharedResponse('PermissionDenied');
  if (contract.notFound) {
    responses['404'] = json('Not found; nothing was written.', errorBody(contract.notFound));
  }
  const conflicts = [...(contract.conflict ?? []), ...(isPost ? ['idempotency_key_in_use'] : [])];
  if (conflicts.length > 0) {
    const headers = conflicts.includes('import_process_in_progress') || isPost ? retryAfter : undefined;
    responses['409'] = json(
      'A state conflict; nothing was written. `import_process_in_progress`, `idempotency_key_in_use`: retry after `Retry-After` seconds.',
      conflictBody(conflicts),
      headers,
    );
  }
  if (isPost) responses['413'] = sharedResponse('PayloadTooLarge');
  responses['414'] = sharedResponse('UriTooLong');
  if (isPost) responses['422'] = sharedResponse('IdempotencyKeyReused');
  responses['429'] = sharedResponse('Throttled');
  responses['500'] = json(
    'Retry the same request as it is. Never holds internals.',
    errorBody([...RETRYABLE_500, ...(contract.retryable ?? [])]),
  );
  responses['503'] = sharedResponse('ServiceUnavailable');
  return responses;
}

function tokenResponses(contract: OperationContract): Record<string, unknown> {
  return {
    '200': json(
      'A token, or GraphQL errors (`errors[].extensions.errorCode`) for a refused request, as GraphQL servers answer.',
      { anyOf: [ref(contract.success[200] as string), graphqlErrorsBody(TOKEN_ERROR_CODES_200, true)] },
    ),
    '400': json(
      'The body is not JSON, or not a GraphQL request.',
      graphqlErrorsBody(['parse_error', 'invalid_request'], false),
    ),
    '413': sharedResponse('PayloadTooLarge'),
    '414': sharedResponse('UriTooLong'),
    '429': sharedResponse('Throttled'),
    '500': json('Retry the same request as it is.', graphqlErrorsBody(['internal_error'], false)),
  };
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: ACCOUNT_REFERENCE_PARAMETERS[name as string] ?? name,
    schema: { type: 'string', minLength: 1 },
  }));
}

function operations(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const fn of apiFunctions) {
    const contract = operationContracts[fn.id];
    const { method, path, authorized } = fn.route;
    const parameters = [
      ...pathParameters(path),
      ...(method === 'POST' && authorized ? [idempotencyKeyParameter] : []),
      ...(contract.query ?? []).map((q) => ({ ...q, in: 'query', required: q.required ?? false })),
    ];
    const operation = {
      operationId: fn.id,
      summary: fn.description,
      tags: [authorized ? 'data-import' : 'authentication'],
      ...(authorized ? {} : { security: [] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(contract.request
        ? {
            requestBody: {
              required: contract.requestOptional !== true,
              content: { 'application/json': { schema: ref(contract.request) } },
            },
          }
        : {}),
      responses: authorized
        ? { ...successResponses(contract, method), ...restErrorResponses(contract, method, fn.route.path) }
        : tokenResponses(contract),
    };
    const key = publicPath(path);
    paths[key] = { ...paths[key], [method.toLowerCase()]: operation };
  }
  for (const doc of documentRoutes) {
    paths[doc.route.path] = {
      get: {
        operationId: doc.id,
        summary: doc.description,
        tags: ['documents'],
        security: [],
        responses: {
          '200': {
            description: 'This document.',
            content: { [doc.contentType]: { schema: { type: 'object' } } },
          },
          '429': sharedResponse('Throttled'),
        },
      },
    };
  }
  return paths;
}

export async function openApiDocument(root: string): Promise<Record<string, unknown>> {
  const requests = requestComponents(await loadApiSchemas(root));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Data-import service',
      version: '1.0.0',
      description:
        'Migrates customer accounts from a legacy billing system onto the platform: obtain a token, stage and ' +
        'process accounts, then import notes, transactions, historical statements and payment instructions. ' +
        'Errors share one shape, `{"detail", "code"}` (a 400 adds `errors: [{"detail", "code", "attr"}]`). A path ' +
        'the API does not know, or a method a path does not define, answers 404 ' +
        '(`#/components/responses/UnknownPath`).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: 'http://127.0.0.1:3000', description: 'The local runtime (`npm start`).' },
      {
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com/{stage}',
        description: 'A deployed environment (the stage is the environment name).',
        variables: {
          apiId: { default: 'api-id', description: 'The REST API id (stack output).' },
          region: { default: 'eu-west-2' },
          stage: { default: 'dev' },
        },
      },
    ],
    security: [{ Token: [] }],
    tags: [
      { name: 'authentication', description: 'The token mutation (GraphQL over HTTP).' },
      { name: 'data-import', description: 'Account import and post-import endpoints.' },
      { name: 'documents', description: 'This document.' },
    ],
    paths: operations(),
    components: {
      securitySchemes: {
        Token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            '`Token <token>` (a bare `<token>` is accepted too); obtain it with POST /v1/graphql/.',
        },
      },
      schemas: {
        ...requests,
        ...successSchemas,
        ...accountComponents(root, successSchemas.ValidatedAccount!),
        FieldError: fieldError,
      },
      responses: sharedResponses,
      parameters: { IdempotencyKey: idempotencyKeyComponent },
      headers: { IdempotentReplayed: idempotentReplayedHeader },
    },
  };
}

export async function generateOpenApiFiles(root: string): Promise<GeneratedFile[]> {
  // Without indentation: API Gateway answers the document from a mapping template of at most
  // 300 KB (infra/constructs/document-routes.ts), and the whole account's components alone are
  // more than a third of that. docs/api/openapi.md says how to read it.
  return [{ path: OPENAPI_PATH, content: `${JSON.stringify(await openApiDocument(root))}\n` }];
}
