import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { encodeAuthContext } from '../../functions/http/auth-context.js';

/**
 * Handler modules called directly, as API Gateway calls them after the authorizer. Tests that
 * mock SDK clients or count their requests need this: requests sent over HTTP run in the shared
 * local runtime's process, which a test file's mocks never reach.
 */
export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface ProxyRequest {
  method: 'GET' | 'POST';
  path: string;
  resource?: string;
  body?: unknown;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  suppliers: readonly string[];
  organisation?: string;
  /** Request headers (default: JSON content type, local host). */
  headers?: Record<string, string>;
  /** The API Gateway stage; `requestContext.path` is `/<stage><path>` except for the local stage. */
  stage?: string;
}

export function proxyEvent(request: ProxyRequest): APIGatewayProxyEvent {
  const stage = request.stage ?? 'local';
  return {
    resource: request.resource ?? request.path,
    path: request.path,
    httpMethod: request.method,
    headers: request.headers ?? { 'content-type': 'application/json', Host: '127.0.0.1:3000' },
    multiValueHeaders: {},
    queryStringParameters: request.query ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: request.pathParameters ?? null,
    stageVariables: null,
    requestContext: {
      authorizer: encodeAuthContext({
        organisation: request.organisation ?? 'test-org',
        suppliers: request.suppliers,
      }),
      path: stage === 'local' ? request.path : `/${stage}${request.path}`,
      stage,
    } as unknown as APIGatewayProxyEvent['requestContext'],
    body: request.body === undefined ? null : JSON.stringify(request.body),
    isBase64Encoded: false,
  };
}

export const lambdaContext = {
  functionName: 'test',
  awsRequestId: 'test',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

export interface InvokeResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: assertions check untyped bodies
  json: any;
  text: string;
}

export async function invoke(handler: unknown, request: ProxyRequest): Promise<InvokeResult> {
  const result = await (handler as ProxyHandler)(proxyEvent(request), lambdaContext);
  return { status: result.statusCode, json: JSON.parse(result.body), text: result.body };
}
