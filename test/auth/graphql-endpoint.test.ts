import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.js';

/**
 * POST /v1/graphql/: every problem the caller makes is a GraphQL error with
 * `extensions.errorCode`, never a 5xx.
 */
const GRAPHQL = '/v1/graphql/';
const MUTATION = `mutation Obtain($input: ObtainServiceTokenInput!) {
  obtainServiceToken(input: $input) { token payload refreshToken refreshExpiresIn }
}`;

function graphql(body: unknown) {
  return api('POST', GRAPHQL, { body });
}

function errorCodes(json: { errors?: { extensions?: { errorCode?: string } }[] }) {
  return (json.errors ?? []).map((error) => error.extensions?.errorCode);
}

describe('Rule: the mutation works with inline arguments and with variables', () => {
  it('obtains a token with the key inline in the query', async () => {
    // Prepare
    const query =
      'mutation { obtainServiceToken(input: { APIKey: "local-dev-key-globex" }) { token payload } }';
    // Act
    const response = await graphql({ query });
    // Assess
    expect(response.status).toBe(200);
    expect(response.json.errors).toBeUndefined();
    expect(response.json.data.obtainServiceToken.payload.sub).toBe('globex-etl');
  });

  it('obtains a token with the key in variables', async () => {
    // Prepare
    const body = { query: MUTATION, variables: { input: { APIKey: 'local-dev-key-globex' } } };
    // Act
    const response = await graphql(body);
    // Assess
    expect(response.status).toBe(200);
    expect(response.json.data.obtainServiceToken.payload.suppliers).toEqual(['GLOBEX']);
  });
});

describe('Rule: a bad key is a GraphQL error invalid_api_key with HTTP 200', () => {
  it('answers 200, data.obtainServiceToken null and errorCode invalid_api_key', async () => {
    // Prepare
    const body = { query: MUTATION, variables: { input: { APIKey: 'dik_not-a-key' } } };
    // Act
    const response = await graphql(body);
    // Assess
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual({ obtainServiceToken: null });
    expect(errorCodes(response.json)).toEqual(['invalid_api_key']);
  });
});

describe('Rule: malformed requests give GraphQL errors with an errorCode, never a 5xx', () => {
  const withVariables = (variables: unknown) => ({ query: MUTATION, variables });
  const cases: { name: string; status: number; code: string; body: unknown }[] = [
    {
      name: 'a malformed query',
      status: 200,
      code: 'graphql_parse_failed',
      body: { query: 'mutation { obtainServiceToken(input: {' },
    },
    {
      name: 'an unknown output field',
      status: 200,
      code: 'graphql_validation_failed',
      body: { query: 'mutation { obtainServiceToken(input: { APIKey: "k" }) { token secret } }' },
    },
    {
      name: 'an unknown input field',
      status: 200,
      code: 'graphql_validation_failed',
      body: { query: 'mutation { obtainServiceToken(input: { password: "k" }) { token } }' },
    },
    {
      name: 'both input fields inline',
      status: 200,
      code: 'invalid_input',
      body: { query: 'mutation { obtainServiceToken(input: { APIKey: "k", refreshToken: "r" }) { token } }' },
    },
    {
      name: 'neither input field inline',
      status: 200,
      code: 'invalid_input',
      body: { query: 'mutation { obtainServiceToken(input: {}) { token } }' },
    },
    {
      name: 'both input fields in variables',
      status: 200,
      code: 'invalid_input',
      body: withVariables({ input: { APIKey: 'k', refreshToken: 'r' } }),
    },
    {
      name: 'neither input field in variables',
      status: 200,
      code: 'invalid_input',
      body: withVariables({ input: {} }),
    },
    { name: 'a missing variable', status: 200, code: 'invalid_variables', body: { query: MUTATION } },
    {
      name: 'a variable of the wrong type',
      status: 200,
      code: 'invalid_variables',
      body: withVariables({ input: 'local-dev-key-acme' }),
    },
    {
      name: 'an input field of the wrong type',
      status: 200,
      code: 'invalid_variables',
      body: withVariables({ input: { APIKey: 42 } }),
    },
    {
      name: 'an unknown operation name',
      status: 200,
      code: 'graphql_validation_failed',
      body: { ...withVariables({ input: { APIKey: 'k' } }), operationName: 'Other' },
    },
    {
      name: 'a subscription (not supported)',
      status: 200,
      code: 'graphql_validation_failed',
      body: { query: 'subscription { x }' },
    },
    { name: 'a body without query', status: 400, code: 'invalid_request', body: { variables: {} } },
    {
      name: 'variables that are not an object',
      status: 400,
      code: 'invalid_request',
      body: withVariables([1]),
    },
    { name: 'a JSON array body', status: 400, code: 'invalid_request', body: [{ query: MUTATION }] },
  ];

  it.each(cases)('$name → HTTP $status with errorCode $code', async ({ body, status, code }) => {
    // Prepare: the case's body
    // Act
    const response = await graphql(body);
    // Assess
    expect(response.status).toBe(status);
    expect(response.json.errors.length).toBeGreaterThan(0);
    expect(errorCodes(response.json)).toContain(code);
    expect(response.json.data?.obtainServiceToken ?? null).toBeNull();
  });

  it('a body that is not JSON → 400 with errorCode parse_error', async () => {
    // Prepare
    const rawBody = '{"query": "mutation {';
    // Act
    const response = await api('POST', GRAPHQL, { rawBody });
    // Assess
    expect(response.status).toBe(400);
    expect(errorCodes(response.json)).toEqual(['parse_error']);
  });

  it('random bodies and queries never give a 5xx, and every error has an errorCode', async () => {
    // Prepare
    const queries = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(MUTATION, '{ __typename }', 'query { tokenLifetime }', 'subscription { x }'),
      fc
        .string({ maxLength: 40 })
        .map((key) => `mutation { obtainServiceToken(input: { APIKey: ${JSON.stringify(key)} }) { token } }`),
    );
    const bodies = fc.oneof(
      fc.record({ query: queries, variables: fc.option(fc.jsonValue(), { nil: undefined }) }),
      fc.jsonValue(),
    );
    // Act + Assess
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const response = await graphql(body);
        expect(response.status).toBeLessThan(500);
        for (const error of response.json.errors ?? []) {
          expect(typeof error.extensions?.errorCode).toBe('string');
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('Rule: introspection of the token schema is allowed', () => {
  it('describes the mutation, its one-of input and the JSON scalar', async () => {
    // Prepare
    const query = `{
      __schema { mutationType { fields { name } } }
      input: __type(name: "ObtainServiceTokenInput") { isOneOf inputFields { name } }
      json: __type(name: "JSON") { kind }
    }`;
    // Act
    const response = await graphql({ query });
    // Assess
    expect(response.status).toBe(200);
    expect(response.json.data.__schema.mutationType.fields).toEqual([{ name: 'obtainServiceToken' }]);
    expect(response.json.data.input).toEqual({
      isOneOf: true,
      inputFields: [{ name: 'APIKey' }, { name: 'refreshToken' }],
    });
    expect(response.json.data.json).toEqual({ kind: 'SCALAR' });
  });
});
