import { Agent, request } from 'node:http';
import { assertKeepsToContract } from '../../support/openapi-contract.js';

/**
 * HTTP as a hostile client sends it: the request target exactly as given (no URL
 * normalisation, so `..`, `%00`, `%2F` and over-long segments reach the server), any
 * headers or none, any body bytes. `api()` (test/support/http.ts) normalises through `URL`.
 */
export interface RawRequest {
  method: string;
  /** The request target as sent, e.g. `/v1/data-import/x/../y/?a=%ZZ`. */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed body, or undefined when it is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: hostile tests assert on untyped bodies
  json: any;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function base(): URL {
  const url = process.env.DATA_IMPORT_URL;
  if (!url) throw new Error('DATA_IMPORT_URL is not set (is the global setup running?)');
  return new URL(url);
}

export function send(raw: RawRequest): Promise<RawResponse> {
  const url = base();
  const headers: Record<string, string> = { ...raw.headers };
  if (raw.body !== undefined) headers['content-length'] = String(Buffer.byteLength(raw.body));
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: raw.method, path: raw.target, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text === '' ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          const status = response.statusCode ?? 0;
          try {
            assertKeepsToContract({
              method: raw.method,
              target: raw.target,
              status,
              contentType: response.headers['content-type'],
              text,
            });
          } catch (error) {
            reject(error);
            return;
          }
          resolve({ status, headers: response.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    if (raw.body !== undefined) req.write(raw.body);
    req.end();
  });
}

/** A JSON POST with a token, the body given as text (so it can be malformed). */
export function postText(
  target: string,
  token: string,
  body: string | undefined,
  contentType: string | undefined = 'application/json',
): Promise<RawResponse> {
  return send({
    method: 'POST',
    target,
    headers: {
      authorization: `Token ${token}`,
      ...(contentType !== undefined ? { 'content-type': contentType } : {}),
    },
    ...(body !== undefined ? { body } : {}),
  });
}

export function get(target: string, token: string): Promise<RawResponse> {
  return send({ method: 'GET', target, headers: { authorization: `Token ${token}` } });
}
