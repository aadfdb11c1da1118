import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyEvent,
  APIGatewayTokenAuthorizerEvent,
} from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, startApiServer } from '../../infra/local/api-server.js';
import { api } from '../support/http.js';

const NOT_PROVIDED = { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' };

describe('The local API answers unknown paths and methods like the gateway', () => {
  it('gives 404 not_found for an unknown path', async () => {
    // Act
    const { status, json } = await api('GET', '/v1/data-import/no-such-thing/');

    // Assess
    expect(status).toBe(404);
    expect(json).toEqual({ detail: expect.any(String), code: 'not_found' });
  });

  it('gives 405 method_not_allowed with Allow for a known path and another method', async () => {
    // Act
    const { status, json, headers } = await api('GET', '/v1/data-import/notes/create/');

    // Assess
    expect(status).toBe(405);
    expect(json).toEqual({ detail: expect.any(String), code: 'method_not_allowed' });
    expect(headers.get('allow')).toBe('POST');
  });
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

describe('Bodies over 6 MB are refused with 413 payload_too_large', () => {
  it('refuses a 6 MB + 1 byte body', async () => {
    // Prepare
    const rawBody = 'x'.repeat(6 * 1024 * 1024 + 1);

    // Act
    const { status, json } = await api('POST', '/v1/data-import/notes/create/', { rawBody, token: 'any' });

    // Assess
    expect(status).toBe(413);
    expect(json).toEqual({ detail: expect.any(String), code: 'payload_too_large' });
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

  it('builds the v1 proxy event with decoded path parameters, query, headers and the authorizer context', async () => {
    // Act
    const response = await call('/v1/data-import/account-transfer-status/AC%2FME/12%2034?a=1&a=2&b=x%20y', {
      headers: { Authorization: 'Token good', 'X-Custom': 'v' },
    });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('x-echo')).toBe('yes');
    expect(await response.json()).toEqual({ ok: true });
    const event = seen.events.at(-1) as APIGatewayProxyEvent;
    expect(event).toMatchObject({
      resource: '/v1/data-import/account-transfer-status/{import_supplier}/{external_account_number}',
      path: '/v1/data-import/account-transfer-status/AC%2FME/12%2034',
      httpMethod: 'GET',
      pathParameters: { import_supplier: 'AC/ME', external_account_number: '12 34' },
      queryStringParameters: { a: '2', b: 'x y' },
      multiValueQueryStringParameters: { a: ['1', '2'], b: ['x y'] },
      stageVariables: null,
      body: null,
      isBase64Encoded: false,
      requestContext: {
        httpMethod: 'GET',
        stage: 'local',
        resourcePath: '/v1/data-import/account-transfer-status/{import_supplier}/{external_account_number}',
        authorizer: { organisation: 'acme-etl', suppliers: 'ACME,GLOBEX', principalId: 'acme-etl' },
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

  it('answers 401 with the code a denying authorizer returns, and 401 when the authorizer throws', async () => {
    // Act
    const denied = await call('/v1/data-import/account-transfer-status/ACME/1/', {
      headers: { Authorization: 'Token old' },
    });
    const failed = await call('/v1/data-import/account-transfer-status/ACME/1/', {
      headers: { Authorization: 'Token boom' },
    });

    // Assess
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ detail: expect.any(String), code: 'token_expired' });
    expect(failed.status).toBe(401);
    expect(await failed.json()).toEqual(NOT_PROVIDED);
  });

  it('answers 500 internal_error without internals when a handler throws', async () => {
    // Act
    const response = await call('/v1/data-import/notes/create/', {
      method: 'POST',
      headers: { Authorization: 'Token good' },
      body: '{}',
    });

    // Assess
    expect(response.status).toBe(500);
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
