import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ParseError, PayloadTooLargeError } from '../errors.js';

/** API Gateway and Lambda refuse larger payloads; locally we answer 413 ourselves. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

/** The request body as parsed JSON; 400 `parse_error` for anything that is not JSON. */
export function parseJsonBody(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): unknown {
  const raw =
    event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (raw === null || raw === undefined || raw.trim() === '') {
    throw new ParseError('The request body is empty; a JSON object is expected.');
  }
  if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ParseError();
  }
}
