import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { type FunctionDefinition, functionTimeoutSeconds } from '../function-definition.js';
import { apiFunctions, backgroundFunctions } from '../routes.js';

/**
 * The one builder of what API Gateway (REST API, Lambda proxy integration, payload format
 * 1.0) hands a function: the proxy event and a Lambda context object. The local API server
 * builds every event with it, and so do the tests that call handler modules directly.
 *
 * Fidelity rules, as API Gateway applies them:
 * - `path` and `pathParameters` are what the client sent, still percent-encoded
 *   (`AB%2012%2B3`); handlers decode them.
 * - `queryStringParameters` are decoded as HTML forms encode them (`+` and `%20` are spaces);
 *   a repeated name keeps its last value there and all of them in
 *   `multiValueQueryStringParameters`. Both maps are `null` without a query string.
 * - `headers` keep the names as sent; a repeated header keeps its last value there and all of
 *   them in `multiValueHeaders`.
 * - `requestContext.authorizer` holds the authorizer's context values (strings only: API
 *   Gateway passes nothing else), its `principalId` and `integrationLatency`; `null` on
 *   routes without an authorizer.
 */
export const LOCAL = { accountId: '000000000000', apiId: 'local', stage: 'local' } as const;

export interface GatewayRequest {
  method: string;
  /** The route's resource path with `{name}` placeholders (`/v1/data-import/x/{import_supplier}`). */
  resource: string;
  /** The path as sent, without stage or query string, still percent-encoded. */
  path: string;
  /** The query string as sent, without `?` (`''` or omitted: none). */
  query?: string;
  /** Header name/value pairs as received, in order (repeats kept). */
  headers?: readonly (readonly [string, string])[];
  /** The body as text, `null` without one. */
  body?: string | null;
  /** The authorizer's context (`null` on routes without an authorizer). */
  authorizer?: { principalId: string; context: Record<string, string> } | null;
  stage?: string;
  sourceIp?: string;
  protocol?: string;
}

/** The segments of a path (trailing slash ignored, as API Gateway ignores it). */
export function pathSegments(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}

/**
 * The path parameters of `path` under `resource`, exactly as sent (percent-encoded), or
 * `undefined` when the path is not an instance of the resource. A `{name}` placeholder
 * matches one non-empty segment; any other segment must be equal.
 */
export function resourceParameters(resource: string, path: string): Record<string, string> | undefined {
  const expected = pathSegments(resource);
  const actual = pathSegments(path);
  if (expected.length !== actual.length) return undefined;
  const parameters: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] as string;
    const placeholder = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (placeholder) {
      if (value === '') return undefined;
      parameters[placeholder] = value;
    } else if (value !== segment) {
      return undefined;
    }
  }
  return parameters;
}

function headerMaps(pairs: GatewayRequest['headers']) {
  if (!pairs || pairs.length === 0) return { single: {}, multi: {} };
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of pairs) {
    single[name] = value;
    multi[name] = [...(multi[name] ?? []), value];
  }
  return { single, multi };
}

function queryMaps(query: string | undefined) {
  if (!query) return { single: null, multi: null };
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    single[name] = value;
    multi[name] = [...(multi[name] ?? []), value];
  }
  return { single, multi };
}

function headerValue(pairs: GatewayRequest['headers'], name: string): string | undefined {
  return pairs?.findLast(([key]) => key.toLowerCase() === name)?.[1];
}

export function methodArn(method: string, path: string, stage: string = LOCAL.stage): string {
  return `arn:aws:execute-api:${process.env.AWS_REGION ?? 'eu-west-2'}:${LOCAL.accountId}:${LOCAL.apiId}/${stage}/${method}${path}`;
}

export function proxyEvent(request: GatewayRequest): APIGatewayProxyEvent {
  const parameters = resourceParameters(request.resource, request.path);
  if (!parameters) throw new Error(`${request.path} is not a path of ${request.resource}`);
  const headers = headerMaps(request.headers);
  const query = queryMaps(request.query);
  const stage = request.stage ?? LOCAL.stage;
  const domainName = headerValue(request.headers, 'host') ?? `${LOCAL.apiId}.execute-api.localhost`;
  const now = new Date();
  const requestId = randomUUID();
  return {
    resource: request.resource,
    path: request.path,
    httpMethod: request.method,
    headers: headers.single,
    multiValueHeaders: headers.multi,
    queryStringParameters: query.single,
    multiValueQueryStringParameters: query.multi,
    pathParameters: Object.keys(parameters).length > 0 ? parameters : null,
    stageVariables: null,
    requestContext: {
      accountId: LOCAL.accountId,
      apiId: LOCAL.apiId,
      authorizer: request.authorizer
        ? {
            ...request.authorizer.context,
            principalId: request.authorizer.principalId,
            integrationLatency: 0,
          }
        : null,
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      extendedRequestId: requestId,
      httpMethod: request.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: request.sourceIp ?? '127.0.0.1',
        user: null,
        userAgent: headerValue(request.headers, 'user-agent') ?? null,
        userArn: null,
      },
      path: `/${stage}${request.path}`,
      protocol: request.protocol ?? 'HTTP/1.1',
      requestId,
      requestTime: now.toUTCString(),
      requestTimeEpoch: now.getTime(),
      resourceId: 'local',
      resourcePath: request.resource,
      stage,
    },
    body: request.body ?? null,
    isBase64Encoded: false,
  };
}

const LOCAL_FUNCTION_PREFIX = 'data-import-local-';

const definitions: ReadonlyMap<string, FunctionDefinition> = new Map(
  [...apiFunctions, ...Object.values(backgroundFunctions)].map((definition) => [definition.id, definition]),
);

/**
 * The timeout of a local function (`data-import-local-<id>`): its definition's, as the stack
 * configures the Lambda, so the claims it takes expire as they do in the cloud.
 */
function localTimeoutMs(functionName: string): number {
  const id = functionName.startsWith(LOCAL_FUNCTION_PREFIX)
    ? functionName.slice(LOCAL_FUNCTION_PREFIX.length)
    : functionName;
  return functionTimeoutSeconds(definitions.get(id) ?? { id, description: '' }) * 1000;
}

/** A Lambda context whose remaining time starts at the function's configured timeout. */
export function lambdaContext(functionName: string, timeoutMs = localTimeoutMs(functionName)): Context {
  const deadline = Date.now() + timeoutMs;
  const region = process.env.AWS_REGION ?? 'eu-west-2';
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${LOCAL.accountId}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${functionName}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
