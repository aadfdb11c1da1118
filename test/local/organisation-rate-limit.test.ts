import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, startApiServer } from '../../infra/local/api-server.js';

/**
 * A local API server with a low per-organisation limit (one request per ten seconds, burst 2: no refill during the test), the
 * real route table, a stand-in authorizer (the token names the organisation) and a stand-in
 * handler: what is tested is the server's limit, after the authorizer and before the function.
 */
describe('The local API limits each organisation: 429 {"detail", "code": "throttled"} with Retry-After', () => {
  let server: ApiServer;
  const policy = (organisation: string): APIGatewayAuthorizerResult => ({
    principalId: organisation,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: 'execute-api:Invoke', Resource: 'arn:aws:execute-api:*' }],
    },
    context: { organisation, suppliers: 'ACME' },
  });
  const modules: Record<string, unknown> = {
    authorizer: {
      handler: async (event: APIGatewayTokenAuthorizerEvent) =>
        policy(event.authorizationToken.replace(/^Token /, '')),
    },
  };

  beforeAll(async () => {
    server = await startApiServer({
      port: 0,
      rateLimit: { ratePerSecond: 0.1, burst: 2 },
      loadHandler: async (id) => modules[id] ?? { handler: async () => ({ statusCode: 200, body: '{}' }) },
    });
  });
  afterAll(() => server.stop());

  const status = (organisation: string) =>
    fetch(`${server.url}/v1/data-import/account-transfer-status/ACME/1/`, {
      headers: { authorization: `Token ${organisation}` },
    });

  it('answers 429 throttled with Retry-After once an organisation exceeds its burst, and another organisation is not affected', async () => {
    // Act
    const burst = [await status('acme'), await status('acme')];
    const over = await status('acme');
    const other = await status('globex');
    // Assess
    expect(burst.map((response) => response.status)).toEqual([200, 200]);
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ detail: 'Too many requests; retry later.', code: 'throttled' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(other.status).toBe(200);
  });

  it('does not count requests the authorizer refuses (no Authorization header: 401)', async () => {
    // Act
    const unauthenticated = await fetch(`${server.url}/v1/data-import/account-transfer-status/ACME/1/`);
    // Assess
    expect(unauthenticated.status).toBe(401);
  });
});
