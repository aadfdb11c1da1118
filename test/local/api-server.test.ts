import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyEvent,
  APIGatewayTokenAuthorizerEvent,
} from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, startApiServer } from '../../infra/local/api-server.js';
import { gatewayAnswers } from '../../infra/local/gateway-answers.js';
import { NODE_MAX_HEADER_BYTES } from '../../infra/local/request-line-limit.js';
import { accountPayload, paths, stage } from '../accounts/support/accounts.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';

const NOT_PROVIDED = gatewayAnswers.unauthorized.body;
const MB = 1024 * 1024;

describe('The local API answers a path or method the API does not define as API Gateway does: 404 not_found', () => {
  it('gives 404 not_found for an unknown path', async () => {
    // Act
    const { status, json } = await api('GET', '/v1/data-import/no-such-thing/');

    // Assess
    expect(status).toBe(404);
    expect(json).toEqual({ detail: expect.any(String), code: 'not_found' });
  });

  it.each([
    ['GET', '/v1/data-import/notes/create/'],
    ['DELETE', '/v1/data-import/account-transfer-status/ACME/1/'],
    ['PUT', '/v1/data-import/account-import-process/create-or-update/'],
  ])(
    'gives 404 not_found, without Allow, for %s on a path defined for another method',
    async (method, path) => {
      // Act
      const { status, json, headers } = await api(method, path, { token: await obtainToken() });

      // Assess
      expect(status).toBe(404);
      expect(json).toEqual({ detail: expect.any(String), code: 'not_found' });
      expect(headers.get('allow')).toBeNull();
    },
  );
});

describe('Authorized routes need an Authorization header before any handler runs', () => {
  it('gives 401 not_authenticated without the header', async () => {
    // Act
    const { status, json } = await api('GET', '/v1/data-import/account-transfer-status/ACME/1/');

    // Assess
    expect(status).toBe(401);
    expect(json).toEqual(NOT_PROVIDED);
  });

  it('gives 401 not_authenticated with an empty header', async () => {
    // Act
    const { status, json } = await api('GET', '/v1/data-import/account-transfer-status/ACME/1/', {
      headers: { authorization: '  ' },
    });

    // Assess
    expect(status).toBe(401);
    expect(json.code).toBe('not_authenticated');
  });

  it('gives 401 for a token the authorizer does not accept', async () => {
    // Act
    const { status, json } = await api('GET', '/v1/data-import/account-transfer-status/ACME/1/', {
      token: 'not-a-real-token',
    });

    // Assess
    expect(status).toBe(401);
    expect(['not_authenticated', 'token_expired']).toContain(json.code);
  });
});

describe('A request Lambda cannot take (over 6 MB as an event) or API Gateway cannot take (over 10 MB) is a 413 payload_too_large', () => {
  it.each([
    ['6 MB + 1 byte', 6 * MB + 1],
    ['10 MB', 10 * MB],
    ['10 MB + 1 byte', 10 * MB + 1],
  ])('refuses a body of %s from an authenticated caller', async (_name, bytes) => {
    // Act
    const { status, json } = await api('POST', '/v1/data-import/notes/create/', {
      rawBody: 'x'.repeat(bytes),
      token: await obtainToken(),
    });

    // Assess
    expect(status).toBe(413);
    expect(json).toEqual({ detail: expect.any(String), code: 'payload_too_large' });
  });

  it('counts the whole event: a 3.5 MB body of quotes is 7 MB once escaped into the event', async () => {
    // Act
    const { status, json } = await api('POST', '/v1/data-import/notes/create/', {
      rawBody: '"'.repeat(3.5 * MB),
      token: await obtainToken(),
    });

    // Assess
    expect(status).toBe(413);
    expect(json.code).toBe('payload_too_large');
  });

  it('runs the authorizer first for a body between 6 and 10 MB (401 without a valid token)', async () => {
    // Act
    const { status, json } = await api('POST', '/v1/data-import/notes/create/', {
      rawBody: 'x'.repeat(7 * MB),
      token: 'not-a-real-token',
    });

    // Assess
    expect(status).toBe(401);
    expect(json.code).toBe('not_authenticated');
  });

  it('refuses a body over 10 MB before anything else, even on an unknown path', async () => {
    // Act
    const { status, json } = await api('POST', '/v1/data-import/nowhere/', {
      rawBody: 'x'.repeat(10 * MB + 1),
    });

    // Assess
    expect(status).toBe(413);
    expect(json.code).toBe('payload_too_large');
  });
});

