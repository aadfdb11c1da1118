import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { type LocalRoute, localRoutes, matchRoute } from './api-routes.js';
import { runAuthorizer, type TokenAuthorizer } from './local-authorizer.js';
import { lambdaContext, methodArn, proxyEvent } from './proxy-event.js';

/**
 * The local API (design.md §4): turns HTTP requests into API Gateway REST proxy events for
 * the same handler modules the stack deploys (functions/handlers/<id>.ts), running the same
 * token authorizer first on `authorized` routes, and copies their responses back.
 */
export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The Lambda / API Gateway request payload limit. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

export interface ApiServerOptions {
  port: number;
  host?: string;
  /** Loads `functions/handlers/<id>.ts` (import once, cached). */
  loadHandler: (id: string) => Promise<unknown>;
  log?: (line: string) => void;
  logRequests?: boolean;
}

export interface ApiServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

/** Reads the body; `undefined` when it exceeds the limit (the rest is drained, not kept). */
function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
  });
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

/** A static document of the route table, read from disk on each request (it is regenerated during development). */
function sendDocument(response: ServerResponse, document: { file: string; contentType: string }): void {
  const body = readFileSync(path.join(projectRoot, document.file));
  response.writeHead(200, { 'content-type': document.contentType, 'content-length': String(body.length) });
  response.end(body);
}

const internalError = { detail: 'Internal server error.', code: 'internal_error' };

export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);

  const handlerOf = async (id: string): Promise<ProxyHandler> => {
    const module = (await options.loadHandler(id)) as { handler?: unknown };
    if (typeof module.handler !== 'function')
      throw new Error(`functions/handlers/${id}.ts exports no handler`);
    return module.handler as ProxyHandler;
  };

  const invoke = async (
    route: LocalRoute,
    request: IncomingMessage,
    response: ServerResponse,
    url: RequestTarget,
    pathParameters: Record<string, string>,
  ): Promise<void> => {
    const raw = await readBody(request);
    if (raw === undefined) {
      sendJson(response, 413, { detail: 'Request body is larger than 6 MB.', code: 'payload_too_large' });
      return;
    }
    let authorizer: Record<string, string> | null = null;
    if (route.authorized) {
      const authorizerHandler = (await handlerOf('authorizer')) as unknown as TokenAuthorizer;
      const outcome = await runAuthorizer(
        authorizerHandler,
        request.headers.authorization,
        methodArn(route.method, url.pathname),
        lambdaContext('data-import-local-authorizer'),
      );
      if (!outcome.allowed) {
        sendJson(response, 401, outcome.body);
        return;
      }
      authorizer = outcome.authorizer;
    }
    const event = proxyEvent({
      request,
      path: url.pathname,
      query: url.search.slice(1),
      resource: route.resource,
      pathParameters,
      body: raw.length > 0 ? raw.toString('utf8') : null,
      authorizer,
      domainName: request.headers.host ?? host,
    });
    const handler = await handlerOf(route.id);
    const result = await handler(event, lambdaContext(`data-import-local-${route.id}`));
    if (!result || typeof result.statusCode !== 'number')
      throw new Error(`${route.id} returned no proxy result`);
    writeResult(response, result);
  };

  const server = createServer((request, response) => {
    const started = Date.now();
    const url = requestTarget(request.url);
    const done = () => {
      if (options.logRequests) {
        log(
          `${request.method} ${url.pathname}${url.search} → ${response.statusCode} (${Date.now() - started} ms)`,
        );
      }
    };
    response.on('finish', done);
    const length = Number(request.headers['content-length'] ?? 0);
    const match = matchRoute(request.method ?? 'GET', url.pathname);
    const fail = (error: unknown) => {
      log(`local api: ${request.method} ${url.pathname} failed: ${(error as Error)?.stack ?? String(error)}`);
      if (!response.headersSent) sendJson(response, 500, internalError);
      else response.destroy();
    };
    if (match.kind === 'not_found') {
      request.resume();
      sendJson(response, 404, { detail: 'Not found.', code: 'not_found' });
    } else if (match.kind === 'method_not_allowed') {
      request.resume();
      sendJson(
        response,
        405,
        { detail: `Method "${request.method}" not allowed.`, code: 'method_not_allowed' },
        { allow: match.allowed.join(', ') },
      );
    } else if (match.route.document) {
      request.resume();
      sendDocument(response, match.route.document);
    } else if (length > MAX_BODY_BYTES) {
      request.resume();
      sendJson(response, 413, { detail: 'Request body is larger than 6 MB.', code: 'payload_too_large' });
    } else {
      invoke(match.route, request, response, url, match.pathParameters).catch(fail);
    }
  });
  server.keepAliveTimeout = 5000;

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
