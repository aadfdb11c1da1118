import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AuthorizerHandler,
  authorizerEvent,
  goodClaims,
  lambdaContext,
  signHs256,
  tamperSignature,
} from './token-fixtures.js';

/**
 * The token mutation and the authorizer run in this process (against the local runtime's
 * DynamoDB Local) while everything written to stdout, stderr and the console is captured: no API key,
 * token, refresh token or hash of one may appear there.
 */
type ProxyHandler = (
  event: APIGatewayProxyEvent,
  context: typeof lambdaContext,
) => Promise<APIGatewayProxyResult>;

let obtain: ProxyHandler;
let authorize: AuthorizerHandler;
let hashSecret: (secret: string) => string;
let captured: string[] = [];

beforeAll(async () => {
  obtain = (await import('../../functions/handlers/obtain-service-token.js'))
    .handler as unknown as ProxyHandler;
  ({ handler: authorize } = await import('../../functions/handlers/authorizer.js'));
  ({ hashSecret } = await import('../../functions/auth/credentials.js'));
});

beforeEach(() => {
  captured = [];
  const capture = (chunk: unknown) => {
    captured.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  // The functions' logger writes through `console` in tests (test/support/quiet-logs.ts).
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => capture(parts.join(' ')));
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

const MUTATION = `mutation Obtain($input: ObtainServiceTokenInput!) {
  obtainServiceToken(input: $input) { token payload refreshToken refreshExpiresIn }
}`;

function graphqlEvent(input: Record<string, string>): APIGatewayProxyEvent {
  return {
    body: JSON.stringify({ query: MUTATION, variables: { input } }),
    isBase64Encoded: false,
    headers: { 'content-type': 'application/json' },
    httpMethod: 'POST',
    path: '/v1/graphql/',
  } as unknown as APIGatewayProxyEvent;
}

async function callMutation(input: Record<string, string>) {
  const response = await obtain(graphqlEvent(input), lambdaContext);
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

function expectAbsent(secrets: string[]) {
  const output = captured.join('');
  for (const secret of secrets) {
    expect(output).not.toContain(secret);
    expect(output).not.toContain(hashSecret(secret));
  }
}

describe('Rule: no key, token or hash appears in log output', () => {
  it('obtaining, refreshing and refusing tokens logs none of them', async () => {
    // Prepare
    const apiKey = 'local-dev-key-acme';
    const wrongKey = 'dik_wrong-key-that-should-not-be-logged-000000000000';
    // Act
    const first = await callMutation({ APIKey: apiKey });
    const { token, refreshToken } = first.body.data.obtainServiceToken;
    const second = await callMutation({ refreshToken });
    const reused = await callMutation({ refreshToken });
    const refused = await callMutation({ APIKey: wrongKey });
    const allowed = await authorize(authorizerEvent(`Token ${token}`), lambdaContext);
    const denied = await authorize(authorizerEvent(`Token ${tamperSignature(token)}`), lambdaContext);
    const expiredToken = await signHs256(goodClaims({ iat: 1_600_000_000, exp: 1_600_003_600 }));
    const expired = await authorize(authorizerEvent(expiredToken), lambdaContext);
    // Assess
    expect(second.body.data.obtainServiceToken.token).toEqual(expect.any(String));
    expect(reused.body.errors[0].extensions.errorCode).toBe('invalid_refresh_token');
    expect(refused.body.errors[0].extensions.errorCode).toBe('invalid_api_key');
    expect([allowed.context, denied.context?.code, expired.context?.code]).toEqual([
      { organisation: 'acme-etl', suppliers: 'ACME,PAUSED-CO,DONE-CO' },
      'not_authenticated',
      'token_expired',
    ]);
    const output = captured.join('');
    expect(output).toContain('Token request refused');
    expect(output).toContain('Token refused');
    expectAbsent([
      apiKey,
      wrongKey,
      token,
      tamperSignature(token),
      expiredToken,
      refreshToken,
      second.body.data.obtainServiceToken.token,
      second.body.data.obtainServiceToken.refreshToken,
    ]);
    // Signatures alone are secrets too.
    expect(output).not.toContain(token.split('.')[2]);
  });
});

describe('Rule: an unexpected failure is a 500 without internals, logged without secrets', () => {
  let documentClient: ReturnType<typeof mockClient>;
  beforeEach(() => {
    documentClient = mockClient(DynamoDBDocumentClient);
  });
  afterEach(() => {
    documentClient.restore();
  });

  it('a DynamoDB failure while checking the key → 500 internal_error, no internal message', async () => {
    // Prepare
    const apiKey = 'local-dev-key-acme';
    documentClient.on(GetCommand).rejects(new Error('internal detail: arn:aws:dynamodb:table/secret-table'));
    // Act
    const response = await callMutation({ APIKey: apiKey });
    // Assess
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      errors: [{ message: expect.any(String), extensions: { errorCode: 'internal_error' } }],
    });
    expect(JSON.stringify(response.body)).not.toContain('internal detail');
    const output = captured.join('');
    expect(output).toContain('Token request failed');
    expectAbsent([apiKey]);
  });
});
