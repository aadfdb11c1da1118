import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { type AuthContext, encodeAuthContext } from './auth-context.js';

/** A route's Lambda handler, as `apiHandler` builds it. */
export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * Calls a route's own handler in this process, without HTTP or API Gateway: a POST of `body`
 * (JSON text) to `path`, by the organisation and supplier scope of `auth`, as the token
 * authorizer would have passed them. The handler runs every check and the use case it runs for
 * a request, and answers what it would answer the client; `timeoutMs` is the time it gets, as its
 * own function's timeout.
 */
export async function callRoute(
  handler: RouteHandler,
  request: { path: string; body: string; auth: AuthContext; timeoutMs: number; requestId: string },
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const deadline = Date.now() + request.timeoutMs;
  const event = {
    resource: request.path,
    path: request.path,
    httpMethod: 'POST',
    headers: { 'content-type': 'application/json' },
    multiValueHeaders: { 'content-type': ['application/json'] },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    requestContext: {
      authorizer: { ...encodeAuthContext(request.auth), principalId: request.auth.organisation },
    },
    body: request.body,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEvent;
  const context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'in-process-route',
    functionVersion: '$LATEST',
    invokedFunctionArn: '',
    memoryLimitInMB: '1024',
    awsRequestId: request.requestId,
    logGroupName: '',
    logStreamName: '',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  } satisfies Context;
  const answer = await handler(event, context);
  const headers = Object.fromEntries(
    Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  return { status: answer.statusCode, headers, body: answer.body };
}
