import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { exceedsLambdaPayload } from '../../functions/http/lambda-payload.js';
import { type LocalRoute, localRoutes, matchRoute } from './api-routes.js';
import {
  type GatewayAnswer,
  gatewayAnswers,
  HTTP_CONTENT_LIMIT_BYTES,
  throttled,
} from './gateway-answers.js';
import { runInvocation } from './invocation-context.js';
import { runAuthorizer, type TokenAuthorizer } from './local-authorizer.js';
import { OrganisationRateLimiter, type RateLimit } from './organisation-rate-limiter.js';
import { lambdaContext, methodArn, proxyEvent } from './proxy-event.js';
import {
  answerUnparsableRequests,
  exceedsGatewayRequestLineLimit,
  NODE_MAX_HEADER_BYTES,
} from './request-line-limit.js';

/**
 * The local API: turns HTTP requests into API Gateway REST proxy events (./proxy-event.ts)
 * for the same handler modules the stack deploys (functions/handlers/<id>.ts), running the
 * same token authorizer first on `authorized` routes, and copies their responses back.
 * Where API Gateway or Lambda answer instead of a function, it answers as they do
 * (./gateway-answers.ts), in the same order:
 *   request line and header values over 10 240 bytes (414, ./request-line-limit.ts) → body over
 *   10 MB → unknown path or method → authorizer → the organisation's rate limit
 *   (429 `throttled` with `Retry-After`, as the usage plan answers) → event over Lambda's
 *   6 MB → the function (a throw or a malformed result is API Gateway's 502).
 */
export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface ApiServerOptions {
  port: number;
  host?: string;
  /** Loads `functions/handlers/<id>.ts` (import once, cached). */
  loadHandler: (id: string) => Promise<unknown>;
  log?: (line: string) => void;
  logRequests?: boolean;
  /** Each organisation's request rate and burst (the usage plan's throttle); none: unlimited. */
  rateLimit?: RateLimit;
}

export interface ApiServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

function sendAnswer(response: ServerResponse, answer: GatewayAnswer) {
  const text = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    ...answer.headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  response.end(text);
}

/** Reads the body; `undefined` when it exceeds API Gateway's limit (the rest is drained, not kept). */
function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= HTTP_CONTENT_LIMIT_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > HTTP_CONTENT_LIMIT_BYTES ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function isProxyResult(result: unknown): result is APIGatewayProxyResult {
  return (
    typeof result === 'object' &&
    result !== null &&
    Number.isInteger((result as APIGatewayProxyResult).statusCode)
  );
}

function writeResult(response: ServerResponse, result: APIGatewayProxyResult): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {}))
    headers[name] = values.map(String);
  const body = result.isBase64Encoded
    ? Buffer.from(result.body ?? '', 'base64')
    : Buffer.from(result.body ?? '');
  response.writeHead(result.statusCode, { ...headers, 'content-length': String(body.length) });
  response.end(body);
}

interface RequestTarget {
  pathname: string;
  /** `?a=1` or `''`. */
  search: string;
}

/** Splits the request target as sent (no normalisation: `//x` stays a path, never a host). */
function requestTarget(raw = '/'): RequestTarget {
  const withoutFragment = raw.split('#')[0] ?? '';
  const query = withoutFragment.indexOf('?');
  const pathname = query < 0 ? withoutFragment : withoutFragment.slice(0, query);
  return { pathname: pathname || '/', search: query < 0 ? '' : withoutFragment.slice(query) };
}

function headerPairs(request: IncomingMessage): [string, string][] {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    pairs.push([request.rawHeaders[index] as string, request.rawHeaders[index + 1] as string]);
  }
  return pairs;
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A static document of the route table (no function), read on each request: it is regenerated during development. */
function documentResult(document: { file: string; contentType: string }): APIGatewayProxyResult {
  return {
    statusCode: 200,
    headers: { 'content-type': document.contentType },
    body: readFileSync(path.join(projectRoot, document.file), 'utf8'),
  };
}

