import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { signingKeys } from './signing-key.js';
import {
  CLOCK_TOLERANCE_SECONDS,
  TOKEN_ALGORITHM,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  TOKEN_LIFETIME_SECONDS,
} from './token-settings.js';

/** The claims of a service token plus the supplier scope at issue time. */
export interface TokenClaims {
  iss: string;
  aud: string;
  /** The organisation the API key belongs to. */
  sub: string;
  iat: number;
  exp: number;
  jti: string;
  /** Import supplier codes the token may act for. */
  suppliers: string[];
}

export interface TokenSubject {
  organisation: string;
  suppliers: readonly string[];
}

export type VerifiedToken =
  | { valid: true; claims: TokenClaims }
  | { valid: false; reason: 'expired' | 'invalid' };

/** Signs a token for the organisation and its scope, valid for 60 minutes from `now`. */
export async function signToken(
  subject: TokenSubject,
  now: Date = new Date(),
): Promise<{ token: string; claims: TokenClaims }> {
  const { current } = await signingKeys();
  const iat = Math.floor(now.getTime() / 1000);
  const claims: TokenClaims = {
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    sub: subject.organisation,
    iat,
    exp: iat + TOKEN_LIFETIME_SECONDS,
    jti: randomUUID(),
    suppliers: [...subject.suppliers],
  };
  const token = await new SignJWT({ suppliers: claims.suppliers })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuer(claims.iss)
    .setAudience(claims.aud)
    .setSubject(claims.sub)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .setJti(claims.jti)
    .sign(current);
  return { token, claims };
}

function isClaims(payload: Record<string, unknown>): payload is Record<string, unknown> & TokenClaims {
  return (
    typeof payload.sub === 'string' &&
    payload.sub !== '' &&
    typeof payload.jti === 'string' &&
    Array.isArray(payload.suppliers) &&
    payload.suppliers.every((code) => typeof code === 'string')
  );
}

async function verifyWith(token: string, key: Uint8Array, now: Date | undefined) {
  return jwtVerify(token, key, {
    algorithms: [TOKEN_ALGORITHM],
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    maxTokenAge: TOKEN_LIFETIME_SECONDS,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['exp', 'jti', 'sub'],
    ...(now ? { currentDate: now } : {}),
  });
}

/**
 * Verifies signature (current or previous key), algorithm, issuer, audience, expiry and
 * issue time. Never throws for a bad token: it says why the token is refused.
 */
export async function verifyToken(token: string, now?: Date): Promise<VerifiedToken> {
  const { current, previous } = await signingKeys();
  for (const key of previous ? [current, previous] : [current]) {
    try {
      const { payload } = await verifyWith(token, key, now);
      if (!isClaims(payload)) return { valid: false, reason: 'invalid' };
      const { iss, aud, sub, iat, exp, jti, suppliers } = payload;
      return { valid: true, claims: { iss, aud, sub, iat, exp, jti, suppliers } as TokenClaims };
    } catch (error) {
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) continue;
      if (error instanceof joseErrors.JWTExpired) return { valid: false, reason: 'expired' };
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        return { valid: false, reason: 'invalid' };
      }
      throw error;
    }
  }
  return { valid: false, reason: 'invalid' };
}
