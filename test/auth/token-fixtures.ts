import { randomUUID } from 'node:crypto';
import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent, Context } from 'aws-lambda';
import { generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/**
 * Forged and hand-made tokens for the authorizer's tests. They are signed with the same
 * key as the service (DATA_IMPORT_TOKEN_SIGNING_KEY, set by the local runtime or below),
 * so only the property under test differs from a good token.
 */
process.env.DATA_IMPORT_TOKEN_SIGNING_KEY ??= 'test-signing-key-0123456789-abcdefghijklmnop';

export const ISSUER = process.env.DATA_IMPORT_TOKEN_ISSUER || 'data-import';
export const AUDIENCE = process.env.DATA_IMPORT_TOKEN_AUDIENCE || 'data-import-api';
export const METHOD_ARN =
  'arn:aws:execute-api:eu-west-2:123456789012:abc123/prod/GET/v1/data-import/account-transfer-status/ACME/X';
export const WHOLE_API_ARN = 'arn:aws:execute-api:eu-west-2:123456789012:abc123/*';

export const serviceKey = () => new TextEncoder().encode(process.env.DATA_IMPORT_TOKEN_SIGNING_KEY);

const now = () => Math.floor(Date.now() / 1000);

export function goodClaims(overrides: JWTPayload = {}): JWTPayload {
  const iat = now();
  return {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: 'acme-etl',
    iat,
    exp: iat + 3600,
    jti: randomUUID(),
    suppliers: ['ACME'],
    ...overrides,
  };
}

/** Signs claims with HS256 (by default with the service's key). */
export function signHs256(claims: JWTPayload, key: Uint8Array = serviceKey()): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

/** An unsecured JWT (`alg: none`) carrying good claims. */
export function unsecuredToken(claims: JWTPayload = goodClaims()): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/** An RS256 token with good claims (the verifier must refuse any algorithm but HS256). */
export async function rs256Token(claims: JWTPayload = goodClaims()): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(privateKey);
}

/** Flips one character of the signature. */
export function tamperSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
  return `${header}.${payload}.${flipped}`;
}

/** Replaces the payload (e.g. widening the scope) and keeps the original signature. */
export function swapPayload(token: string, claims: JWTPayload): string {
  const [header, , signature] = token.split('.');
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

export function authorizerEvent(authorizationToken: string): APIGatewayTokenAuthorizerEvent {
  return { type: 'TOKEN', authorizationToken, methodArn: METHOD_ARN };
}

export const lambdaContext = {
  functionName: 'authorizer',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-2:123456789012:function:authorizer',
  memoryLimitInMB: '256',
  awsRequestId: 'test-request',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

export type AuthorizerHandler = (
  event: APIGatewayTokenAuthorizerEvent,
  context: Context,
) => Promise<APIGatewayAuthorizerResult>;

export function effectOf(result: APIGatewayAuthorizerResult): string | undefined {
  const [statement] = result.policyDocument.Statement;
  return statement?.Effect;
}