export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const limiter = options.rateLimit ? new OrganisationRateLimiter(options.rateLimit) : undefined;

  const handlerOf = async (id: string): Promise<ProxyHandler> => {
    const module = (await options.loadHandler(id)) as { handler?: unknown };
    if (typeof module.handler !== 'function')
      throw new Error(`functions/handlers/${id}.ts exports no handler`);
    return module.handler as ProxyHandler;
  };

  /** What the function answers, or API Gateway's 502 when it fails or answers nonsense. */
  const callFunction = async (id: string, event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    try {
      const handler = await handlerOf(id);
      const result = await runInvocation({ functionId: id, trigger: 'api' }, () =>
        handler(event, lambdaContext(`data-import-local-${id}`)),
      );
      if (isProxyResult(result)) return result;
      log(`local api: ${id} returned no proxy result`);
    } catch (error) {
      log(`local api: ${id} failed: ${(error as Error)?.stack ?? String(error)}`);
    }
    const { status, body } = gatewayAnswers.functionFailure;
    return {
      statusCode: status,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
  };

  const serve = async (
    request: IncomingMessage,
    url: RequestTarget,
  ): Promise<GatewayAnswer | APIGatewayProxyResult> => {
    const raw = await readBody(request);
    if (raw === undefined) return gatewayAnswers.requestTooLarge;
    const method = request.method ?? 'GET';
    const match = matchRoute(method, url.pathname);
    if (match.kind === 'not_found') return gatewayAnswers.notFound;
    const route: LocalRoute = match.route;
    if (route.document) return documentResult(route.document);
    let authorizer: { principalId: string; context: Record<string, string> } | null = null;
    if (route.authorized) {
      const authorize = (await handlerOf('authorizer')) as unknown as TokenAuthorizer;
      const outcome = await runInvocation({ functionId: 'authorizer', trigger: 'authorizer' }, () =>
        runAuthorizer(
          authorize,
          request.headers.authorization,
          methodArn(method, url.pathname),
          lambdaContext('data-import-local-authorizer'),
        ),
      );
      if (!outcome.allowed) return outcome.answer;
      authorizer = { principalId: outcome.principalId, context: outcome.context };
      const admission = limiter?.admit(outcome.context.organisation ?? outcome.principalId);
      if (admission && !admission.admitted) return throttled(admission.retryAfterSeconds);
    }
    const event = proxyEvent({
      method,
      resource: route.resource,
      path: url.pathname,
      query: url.search.slice(1),
      headers: headerPairs(request),
      body: raw.length > 0 ? raw.toString('utf8') : null,
      authorizer,
      sourceIp: request.socket.remoteAddress,
      protocol: `HTTP/${request.httpVersion}`,
    });
    if (exceedsLambdaPayload(event)) {
      return gatewayAnswers.requestTooLarge;
    }
    return callFunction(route.id, event);
  };

  const server = createServer({ maxHeaderSize: NODE_MAX_HEADER_BYTES }, (request, response) => {
    const started = Date.now();
    const url = requestTarget(request.url);
    response.on('finish', () => {
      if (options.logRequests) {
        log(
          `${request.method} ${url.pathname}${url.search} → ${response.statusCode} (${Date.now() - started} ms)`,
        );
      }
    });
    if (exceedsGatewayRequestLineLimit(request)) {
      request.resume();
      sendAnswer(response, gatewayAnswers.requestLineTooLong);
      return;
    }
    if (Number(request.headers['content-length'] ?? 0) > HTTP_CONTENT_LIMIT_BYTES) {
      request.resume();
      sendAnswer(response, gatewayAnswers.requestTooLarge);
      return;
    }
    serve(request, url)
      .then((outcome) => {
        if ('statusCode' in outcome) writeResult(response, outcome);
        else sendAnswer(response, outcome);
      })
      .catch((error: unknown) => {
        log(
          `local api: ${request.method} ${url.pathname} failed: ${(error as Error)?.stack ?? String(error)}`,
        );
        if (!response.headersSent) sendAnswer(response, gatewayAnswers.authorizerFailure);
        else response.destroy();
      });
  });
  server.keepAliveTimeout = 5000;
  answerUnparsableRequests(server);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Imports every handler once in the background so the first requests are fast. */
export function preloadHandlers(loadHandler: (id: string) => Promise<unknown>, log: (line: string) => void) {
  const ids = ['authorizer', ...localRoutes.map((route) => route.id)];
  return Promise.all(
    ids.map((id) =>
      loadHandler(id).catch((error) => log(`handler ${id} failed to load: ${(error as Error).message}`)),
    ),
  );
}
