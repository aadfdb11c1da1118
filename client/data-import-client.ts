import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import { retryAttempts } from '../functions/retry-loop.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryAfterMs } from '../functions/rules/retry-policy.js';
import type { paths } from './generated/openapi.js';
import { nextLink } from './link-pages.js';
import { TokenError, TokenProvider } from './token-provider.js';

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
  onRetry?: (event: {
    url: string;
    status: number | 'network_error';
    attempt: number;
    delayMs: number;
  }) => void;
}

export type ListKind = 'all' | 'pending' | 'imported';
type ListPath = `/v1/data-import/${ListKind}-account-import-processes/{import_supplier}/`;
export type ImportProcessListItem =
  paths[ListPath]['get']['responses'][200]['content']['application/json'][number];

/** The header naming a POST, so that its retries get its first answer. */
export const IDEMPOTENCY_KEY = 'Idempotency-Key';

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

export function createDataImportClient(options: DataImportClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const tokens = new TokenProvider(baseUrl, options.apiKey, fetchImpl);

  /**
   * Sends `request` with a token, retrying what may be retried (a POST under one idempotency key)
   * in the one retry loop; a 401 gets a new token within its attempt (authorised).
   */
  async function send(request: Request): Promise<Response> {
    if (request.method === 'POST' && !request.headers.has(IDEMPOTENCY_KEY)) {
      request.headers.set(IDEMPOTENCY_KEY, randomUUID());
    }
    const sendAuthorised = authorised(request);
    return retryAttempts(
      async () => {
        const response = await sendAuthorised();
        return {
          value: response,
          status: response.status,
          code: response.status === 409 ? await errorCode(response) : undefined,
          retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        };
      },
      {
        policy,
        sleep: options.sleep,
        random: options.random,
        // A refused key is an answer, not a fault: no retry makes it valid.
        retriesError: (error) => !(error instanceof TokenError),
        onRetry: async ({ attempt, delayMs, answer }) => {
          const status = answer?.status ?? 'network_error';
          options.onRetry?.({ url: request.url, status, attempt, delayMs });
          await answer?.value.body?.cancel();
        },
      },
    );
  }

  /**
   * Sends `request` with the current token; the first 401 of the request (over all its attempts)
   * gives that token up and sends it once more, within the same attempt, with a new one.
   */
  function authorised(request: Request): () => Promise<Response> {
    let refreshedAfter401 = false;
    const sendWithToken = async (): Promise<Response> => {
      const token = await tokens.token();
      const attemptRequest = request.clone();
      attemptRequest.headers.set('Authorization', `Token ${token}`);
      const response = await fetchImpl(attemptRequest);
      if (response.status !== 401 || refreshedAfter401) return response;
      refreshedAfter401 = true;
      tokens.invalidate(token);
      return sendWithToken();
    };
    return sendWithToken;
  }

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
