import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from '../../functions/auth/refusals.js';
import { authorization, obtainServiceToken, obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import {
  AUDIENCE,
  goodClaims,
  ISSUER,
  rs256Token,
  signHs256,
  tamperSignature,
  unsecuredToken,
} from './token-fixtures.js';

const STATUS_PATH = '/v1/data-import/account-transfer-status/ACME/NOPE/';
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('Rule: an API key obtains a token that the REST API accepts', () => {
  it('a seeded key → token → GET account-transfer-status answers 404, not 401', async () => {
    // Prepare
    const { token } = await obtainServiceToken({ APIKey: 'local-dev-key-acme' });
    // Act
    const response = await api('GET', STATUS_PATH, { headers: authorization(token) });
    // Assess
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('import_process_does_not_exist');
  });

  it('accepts the bare `Authorization: <token>` form too', async () => {
    // Prepare
    const token = await obtainToken();
    // Act
    const response = await api('GET', STATUS_PATH, { headers: { Authorization: token } });
    // Assess
    expect(response.status).toBe(404);
  });

  it('returns the claims iss, aud, sub, iat, exp (60 minutes), jti and the supplier scope', async () => {
    // Prepare
    const before = nowSeconds();
    // Act
    const obtained = await obtainServiceToken({ APIKey: 'local-dev-key-acme' });
    // Assess
    const { payload } = obtained;
    expect(payload).toMatchObject({ iss: ISSUER, aud: AUDIENCE, sub: 'acme-etl' });
    expect(payload.suppliers).toEqual(['ACME', 'PAUSED-CO', 'DONE-CO']);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(3600);
    expect(Number(payload.iat)).toBeGreaterThanOrEqual(before - 1);
    expect(typeof payload.jti).toBe('string');
    const [, claims] = obtained.token.split('.');
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toEqual(payload);
  });

  it('returns a refresh token that expires in 7 days (Unix time)', async () => {
    // Prepare
    const before = nowSeconds();
    // Act
    const obtained = await obtainServiceToken({ APIKey: 'local-dev-key-acme' });
    // Assess
    expect(obtained.refreshToken).toMatch(/^dirt_[A-Za-z0-9_-]{43}$/);
    expect(obtained.refreshExpiresIn).toBeGreaterThanOrEqual(before + 7 * 86400 - 1);
    expect(obtained.refreshExpiresIn).toBeLessThanOrEqual(nowSeconds() + 7 * 86400 + 1);
  });
});

describe('Rule: a refresh returns a fresh pair, and the used refresh token stops working', () => {
  let first: Awaited<ReturnType<typeof obtainServiceToken>>;
  beforeAll(async () => {
    first = await obtainServiceToken({ APIKey: 'local-dev-key-acme' });
  });

  it('refresh → a new token that the REST API accepts, and a new refresh token', async () => {
    // Prepare
    const used = first.refreshToken;
    // Act
    const refreshed = await obtainServiceToken({ refreshToken: used });
    const response = await api('GET', STATUS_PATH, { headers: authorization(refreshed.token) });
    // Assess
    expect(response.status).toBe(404);
    expect(refreshed.token).not.toBe(first.token);
    expect(refreshed.refreshToken).not.toBe(used);
    expect(refreshed.payload.sub).toBe('acme-etl');
    // The used refresh token is spent (rotation).
    await expect(obtainServiceToken({ refreshToken: used })).rejects.toThrow('invalid_refresh_token');
  });

  it('the same refresh token sent twice at once yields exactly one new pair', async () => {
    // Prepare
    const { refreshToken } = await obtainServiceToken({ APIKey: 'local-dev-key-acme' });
    // Act
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => obtainServiceToken({ refreshToken })),
    );
    // Assess
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      expect(String((outcome as PromiseRejectedResult).reason)).toContain('invalid_refresh_token');
    }
  });

  it('an unknown refresh token gives invalid_refresh_token', async () => {
    // Prepare
    const unknown = 'dirt_this-was-never-issued-by-the-service-0000000';
    // Act
    const attempt = obtainServiceToken({ refreshToken: unknown });
    // Assess
    await expect(attempt).rejects.toThrow('invalid_refresh_token');
  });
});

describe('Rule: an expired token gets 401 token_expired', () => {
  it('refuses a token signed with the service key whose iat and exp lie in the past (fake clock)', async () => {
    // Prepare
    const iat = nowSeconds() - 3 * 3600;
    const expired = await signHs256(goodClaims({ iat, exp: iat + 3600 }));
    // Act
    const response = await api('GET', STATUS_PATH, { headers: authorization(expired) });
    // Assess
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ detail: expect.any(String), code: 'token_expired' });
  });

  it('accepts the same hand-made token when it is still fresh (the key is right, only the clock differs)', async () => {
    // Prepare
    const fresh = await signHs256(goodClaims());
    // Act
    const response = await api('GET', STATUS_PATH, { headers: authorization(fresh) });
    // Assess
    expect(response.status).toBe(404);
  });
});

describe('Rule: a missing, malformed or forged token gets 401 not_authenticated', () => {
  const forged: [string, () => Promise<Record<string, string>>][] = [
    ['no Authorization header', async () => ({})],
    ['an empty Authorization header', async () => ({ Authorization: '' })],
    ['a garbage header', async () => ({ Authorization: 'Token !!garbage!!' })],
    ['a garbage bare header', async () => ({ Authorization: 'a.b.c' })],
    ['a tampered signature', async () => authorization(tamperSignature(await obtainToken()))],
    ['alg: none', async () => authorization(unsecuredToken())],
    ['RS256 instead of HS256', async () => authorization(await rs256Token())],
    [
      'HS256 with another key',
      async () => authorization(await signHs256(goodClaims(), new TextEncoder().encode('k'.repeat(48)))),
    ],
    ['a wrong issuer', async () => authorization(await signHs256(goodClaims({ iss: 'someone-else' })))],
    ['a wrong audience', async () => authorization(await signHs256(goodClaims({ aud: 'another-api' })))],
    [
      'a token not yet valid (nbf in the future)',
      async () => authorization(await signHs256(goodClaims({ nbf: nowSeconds() + 900 }))),
    ],
  ];

  it.each(forged)('%s → 401 not_authenticated', async (_name, headers) => {
    // Prepare
    const sent = await headers();
    // Act
    const response = await api('GET', STATUS_PATH, { headers: sent });
    // Assess
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ detail: expect.any(String), code: 'not_authenticated' });
  });
});

describe('Rule: the 401 names its cause in its detail (missing header, another scheme, not valid, expired)', () => {
  it.each([
    ['no Authorization header', async () => ({}), REFUSALS.missing_header],
    [
      'the Bearer scheme',
      async () => ({ authorization: `Bearer ${await obtainToken()}` }),
      REFUSALS.wrong_scheme,
    ],
    [
      'a token not valid',
      async () => authorization(tamperSignature(await obtainToken())),
      REFUSALS.invalid_token,
    ],
    [
      'an expired token',
      async () => {
        const iat = nowSeconds() - 2 * 3600;
        return authorization(await signHs256(goodClaims({ iat, exp: iat + 3600 })));
      },
      REFUSALS.expired,
    ],
  ])('%s → 401 with the documented code and the detail of that cause', async (_name, headers, refusal) => {
    // Act
    const response = await api('GET', STATUS_PATH, { headers: await headers() });
    // Assess
    expect(response.status).toBe(401);
    expect(response.json).toEqual(refusal);
  });
});
