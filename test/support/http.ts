import { assertKeepsToContract } from './openapi-contract.js';

/**
 * Calls the local API started by the global setup (DATA_IMPORT_URL).
 *
 *   const { status, json } = await api('GET', '/v1/data-import/account-transfer-status/ACME/1/', { token });
 *
 * `body` is sent as JSON; `rawBody` is sent as is (malformed JSON, huge bodies); `token`
 * becomes `Authorization: Token <token>`; `query` values are URL-encoded. Every answer is
 * checked against the OpenAPI document (test/support/openapi-contract.ts): an undocumented
 * status or a body that does not match its schema fails the test.
 */
export interface ApiOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies and payloads are untyped in tests; assertions check them
export interface ApiResult<T = any> {
  status: number;
  headers: Headers;
  /** The parsed body; `undefined` when the body is empty or not JSON. */
  json: T;
  text: string;
}

export function apiUrl(path: string, query?: ApiOptions['query']): string {
  const base = process.env.DATA_IMPORT_URL;
  if (!base) throw new Error('DATA_IMPORT_URL is not set (is the global setup running?)');
  const url = new URL(path, base);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies and payloads are untyped in tests; assertions check them
export async function api<T = any>(
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {};
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] = 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  if (options.token !== undefined) headers.authorization = `Token ${options.token}`;
  Object.assign(headers, options.headers);
  const url = apiUrl(path, options.query);
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  const { pathname, search } = new URL(url);
  assertKeepsToContract({
    method,
    target: `${pathname}${search}`,
    status: response.status,
    contentType: response.headers.get('content-type') ?? undefined,
    text,
  });
  // biome-ignore lint/suspicious/noExplicitAny: response bodies and payloads are untyped in tests; assertions check them
  let json: any;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json: json as T, text };
}
