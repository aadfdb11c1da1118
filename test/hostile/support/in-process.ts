import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { encodeAuthContext } from '../../../functions/shared/http/auth-context.js';

/**
 * Handler modules called directly, as API Gateway calls them after the authorizer: the fault
 * tests mock SDK clients in this process, which requests sent over HTTP to the shared local
 * runtime would never reach.
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
}

export function proxyEvent(request: ProxyRequest): APIGatewayProxyEvent {
  return {
    resource: request.resource ?? request.path,
    path: request.path,
    httpMethod: request.method,
    headers: { 'content-type': 'application/json', Host: '127.0.0.1:3000' },
    multiValueHeaders: {},
    queryStringParameters: request.query ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: request.pathParameters ?? null,
    stageVariables: null,
    requestContext: {
      authorizer: encodeAuthContext({ organisation: 'hostile-faults', suppliers: request.suppliers }),
      path: request.path,
      stage: 'local',
    } as unknown as APIGatewayProxyEvent['requestContext'],
    body: request.body === undefined ? null : JSON.stringify(request.body),
    isBase64Encoded: false,
  };
}

export const context = {
  functionName: 'hostile-in-process',
  awsRequestId: 'hostile',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

export interface InvokeResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: assertions check untyped bodies
  json: any;
  text: string;
}

export async function invoke(handler: unknown, request: ProxyRequest): Promise<InvokeResult> {
  const result = await (handler as ProxyHandler)(proxyEvent(request), context);
  return { status: result.statusCode, json: JSON.parse(result.body), text: result.body };
}
