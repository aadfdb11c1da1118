import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { PayloadTooLargeError } from '../errors.js';
import { type AuthContext, encodeAuthContext } from './auth-context.js';
import { exceedsLambdaPayload } from './lambda-payload.js';

/** A route's Lambda handler, as `apiHandler` builds it. */
export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * Calls a route's own handler in this process, without HTTP or API Gateway: a POST of `body`
 * (JSON text) to `path`, by the organisation and supplier scope of `auth`, as the token
 * authorizer would have passed them. The handler runs every check and the use case it runs for
 * a request, and answers what it would answer the client; `timeoutMs` is the time it gets, as its
 * own function's timeout.
 *
 * The event has the fields API Gateway's proxy event has, and the gateway's size limit is applied
 * to it as the gateway applies it: an event larger than Lambda takes is answered 413
 * `payload_too_large` without running the handler (./lambda-payload.ts), so a request too large
 * over HTTP is too large here. The in-process event carries fewer headers than an HTTP client
 * sends (no `Authorization`, no `User-Agent`), some hundreds of bytes.
 */
export async function callRoute(
  handler: RouteHandler,
  request: { path: string; body: string; auth: AuthContext; timeoutMs: number; requestId: string },
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const deadline = Date.now() + request.timeoutMs;
  const now = new Date();
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
      authorizer: {
        ...encodeAuthContext(request.auth),
        principalId: request.auth.organisation,
        integrationLatency: 0,
      },
      httpMethod: 'POST',
      path: request.path,
      protocol: 'HTTP/1.1',
      requestId: request.requestId,
      requestTime: now.toUTCString(),
      requestTimeEpoch: now.getTime(),
      resourcePath: request.path,
    },
    body: request.body,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEvent;
  if (exceedsLambdaPayload(event)) {
    const refused = new PayloadTooLargeError();
    return { status: refused.statusCode, headers: {}, body: JSON.stringify(refused.body()) };
  }
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
