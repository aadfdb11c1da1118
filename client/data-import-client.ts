import createClient from 'openapi-fetch';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../functions/rules/retry-policy.js';
import type { paths } from './generated/openapi.js';
import { nextLink } from './link-pages.js';
import { type RetryListener, retryingFetch } from './retrying-fetch.js';
import { TokenProvider } from './token-provider.js';

/**
 * The typed client of the data-import REST API: `openapi-fetch` over the types generated from
 * the OpenAPI document, with a fetch that
 * - adds `Authorization: Token <token>` from a single-flight token provider (API key, then
 *   refresh token), and gets a new token once when the server answers 401;
 * - sends the same request again on 429, 5xx, connection errors (obtaining a token included) and
 *   409 `import_process_in_progress` or `idempotency_key_in_use`, waiting what `Retry-After` says (plus jitter) or a jittered
 *   exponential back-off when it says nothing.
 * Every POST carries an `Idempotency-Key` (the caller's, or a fresh one per call), the same on
 * every attempt: a retry after a lost answer gets the first answer (`Idempotent-Replayed: true`)
 * instead of running again. Callers that may send a request again after a restart (the ETL kit)
 * pass a key derived from what they send. The client never retries a 4xx answer other than
 * those above. When the token mutation refuses the credentials it throws the `TokenError` at once.
 */
export interface DataImportClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Called before each wait, e.g. to count or log retries. */
  onRetry?: RetryListener;
}

export type ListKind = 'all' | 'pending' | 'imported';
type ListPath = `/v1/data-import/${ListKind}-account-import-processes/{import_supplier}/`;
export type ImportProcessListItem =
  paths[ListPath]['get']['responses'][200]['content']['application/json'][number];

export { IDEMPOTENCY_KEY } from './retrying-fetch.js';

export function createDataImportClient(options: DataImportClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const tokens = new TokenProvider(baseUrl, options.apiKey, fetchImpl);

  const { sleep, random, onRetry } = options;
  const send = retryingFetch({ fetch: fetchImpl, tokens, policy, sleep, random, onRetry });
  const api = createClient<paths>({ baseUrl, fetch: send });

  /**
   * A request to a path the generated types may not know yet, with a JSON body if one is given;
   * the caller types the answer's body (undefined when the answer has none).
   */
  async function requestJson<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T | undefined }> {
    const response = await send(
      new Request(`${baseUrl}${path}`, {
        method,
        ...(body !== undefined
          ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
          : {}),
      }),
    );
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as T) : undefined };
  }

  /** GET of a path the generated types may not know yet; the caller types the body. */
  const getJson = <T>(path: string) => requestJson<T>('GET', path);

  /**
   * Every item of a list endpoint, page after page, following `Link: <next>; rel="next"`
   * until a page has no next link.
   */
  async function* listImportProcesses(
    kind: ListKind,
    supplier: string,
    pageSize?: number,
  ): AsyncGenerator<ImportProcessListItem> {
    const query = pageSize ? `?page_size=${pageSize}` : '';
    let url: string | undefined =
      `${baseUrl}/v1/data-import/${kind}-account-import-processes/${encodeURIComponent(supplier)}/${query}`;
    while (url) {
      const response = await send(new Request(url));
      if (response.status !== 200) {
        throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
      }
      const items = (await response.json()) as ImportProcessListItem[];
      yield* items;
      const next = nextLink(response.headers.get('link'));
      url = next ? new URL(next, url).toString() : undefined;
    }
  }

  return { baseUrl, api, send, requestJson, getJson, listImportProcesses, tokens };
}

export type DataImportClient = ReturnType<typeof createDataImportClient>;
