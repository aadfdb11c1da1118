import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { type S3Refusal, sendS3Refusal } from './s3-error.js';
import { putInParts } from './s3-put-in-parts.js';

/**
 * The local S3's front: an HTTP server on loopback, in front of fauxqs, that adds what S3 does and
 * fauxqs does not (docs/contributing/local-runtime.md lists them), and forwards the rest as sent:
 * - each request passes the `checks` (who may ask, presigned URLs) before anything reaches fauxqs;
 * - a HEAD whose `If-Match` names another ETag is answered 412 (fauxqs honours it on GET only);
 * - a PUT of an object larger than fauxqs takes in one request body (11 MiB) is stored through a
 *   multipart upload (./s3-put-in-parts.ts), as one PUT of up to 5 GiB is in S3.
 */
export interface S3Front {
  port: number;
  stop(): Promise<void>;
}

/** A check of a request before it is served: S3's refusal, or undefined to go on. */
export type S3FrontCheck = (
  request: IncomingMessage,
) => Promise<S3Refusal | undefined> | S3Refusal | undefined;

/** A PUT body above this goes through a multipart upload (fauxqs takes 11 MiB in one request). */
export const LARGE_PUT_BYTES = 8 * 1024 * 1024;
/** The largest object one PUT may store in S3. */
const MAX_PUT_BYTES = 5 * 1024 ** 3;

/** Whether an `If-Match` value (one ETag, a list, or `*`) holds for an object of `etag`. */
export function ifMatchHolds(ifMatch: string, etag: string): boolean {
  const bare = (value: string) => value.trim().replace(/^"(.*)"$/, '$1');
  return ifMatch.split(',').some((value) => value.trim() === '*' || bare(value) === bare(etag));
}

const precondition = (): S3Refusal => ({
  status: 412,
  code: 'PreconditionFailed',
  message: 'At least one of the pre-conditions you specified did not hold',
  detail: { Condition: 'If-Match' },
});

/** A PUT that stores an object from its body (not a part, a copy or a rename). */
function objectPutSize(request: IncomingMessage, query: URLSearchParams): number | undefined {
  if (request.method !== 'PUT' || request.headers['x-amz-copy-source']) return undefined;
  // An SDK's streamed upload (aws-chunked) is framed with chunk signatures fauxqs itself decodes.
  if (String(request.headers['content-encoding'] ?? '').includes('aws-chunked')) return undefined;
  if (query.has('partNumber') || query.has('uploadId') || query.has('renameObject')) return undefined;
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  if (!/^\/[^/]+\/.+/.test(path)) return undefined;
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) ? length : undefined;
}

/**
 * The headers fauxqs is sent. An empty PUT of an object or a part (S3 stores both) reaches fauxqs
 * with `Content-Type` set to what fauxqs itself assumes when there is none: without one, its
 * server hands the action no body at all and fauxqs answers 500.
 */
function forwardedHeaders(request: IncomingMessage): IncomingHttpHeaders {
  const { expect: _expect, connection: _connection, ...rest } = request.headers;
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  const empty =
    rest['content-length'] === '0' || (rest['content-length'] === undefined && !rest['transfer-encoding']);
  if (request.method === 'PUT' && empty && !rest['content-type'] && /^\/[^/]+\/.+/.test(path)) {
    return { ...rest, 'content-type': 'application/octet-stream' };
  }
  return rest;
}

/** Sends the request to fauxqs as it came and its answer back (a HEAD's `If-Match` checked here). */
async function forward(request: IncomingMessage, response: ServerResponse, upstreamPort: number) {
  const ifMatch = request.method === 'HEAD' ? request.headers['if-match'] : undefined;
  const upstream = httpRequest({
    host: '127.0.0.1',
    port: upstreamPort,
    method: request.method,
    path: request.url,
    headers: forwardedHeaders(request),
  });
  upstream.on('response', (answer) => {
    const etag = String(answer.headers.etag ?? '');
    if (ifMatch !== undefined && answer.statusCode === 200 && !ifMatchHolds(ifMatch, etag)) {
      answer.resume();
      sendS3Refusal(response, precondition(), request.method);
      return;
    }
    response.writeHead(answer.statusCode ?? 500, answer.headers);
    pipeline(answer, response).catch(() => response.destroy());
  });
  upstream.on('error', () => {
    if (response.headersSent) response.destroy();
    else
      sendS3Refusal(
        response,
        { status: 500, code: 'InternalError', message: 'The local S3 did not answer.' },
        request.method,
      );
  });
  await pipeline(request, upstream).catch(() => upstream.destroy());
}

async function handle(request: IncomingMessage, response: ServerResponse, options: S3FrontOptions) {
  for (const check of options.checks) {
    const refusal = await check(request);
    if (refusal) {
      request.resume();
      sendS3Refusal(response, refusal, request.method);
      return;
    }
  }
  const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
  const size = objectPutSize(request, query);
  if (size !== undefined && size > MAX_PUT_BYTES) {
    request.resume();
    sendS3Refusal(
      response,
      {
        status: 400,
        code: 'EntityTooLarge',
        message: 'Your proposed upload exceeds the maximum allowed size',
        detail: { ProposedSize: String(size), MaxSizeAllowed: String(MAX_PUT_BYTES) },
      },
      request.method,
    );
    return;
  }
  if (size !== undefined && size > LARGE_PUT_BYTES) {
    await putInParts(request, response, {
      upstreamPort: options.upstreamPort,
      stagingBucket: options.stagingBucket,
    });
    return;
  }
  await forward(request, response, options.upstreamPort);
}

export interface S3FrontOptions {
  port: number;
  upstreamPort: number;
  checks: readonly S3FrontCheck[];
  /** A bucket of fauxqs's own where large PUTs are assembled before they are copied in place. */
  stagingBucket: string;
}

export async function startS3Front(options: S3FrontOptions): Promise<S3Front> {
  const server = createServer((request, response) => {
    handle(request, response, options).catch(() => {
      if (response.headersSent) response.destroy();
      else
        sendS3Refusal(
          response,
          {
            status: 500,
            code: 'InternalError',
            message: 'We encountered an internal error. Please try again.',
          },
          request.method,
        );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
