import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type GatewayAnswer,
  gatewayAnswers,
  REQUEST_LINE_AND_HEADERS_LIMIT_BYTES,
} from './gateway-answers.js';

/**
 * API Gateway's limit on the request line and header values (10 240 bytes together), at the
 * local API server. Node's HTTP parser is given room well above that limit
 * (`NODE_MAX_HEADER_BYTES`, its `maxHeaderSize`), so a request over the gateway's limit is read
 * and answered as API Gateway answers it (414 `uri_too_long`, the service's `{detail, code}`
 * body) instead of Node's bare 431; one even beyond Node's room gets the same answer from the
 * parser's error handler.
 */
export const NODE_MAX_HEADER_BYTES = 64 * 1024;

/** The bytes API Gateway counts: the request line and every header value. */
export function requestLineAndHeaderBytes(request: IncomingMessage): number {
  let bytes = Buffer.byteLength(`${request.method} ${request.url} HTTP/${request.httpVersion}`);
  for (let index = 1; index < request.rawHeaders.length; index += 2) {
    bytes += Buffer.byteLength(request.rawHeaders[index] as string);
  }
  return bytes;
}

export const exceedsGatewayRequestLineLimit = (request: IncomingMessage): boolean =>
  requestLineAndHeaderBytes(request) > REQUEST_LINE_AND_HEADERS_LIMIT_BYTES;

/** A whole HTTP/1.1 response carrying a gateway answer, for a socket the parser gave up on. */
function rawResponse(answer: GatewayAnswer): string {
  const body = JSON.stringify(answer.body);
  const reason = answer.status === 414 ? 'URI Too Long' : 'Bad Request';
  return [
    `HTTP/1.1 ${answer.status} ${reason}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Requests Node's parser refuses get the gateway's body too: a request line and headers beyond
 * even Node's room is the gateway's 414, anything else unreadable its DEFAULT_4XX 400.
 */
export function answerUnparsableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const answer =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? gatewayAnswers.requestLineTooLong
        : gatewayAnswers.malformedRequest;
    socket.end(rawResponse(answer));
  });
}