describe('A request line and headers over API Gateway’s 10 240 bytes are 414 uri_too_long with the documented body', () => {
  const jobPath = (id: string) => `/v2/data-import/bulk-jobs/${id}/`;

  it('answers a 20 000-character job id 414 uri_too_long, not Node’s empty 431', async () => {
    // Act
    const { status, json } = await api('GET', jobPath('j'.repeat(20_000)), { token: await obtainToken() });

    // Assess
    expect(status).toBe(414);
    expect(json).toEqual(gatewayAnswers.requestLineTooLong.body);
  });

  it('answers the same for a URL beyond even the room Node’s parser is given', async () => {
    // Act
    const { status, json } = await api('GET', jobPath('j'.repeat(NODE_MAX_HEADER_BYTES + 1)));

    // Assess
    expect(status).toBe(414);
    expect(json).toEqual(gatewayAnswers.requestLineTooLong.body);
  });

  it('lets a URL within the limit reach its route: an over-long job id is 404 bulk_job_does_not_exist', async () => {
    // Act
    const { status, json } = await api('GET', jobPath('j'.repeat(5_000)), { token: await obtainToken() });

    // Assess
    expect(status).toBe(404);
    expect(json).toEqual({ detail: expect.any(String), code: 'bulk_job_does_not_exist' });
  });
});

describe('Requests become API Gateway REST proxy events for the same handlers', () => {
  let server: ApiServer;
  const seen: { events: APIGatewayProxyEvent[]; authorizations: APIGatewayTokenAuthorizerEvent[] } = {
    events: [],
    authorizations: [],
  };
  const policy = (effect: 'Allow' | 'Deny', context: Record<string, string>): APIGatewayAuthorizerResult => ({
    principalId: 'acme-etl',
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Effect: effect, Action: 'execute-api:Invoke', Resource: 'arn:aws:execute-api:*' }],
    },
    context,
  });
  const modules: Record<string, unknown> = {
    authorizer: {
      handler: async (event: APIGatewayTokenAuthorizerEvent) => {
        seen.authorizations.push(event);
        if (event.authorizationToken === 'Token boom') throw new Error('authorizer failure');
        if (event.authorizationToken === 'Token refused') throw new Error('Unauthorized');
        if (event.authorizationToken === 'Token nested') {
          return { ...policy('Allow', {}), context: { scope: { nested: true } } } as never;
        }
        if (event.authorizationToken === 'Token old') return policy('Deny', { code: 'token_expired' });
        return policy('Allow', { organisation: 'acme-etl', suppliers: 'ACME,GLOBEX' });
      },
    },
    'get-account-transfer-status': {
      handler: async (event: APIGatewayProxyEvent) => {
        seen.events.push(event);
        return { statusCode: 200, headers: { 'x-echo': 'yes' }, body: JSON.stringify({ ok: true }) };
      },
    },
    'create-notes': {
      handler: async () => {
        throw new Error('secret internal detail');
      },
    },
  };

  beforeAll(async () => {
    server = await startApiServer({
      port: 0,
      loadHandler: async (id) => modules[id] ?? { handler: async () => ({ statusCode: 204, body: '' }) },
    });
  });
  afterAll(() => server.stop());

  const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);

  it('builds the v1 proxy event with path parameters as sent (encoded), the decoded query, headers and the authorizer context', async () => {
    // Act
    const response = await call(
      '/v1/data-import/account-transfer-status/AC%2FME/12%2034+5?a=1&a=2&b=x%20y&c=p+q%2B',
      {
        headers: { Authorization: 'Token good', 'X-Custom': 'v' },
      },
    );

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('x-echo')).toBe('yes');
    expect(await response.json()).toEqual({ ok: true });
    const event = seen.events.at(-1) as APIGatewayProxyEvent;
    expect(event).toMatchObject({
      resource: '/v1/data-import/account-transfer-status/{import_supplier}/{external_account_number}',
      path: '/v1/data-import/account-transfer-status/AC%2FME/12%2034+5',
      httpMethod: 'GET',
      pathParameters: { import_supplier: 'AC%2FME', external_account_number: '12%2034+5' },
      queryStringParameters: { a: '2', b: 'x y', c: 'p q+' },
      multiValueQueryStringParameters: { a: ['1', '2'], b: ['x y'], c: ['p q+'] },
      stageVariables: null,
      body: null,
      isBase64Encoded: false,
      requestContext: {
        httpMethod: 'GET',
        stage: 'local',
        resourcePath: '/v1/data-import/account-transfer-status/{import_supplier}/{external_account_number}',
        authorizer: {
          organisation: 'acme-etl',
          suppliers: 'ACME,GLOBEX',
          principalId: 'acme-etl',
          integrationLatency: 0,
        },
        identity: { sourceIp: '127.0.0.1' },
      },
    });
    expect(event.headers['X-Custom']).toBe('v');
    expect(event.multiValueHeaders['X-Custom']).toEqual(['v']);
    expect(seen.authorizations.at(-1)).toMatchObject({
      type: 'TOKEN',
      authorizationToken: 'Token good',
      methodArn: expect.stringMatching(
        /^arn:aws:execute-api:eu-west-2:\d+:local\/local\/GET\/v1\/data-import\//,
      ),
    });
  });

  it('serves a route with or without its trailing slash', async () => {
    // Act
    const withSlash = await call('/v1/data-import/account-transfer-status/ACME/1/', {
      headers: { Authorization: 'Token good' },
    });
    const withoutSlash = await call('/v1/data-import/account-transfer-status/ACME/1', {
      headers: { Authorization: 'Token good' },
    });

    // Assess
    expect([withSlash.status, withoutSlash.status]).toEqual([200, 200]);
  });

  it('answers 401 with the code a denying authorizer returns, and 401 when it throws Unauthorized', async () => {
    // Act
    const denied = await call('/v1/data-import/account-transfer-status/ACME/1/', {
      headers: { Authorization: 'Token old' },
    });
    const refused = await call('/v1/data-import/account-transfer-status/ACME/1/', {
      headers: { Authorization: 'Token refused' },
    });

    // Assess
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ detail: expect.any(String), code: 'token_expired' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(NOT_PROVIDED);
  });

  it('answers 500 internal_error when the authorizer throws anything else or returns a context API Gateway refuses', async () => {
    // Prepare
    const before = seen.events.length;

    // Act
    const failed = await call('/v1/data-import/account-transfer-status/ACME/1/', {
      headers: { Authorization: 'Token boom' },
    });
    const nested = await call('/v1/data-import/account-transfer-status/ACME/1/', {
      headers: { Authorization: 'Token nested' },
    });

    // Assess
    expect([failed.status, nested.status]).toEqual([500, 500]);
    expect(await failed.json()).toEqual({ detail: expect.any(String), code: 'internal_error' });
    expect(await nested.json()).toEqual({ detail: expect.any(String), code: 'internal_error' });
    expect(seen.events.length).toBe(before);
  });

  it('answers 502 internal_error without internals when a handler throws (API Gateway on a failed invocation)', async () => {
    // Act
    const response = await call('/v1/data-import/notes/create/', {
      method: 'POST',
      headers: { Authorization: 'Token good' },
      body: '{}',
    });

    // Assess
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ detail: expect.any(String), code: 'internal_error' });
    expect(text).not.toContain('secret');
  });

  it('does not call the authorizer on the token route', async () => {
    // Prepare
    const before = seen.authorizations.length;

    // Act
    const response = await call('/v1/graphql/', { method: 'POST', body: '{}' });

    // Assess
    expect(response.status).toBe(204);
    expect(seen.authorizations.length).toBe(before);
  });
});

