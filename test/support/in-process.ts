import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { encodeAuthContext } from '../../functions/http/auth-context.js';
import { matchRoute } from '../../infra/local/api-routes.js';
import { runInvocation } from '../../infra/local/invocation-context.js';
import { proxyEvent as gatewayProxyEvent } from '../../infra/local/proxy-event.js';

/**
 * Handler modules called directly, as API Gateway calls them after the authorizer. Tests that
 * mock SDK clients or count their requests need this: requests sent over HTTP run in the shared
 * local runtime's process, which a test file's mocks never reach.
 *
 * Events come from the same builder the local API server uses (infra/local/proxy-event.ts):
 * the route is found from the method and path as API Gateway finds it, and the path
 * parameters are the path's segments as sent, still percent-encoded.
 */
export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface ProxyRequest {
  method: 'GET' | 'POST';
  /** The path as a client sends it (percent-encoded), e.g. `/v1/data-import/notes/create/`. */
  path: string;
  body?: unknown;
  /** Query parameters, as API Gateway hands them over (decoded). */
  query?: Record<string, string>;
  suppliers: readonly string[];
  organisation?: string;
  /** Request headers (default: JSON content type, local host). */
  headers?: Record<string, string>;
  /** The API Gateway stage (default `local`). */
  stage?: string;
}

export function proxyEvent(request: ProxyRequest): APIGatewayProxyEvent {
  const match = matchRoute(request.method, request.path);
  if (match.kind !== 'found') throw new Error(`no route serves ${request.method} ${request.path}`);
  const organisation = request.organisation ?? 'test-org';
  return gatewayProxyEvent({
    method: request.method,
    resource: match.route.resource,
    path: request.path,
    query: new URLSearchParams(request.query).toString(),
    headers: Object.entries(
      request.headers ?? { 'content-type': 'application/json', Host: '127.0.0.1:3000' },
    ),
    body: request.body === undefined ? null : JSON.stringify(request.body),
    authorizer: match.route.authorized
      ? {
          principalId: organisation,
          context: encodeAuthContext({ organisation, suppliers: request.suppliers }),
        }
      : null,
    stage: request.stage,
  });
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

/** Calls `handler` as the function of the request's route (one invocation of it, as the local API server does). */
export async function invoke(handler: unknown, request: ProxyRequest): Promise<InvokeResult> {
  const match = matchRoute(request.method, request.path);
  const functionId = match.kind === 'found' ? match.route.id : 'unknown';
  const result = await runInvocation({ functionId, trigger: 'api' }, () =>
    (handler as ProxyHandler)(proxyEvent(request), lambdaContext),
  );
  return { status: result.statusCode, json: JSON.parse(result.body), text: result.body };
}
