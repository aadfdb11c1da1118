import { randomUUID } from 'node:crypto';
import { retryAttempts } from '../functions/retry-loop.js';
import { type RetryPolicy, retryAfterMs } from '../functions/rules/retry-policy.js';
import { TokenError, type TokenProvider } from './token-provider.js';

/** The header naming a POST, so that its retries get its first answer. */
export const IDEMPOTENCY_KEY = 'Idempotency-Key';

/** Told before each wait, e.g. to count or log retries. */
export type RetryListener = (event: {
  url: string;
  status: number | 'network_error';
  attempt: number;
  delayMs: number;
}) => void;

export interface RetryingFetchOptions {
  fetch: typeof fetch;
  tokens: TokenProvider;
  policy: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: RetryListener;
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/**
 * The API client's fetch: each request sent with a token (a new one once after a 401) in the one
 * retry loop (functions/retry-loop.ts), a POST under one idempotency key on every attempt.
 */
export function retryingFetch(options: RetryingFetchOptions): (request: Request) => Promise<Response> {
  return (request) => send(request, options);
}

/** Sends `request` with a token, retrying what the retry policy says may be retried. */
async function send(request: Request, options: RetryingFetchOptions): Promise<Response> {
  if (request.method === 'POST' && !request.headers.has(IDEMPOTENCY_KEY)) {
    request.headers.set(IDEMPOTENCY_KEY, randomUUID());
  }
  const sendAuthorised = authorised(request, options);
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
      policy: options.policy,
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
function authorised(request: Request, { tokens, fetch }: RetryingFetchOptions): () => Promise<Response> {
  let refreshedAfter401 = false;
  const sendWithToken = async (): Promise<Response> => {
    const token = await tokens.token();
    const attemptRequest = request.clone();
    attemptRequest.headers.set('Authorization', `Token ${token}`);
    const response = await fetch(attemptRequest);
    if (response.status !== 401 || refreshedAfter401) return response;
    refreshedAfter401 = true;
    tokens.invalidate(token);
    return sendWithToken();
  };
  return sendWithToken;
}