describe('Paths are matched as sent', () => {
  it('gives 404 for a doubled slash instead of reading it as a host', async () => {
    // Act
    const { status, json } = await api('GET', '/v1//data-import/account-transfer-status/ACME/1/');

    // Assess
    expect(status).toBe(404);
    expect(json.code).toBe('not_found');
  });
});

describe('Path parameters reach handlers percent-encoded, as through API Gateway, and handlers decode them', () => {
  it('endpoint 5 answers 200 for an account number holding a space, +, & and :, staged through the API', async () => {
    // Prepare
    const token = await obtainToken();
    const external = `AB 12+3&x:y ${Date.now()}`;
    const staged = await stage(token, accountPayload({ external_account_number: external }));
    expect(staged.status).toBe(201);

    // Act
    const { status, json } = await api('GET', paths.status('ACME', external), { token });

    // Assess
    expect(status).toBe(200);
    expect(json).toEqual({ status: 'UNKNOWN', service_account_number: '' });
  });

  it('endpoint 5 answers 400 invalid_encoding for a malformed escape, never a 5xx', async () => {
    // Act
    const { status, json } = await api('GET', '/v1/data-import/account-transfer-status/ACME/AB%E0%A4%A/', {
      token: await obtainToken(),
    });

    // Assess
    expect(status).toBe(400);
    expect(json.errors).toEqual([
      { attr: 'external_account_number', code: 'invalid_encoding', detail: expect.any(String) },
    ]);
  });
});
