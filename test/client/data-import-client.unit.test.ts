import { describe, expect, it } from 'vitest';
import { createDataImportClient } from '../../client/data-import-client.js';
import { nextLink } from '../../client/link-pages.js';
import { retryAfterMs, retryDelayMs } from '../../functions/rules/retry-policy.js';

const BASE = 'http://api.test';

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: string;
}

/** A fetch stub: answers the token mutation itself and hands every REST call to `rest`. */
function stubServer(rest: (call: Call, index: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const tokenInputs: Record<string, string>[] = [];
  let issued = 0;
  const fetchStub = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.method === 'GET' ? '' : await request.text();
    if (request.url === `${BASE}/v1/graphql/`) {
      tokenInputs.push(JSON.parse(body).variables.input);
      await new Promise((resolve) => setTimeout(resolve, 5));
      issued++;
      const now = Math.floor(Date.now() / 1000);
      return Response.json({
        data: {
          obtainServiceToken: {
            token: `token-${issued}`,
            refreshToken: `refresh-${issued}`,
            refreshExpiresIn: now + 7 * 86400,
            payload: { exp: now + 3600 },
          },
        },
      });
    }
    const call = {
      url: request.url,
      method: request.method,
      authorization: request.headers.get('authorization'),
      body,
    };
    calls.push(call);
    return rest(call, calls.length - 1);
  };
  return { fetchStub: fetchStub as typeof fetch, calls, tokenInputs };
}

function clientFor(server: ReturnType<typeof stubServer>, sleeps: number[] = []) {
  return createDataImportClient({
    baseUrl: BASE,
    apiKey: 'key-1',
    fetch: server.fetchStub,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  });
}

const stageBody = { import_supplier: 'ACME', external_account_number: 'E-1' } as never;

describe('token refresh is single-flight', () => {
  it('many concurrent requests obtain one token with the API key', async () => {
    // Prepare
    const server = stubServer(() => Response.json({}, { status: 200 }));
    const client = clientFor(server);

    // Act
    await Promise.all(
      Array.from({ length: 10 }, () =>
        client.api.POST('/v1/data-import/account-import-process/create-or-update/', { body: stageBody }),
      ),
    );

    // Assess
    expect(server.tokenInputs).toEqual([{ APIKey: 'key-1' }]);
    expect(new Set(server.calls.map((call) => call.authorization))).toEqual(new Set(['Token token-1']));
  });

  it('after a 401, concurrent requests share one refresh with the refresh token, sent once', async () => {
    // Prepare: the first token is refused once per request that carries it
    const server = stubServer((call) =>
      call.authorization === 'Token token-1'
        ? Response.json({ detail: 'expired', code: 'token_expired' }, { status: 401 })
        : Response.json({}, { status: 200 }),
    );
    const client = clientFor(server);
    await client.tokens.token();

    // Act
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.api.POST('/v1/data-import/account-import-process/create-or-update/', { body: stageBody }),
      ),
    );

    // Assess
    expect(responses.map((response) => response.response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(server.tokenInputs).toEqual([{ APIKey: 'key-1' }, { refreshToken: 'refresh-1' }]);
  });
});

describe('retries honour Retry-After with jitter on 429, 5xx and 409 import_process_in_progress', () => {
  it('waits at least Retry-After seconds before sending the same request again', async () => {
    // Prepare
    const server = stubServer((_call, index) =>
      index === 0
        ? Response.json(
            { detail: 'slow down', code: 'throttled' },
            { status: 429, headers: { 'Retry-After': '3' } },
          )
        : Response.json({ import_supplier: 'ACME', external_account_number: 'E-1' }, { status: 201 }),
    );
    const sleeps: number[] = [];

    // Act
    const { response } = await clientFor(server, sleeps).api.POST(
      '/v1/data-import/account-import-process/create-or-update/',
      { body: stageBody },
    );

    // Assess
    expect(response.status).toBe(201);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(3000);
    expect(sleeps[0]).toBeLessThanOrEqual(3600);
    expect(server.calls[1]?.body).toBe(server.calls[0]?.body);
  });

  it('retries a 503 and a 409 import_process_in_progress, but not another 409', async () => {
    // Prepare
    const answers = [
      Response.json({ detail: 'x', code: 'service_unavailable' }, { status: 503 }),
      Response.json(
        { detail: 'x', code: 'import_process_in_progress' },
        { status: 409, headers: { 'Retry-After': '1' } },
      ),
      Response.json({ detail: 'x', code: 'account_import_process_already_imported' }, { status: 409 }),
    ];
    const server = stubServer((_call, index) => answers[index] as Response);
    const sleeps: number[] = [];

    // Act
    const { response } = await clientFor(server, sleeps).api.POST(
      '/v1/data-import/account-import-process/process/',
      {
        body: stageBody,
      },
    );

    // Assess
    expect(response.status).toBe(409);
    expect(server.calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]).toBeGreaterThanOrEqual(1000);
  });

  it('does not retry a 400', async () => {
    // Prepare
    const server = stubServer(() =>
      Response.json({ detail: 'bad', code: 'invalid_request', errors: [] }, { status: 400 }),
    );

    // Act
    const { response } = await clientFor(server).api.POST('/v1/data-import/notes/create/', {
      body: stageBody,
    });

    // Assess
    expect(response.status).toBe(400);
    expect(server.calls).toHaveLength(1);
  });

  it('Retry-After reads delta seconds and HTTP dates; without it the back-off grows with jitter', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(undefined)).toBeUndefined();
    const policy = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(retryDelayMs(1, undefined, policy, () => 0)).toBe(50);
    expect(retryDelayMs(3, undefined, policy, () => 1)).toBe(400);
    expect(retryDelayMs(9, undefined, policy, () => 1)).toBe(1000);
  });
});

describe('list iterators follow Link rel="next"', () => {
  it('yields every item of every page until a page has no next link', async () => {
    // Prepare: three pages chained by relative and absolute links
    const item = (n: number) => ({ import_supplier: 'ACME', external_account_number: `E-${n}` });
    const server = stubServer((call) => {
      const cursor = new URL(call.url).searchParams.get('cursor');
      if (!cursor) {
        return Response.json([item(1), item(2)], {
          headers: {
            Link: '</v1/data-import/all-account-import-processes/ACME/?page_size=2&cursor=c2>; rel="next"',
          },
        });
      }
      if (cursor === 'c2') {
        return Response.json([item(3), item(4)], {
          headers: {
            Link: `<${BASE}/v1/data-import/all-account-import-processes/ACME/?page_size=2&cursor=c3>; rel="next"`,
          },
        });
      }
      return Response.json([item(5)]);
    });

    // Act
    const seen: string[] = [];
    for await (const process of clientFor(server).listImportProcesses('all', 'ACME', 2)) {
      seen.push(process.external_account_number);
    }

    // Assess
    expect(seen).toEqual(['E-1', 'E-2', 'E-3', 'E-4', 'E-5']);
    expect(server.calls).toHaveLength(3);
  });

  it('nextLink picks the rel="next" target among several links', () => {
    expect(nextLink('<https://a/x?c=1>; rel="prev", <https://a/x?c=2>; rel="next"')).toBe('https://a/x?c=2');
    expect(nextLink('<https://a/x?c=1>; rel=prev')).toBeUndefined();
    expect(nextLink(null)).toBeUndefined();
  });
});
