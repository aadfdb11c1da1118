import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from '../../functions/auth/refusals.js';
import {
  AUDIENCE,
  type AuthorizerHandler,
  authorizerEvent,
  effectOf,
  goodClaims,
  ISSUER,
  lambdaContext,
  rs256Token,
  signHs256,
  swapPayload,
  tamperSignature,
  unsecuredToken,
  WHOLE_API_ARN,
} from './token-fixtures.js';

let handler: AuthorizerHandler;
let signToken: typeof import('../../functions/auth/tokens.js').signToken;

beforeAll(async () => {
  ({ handler } = await import('../../functions/handlers/authorizer.js'));
  ({ signToken } = await import('../../functions/auth/tokens.js'));
});

const authorize = (header: string) => handler(authorizerEvent(header), lambdaContext);

async function serviceToken(suppliers = ['ACME', 'PAUSED-CO']): Promise<string> {
  return (await signToken({ organisation: 'acme-etl', suppliers })).token;
}

describe('Rule: a valid token in `Token <jwt>` or bare form is allowed on the whole API', () => {
  it('allows `Authorization: Token <jwt>` with the organisation and its scope in the context', async () => {
    // Prepare
    const token = await serviceToken();
    // Act
    const result = await authorize(`Token ${token}`);
    // Assess
    expect(effectOf(result)).toBe('Allow');
    expect(result.principalId).toBe('acme-etl');
    expect(result.context).toEqual({ organisation: 'acme-etl', suppliers: 'ACME,PAUSED-CO' });
  });

  it('allows a bare `Authorization: <jwt>`', async () => {
    // Prepare
    const token = await serviceToken();
    // Act
    const result = await authorize(token);
    // Assess
    expect(effectOf(result)).toBe('Allow');
  });

  it('covers every route of the API, since API Gateway caches the answer per token', async () => {
    // Prepare
    const token = await serviceToken();
    // Act
    const result = await authorize(`Token ${token}`);
    // Assess
    expect(result.policyDocument.Statement).toEqual([
      { Action: 'execute-api:Invoke', Effect: 'Allow', Resource: WHOLE_API_ARN },
    ]);
  });

  it('passes an empty scope as an empty string', async () => {
    // Prepare
    const token = await serviceToken([]);
    // Act
    const result = await authorize(`Token ${token}`);
    // Assess
    expect(result.context).toEqual({ organisation: 'acme-etl', suppliers: '' });
  });
});

describe('Rule: an expired token is denied with code token_expired', () => {
  it('denies a token whose exp is in the past (signed with the service key)', async () => {
    // Prepare
    const iat = Math.floor(Date.now() / 1000) - 2 * 3600;
    const token = await signHs256(goodClaims({ iat, exp: iat + 3600 }));
    // Act
    const result = await authorize(`Token ${token}`);
    // Assess
    expect(effectOf(result)).toBe('Deny');
    expect(result.context).toEqual(REFUSALS.expired);
  });

  it('denies a token issued more than 60 minutes ago, whatever its exp says', async () => {
    // Prepare
    const iat = Math.floor(Date.now() / 1000) - 2 * 3600;
    const token = await signHs256(goodClaims({ iat, exp: iat + 10 * 3600 }));
    // Act
    const result = await authorize(token);
    // Assess
    expect(result.context).toEqual(REFUSALS.expired);
  });
});

describe('Rule: any other bad token is denied with code not_authenticated', () => {
  const cases: [string, () => Promise<string>][] = [
    ['a tampered signature', async () => `Token ${tamperSignature(await serviceToken())}`],
    [
      'a payload swapped under a valid signature (widened scope)',
      async () => `Token ${swapPayload(await serviceToken(), goodClaims({ suppliers: ['ACME', 'GLOBEX'] }))}`,
    ],
    ['an unsecured token (alg: none)', async () => `Token ${unsecuredToken()}`],
    ['an RS256 token (algorithm confusion)', async () => `Token ${await rs256Token()}`],
    [
      'an HS256 token signed with another key',
      async () => `Token ${await signHs256(goodClaims(), new TextEncoder().encode('x'.repeat(48)))}`,
    ],
    ['a wrong issuer', async () => `Token ${await signHs256(goodClaims({ iss: `${ISSUER}-other` }))}`],
    ['a wrong audience', async () => `Token ${await signHs256(goodClaims({ aud: `${AUDIENCE}-other` }))}`],
    [
      'an issue time in the future',
      async () => {
        const iat = Math.floor(Date.now() / 1000) + 600;
        return `Token ${await signHs256(goodClaims({ iat, exp: iat + 3600 }))}`;
      },
    ],
    [
      'a not-before time in the future',
      async () => `Token ${await signHs256(goodClaims({ nbf: Math.floor(Date.now() / 1000) + 600 }))}`,
    ],
    ['no suppliers claim', async () => `Token ${await signHs256(goodClaims({ suppliers: undefined }))}`],
    ['no subject', async () => `Token ${await signHs256(goodClaims({ sub: undefined }))}`],
    ['no expiry', async () => `Token ${await signHs256(goodClaims({ exp: undefined }))}`],
    ['garbage', async () => 'Token not-a-jwt'],
    ['three dots of garbage', async () => 'a.b.c'],
  ];

  it.each(cases)('denies %s, saying the token is not valid', async (_name, header) => {
    // Prepare
    const value = await header();
    // Act
    const result = await authorize(value);
    // Assess
    expect(effectOf(result)).toBe('Deny');
    expect(result.principalId).toBe('anonymous');
    expect(result.context).toEqual(REFUSALS.invalid_token);
  });
});

describe('Rule: a denial names its cause and the fix in its detail', () => {
  it.each([
    ['Bearer instead of Token', async () => `Bearer ${await serviceToken()}`, REFUSALS.wrong_scheme],
    ['extra words', async () => `Token ${await serviceToken()} extra`, REFUSALS.wrong_scheme],
    ['the word Token alone', async () => 'Token', REFUSALS.wrong_scheme],
    ['whitespace only', async () => '   ', REFUSALS.missing_header],
  ])('denies %s with its own detail', async (_name, header, refusal) => {
    // Act
    const result = await authorize(await header());
    // Assess
    expect(effectOf(result)).toBe('Deny');
    expect(result.context).toEqual(refusal);
  });

  it('says which scheme to use when another one is sent', () => {
    // Assess
    expect(REFUSALS.wrong_scheme.detail).toContain('Token <token>');
    expect(REFUSALS.wrong_scheme.detail).toContain('Bearer');
  });

  it('writes every detail so that API Gateway can put it inside a JSON string unescaped', () => {
    // Assess
    for (const { detail } of Object.values(REFUSALS)) {
      expect(JSON.stringify(detail)).toBe(`"${detail}"`);
      expect(detail).not.toMatch(/[$#]/);
    }
  });
});
